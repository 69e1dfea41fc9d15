/**
 * An offer on screen with a validity end has a timer that closes it `expired` then (it may be an
 * hour, or days, away). However the offer ends before, its timer goes with it: over a session of
 * hundreds of offers, none is left waiting (each would hold its closed view until it fired).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createClient, type HeadlessAdapter } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

afterEach(() => {
  vi.useRealTimers();
});

it('no expiry timer is left after 60 offers ended every way before their validity ran out', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let active = 1;
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody, { valid_until: '2026-01-01 13:00:00', is_offer_active: active })]));
  const tp = createClient({ ...options, now: () => Date.UTC(2026, 0, 1, 12) }); // an hour before
  const ui = options.ui as HeadlessAdapter;
  const ways: Array<(abort: AbortController) => unknown> = [
    () => ui.current!.dismiss(),
    () => ui.current!.interact(),
    () => ui.close(), // the game's scene change
    (abort) => abort.abort(),
    () => tp.identify('p-2'),
    async () => {
      active = 0;
      await tp.offers.refresh();
      active = 1;
    },
  ];
  const outcomes: string[] = [];
  const round = async (i: number): Promise<void> => {
    tp.identify('p-1');
    await tp.offers.refresh();
    const abort = new AbortController();
    const presented = new Promise<void>((resolve) => {
      const stop = ui.onPresent(() => (stop(), resolve()));
    });
    const shown = tp.offers.show(1, { signal: abort.signal }).then(
      (o) => o.action,
      (e: Error) => e.name,
    );
    await presented;
    expect(vi.getTimerCount()).toBeGreaterThan(0); // the offer's own, at least
    await ways[i % ways.length]!(abort);
    outcomes.push(await shown);
  };
  try {
    await tp.flush(); // settles the client's start
    const idle = vi.getTimerCount(); // the session's next look at its record
    expect(idle).toBe(1);
    for (let i = 0; i < 6; i++) await round(i);
    const after6 = vi.getTimerCount();
    for (let i = 6; i < 60; i++) await round(i);
    expect(outcomes.slice(0, 6)).toEqual(['dismiss', 'interact', 'closed', 'AbortError', 'closed', 'expired']);
    expect(vi.getTimerCount()).toBe(after6);
    expect(after6).toBe(idle);
  } finally {
    await tp.shutdown();
  }
});
