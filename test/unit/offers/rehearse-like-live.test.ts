/**
 * A rehearsal decides as the live client does: one script run through a memory client (happy-dom,
 * fake timers, the headless adapter; its decisions read from `offer:placed` and `offer:skipped`)
 * and through `rehearseOffers` gives the same decisions.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, rehearseOffers, type OfferRules, type RehearsalDecision, type RehearsalStep, type TpClient } from '../../../src/index.js';
import { NOW_MS, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const START = NOW_MS + 10 * 3_600_000;
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody), offerRecord(3, personalizedBody)];
const RULES: OfferRules = {
  sessionGraceMs: 10_000,
  minIntervalMs: 30_000,
  maxPerSession: 2,
  placements: { 'game-over': {}, 'stage-clear': {}, shop: {} },
  triggers: [
    { on: 'characters_stages', when: (r) => r.stage_result === 'clear', placement: 'stage-clear' },
    { on: 'characters_stages', placement: 'shop' },
  ],
};
const CLEAR = { character_slug: 'knight', stage_slug: 's-1', stage_result: 'clear' };
const FAIL = { ...CLEAR, stage_result: 'fail' };
const at = (placement: string) => ({ step: 'showAt', placement }) as const;
const track = (record: Record<string, unknown>) => ({ step: 'track', kind: 'characters_stages', record }) as const;
const advance = (ms: number) => ({ step: 'advance', ms }) as const;

const SCRIPT: RehearsalStep[] = [
  at('game-over'), // grace
  advance(10_000),
  at('game-over'), // shown
  at('game-over'), // busy
  { step: 'react', action: 'dismiss' },
  { step: 'gameplayStart' },
  track(FAIL), // shop waits
  advance(20_000),
  track(CLEAR), // stage-clear waits, shop superseded
  advance(25_000),
  { step: 'gameplayStop' }, // both run: the second finds the first deciding
  { step: 'react', action: 'interact' },
  advance(60_000),
  at('game-over'), // capped per session
  { step: 'gameplayStart' },
  track(FAIL),
  advance(31_000), // stale
  { step: 'gameplayStop' },
  { step: 'hide' },
  at('shop'), // hidden
  advance(1_800_000), // the session times out
  { step: 'show' },
  at('game-over'), // a new session: its grace
  advance(10_000),
  at('game-over'),
];

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
  const ui = createHeadlessAdapter();
  const made = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), ui, offerRules: RULES });
  tp = made as TpClient;
  const decisions: RehearsalDecision[] = [];
  made.on('offer:placed', ({ placement, offer, trigger }) => void decisions.push({ at: Date.now(), placement, ...(trigger && { trigger }), outcome: 'shown', offerId: offer.offer_id }));
  made.on('offer:skipped', ({ placement, reason, cap, candidates, trigger }) =>
    void decisions.push({ at: Date.now(), placement, ...(trigger && { trigger }), outcome: 'skipped', reason, ...(cap && { cap }), candidates }),
  );
  await made.offers.refresh();
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  const visible = (state: 'visible' | 'hidden'): void => {
    visibility.mockReturnValue(state);
    document.dispatchEvent(new Event('visibilitychange'));
  };
  for (const step of script) {
    if (step.step === 'advance') await vi.advanceTimersByTimeAsync(step.ms);
    else if (step.step === 'track') made.track(step.kind, step.record as never);
    else if (step.step === 'showAt') void made.offers.showAt(step.placement).catch(() => undefined);
    else if (step.step === 'gameplayStart') made.gameplayStart();
    else if (step.step === 'gameplayStop') made.gameplayStop();
    else if (step.step === 'hide') visible('hidden');
    else if (step.step === 'show') visible('visible');
    else if (step.step === 'react') ui.current?.[step.action === 'dismiss' ? 'dismiss' : 'interact']();
    else throw new Error(`no live equivalent of ${step.step}`);
    await vi.advanceTimersByTimeAsync(0);
  }
  return decisions;
}

it('gives the decisions of a live client for the same script', async () => {
  const rehearsed = rehearseOffers({ offers: OFFERS, rules: RULES, playerSlug: 'p-1', platform: 'web', start: START, script: SCRIPT });
  expect(rehearsed.map((d) => d.outcome === 'shown' ? d.offerId : d.reason)).toEqual(['capped', 1, 'busy', 'superseded', 'busy', 2, 'capped', 'stale', 'hidden', 'capped', 3]);
  expect(await live(SCRIPT)).toEqual(rehearsed);
});
