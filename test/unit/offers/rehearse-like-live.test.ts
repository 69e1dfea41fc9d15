/**
 * A rehearsal decides as the live client does: one script run through a memory client (happy-dom,
 * fake timers, the headless adapter; its decisions read from `offer:placed` and `offer:skipped`)
 * and through `rehearseOffers` gives the same decisions.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { rehearseOffers, type RehearsalDecision, type RehearsalStep, type TpClient } from '../../../src/index.js';
import { liveSession, OFFERS, RULES, SCRIPT, START } from '../../support/rehearsal-live.js';

let tp: TpClient | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await tp?.shutdown();
  tp = undefined;
});

/** Runs `script` through a live client; its decisions, from its events. */
async function live(script: readonly RehearsalStep[]): Promise<RehearsalDecision[]> {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  await session.run(script);
  return session.decisions;
}

it('gives the decisions of a live client for the same script', async () => {
  const rehearsed = rehearseOffers({ offers: OFFERS, rules: RULES, playerSlug: 'p-1', platform: 'web', start: START, script: SCRIPT });
  expect(rehearsed.map((d) => d.outcome === 'shown' ? d.offerId : d.reason)).toEqual(['capped', 1, 'busy', 'superseded', 'busy', 2, 'capped', 'stale', 'hidden', 'capped', 3]);
  expect(await live(SCRIPT)).toEqual(rehearsed);
});
