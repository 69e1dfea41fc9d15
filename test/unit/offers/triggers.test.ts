/**
 * `offerRules.triggers` at run time: a record `track()` accepts asks for `showAt(placement)` after
 * `track()` returns; in gameplay or a hidden page the request waits (one per placement, the newest,
 * at most 30 s) for `gameplayStop()` or the page becoming visible. Memory client, happy-dom, fake
 * timers, the headless adapter.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, TpError, type OfferRules, type OfferSkippedEvent, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
const CLEAR = { character_slug: 'knight', stage_slug: 's-1', stage_result: 'clear' } as const;
const FAIL = { character_slug: 'knight', stage_slug: 's-1', stage_result: 'fail' } as const;

let tp: TpClient | undefined;
async function client(offerRules: OfferRules) {
  const ui = createHeadlessAdapter();
  const present = vi.spyOn(ui, 'present');
  const made = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), ui, offerRules: { sessionGraceMs: 0, minIntervalMs: 0, ...offerRules } });
  tp = made as TpClient;
  const skipped: OfferSkippedEvent[] = [];
  const errors: unknown[] = [];
  made.on('offer:skipped', (event) => void skipped.push(event));
  made.on('error', (error) => void errors.push(error));
  await made.offers.refresh();
  return { tp: made, ui, present, skipped, errors };
}

/** Lets the microtasks and the engine's awaits run. */
const settle = async (): Promise<void> => void (await vi.advanceTimersByTimeAsync(0));

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await tp?.shutdown();
  tp = undefined;
});

describe('trigger matching', () => {
  const throws = (): boolean => {
    throw new Error('bad when');
  };
  it.each([
    { name: 'no when: every record of the kind', when: undefined, record: FAIL, shows: true, error: false },
    { name: 'when true', when: (r: { stage_result?: string | null }) => r.stage_result === 'clear', record: CLEAR, shows: true, error: false },
    { name: 'when false', when: (r: { stage_result?: string | null }) => r.stage_result === 'clear', record: FAIL, shows: false, error: false },
    { name: 'when throws: an error event, no trigger', when: throws, record: CLEAR, shows: false, error: true },
  ])('$name', async ({ when, record, shows, error }) => {
    const c = await client({ triggers: [{ on: 'characters_stages', placement: 'stage-clear', ...(when && { when }) }] });
    expect(c.tp.track('characters_stages', record)).toBe(true);
    await settle();
    expect(c.ui.current?.offerId).toBe(shows ? 1 : undefined);
    expect(c.errors).toHaveLength(error ? 1 : 0);
    if (error) expect((c.errors[0] as TpError).message).toContain('offerRules.triggers[0].when threw');
  });

  it('another record kind does not trigger', async () => {
    const c = await client({ triggers: [{ on: 'characters_stages', placement: 'stage-clear' }] });
    c.tp.track('players_stages', { stage_slug: 's-1', stage_result: 'clear' });
    await settle();
    expect(c.present).not.toHaveBeenCalled();
    expect(c.skipped).toEqual([]);
  });

  it('a record track() refuses does not trigger', async () => {
    const when = vi.fn(() => true);
    const c = await client({ triggers: [{ on: 'characters_stages', when, placement: 'stage-clear' }] });
    expect(c.tp.track('characters_stages', { character_slug: 'knight', stage_slug: 42 } as never)).toBe(false);
    await settle();
    expect(when).not.toHaveBeenCalled();
    expect(c.present).not.toHaveBeenCalled();
  });
});

describe('triggers run outside track()', () => {
  it('neither when, nor the decision, nor the adapter run inside track()', async () => {
    const when = vi.fn(() => true);
    const c = await client({ triggers: [{ on: 'characters_stages', when, placement: 'stage-clear' }] });
    // An offer on screen: a showAt made inside track() would emit its `busy` skip on that call.
    const onScreen = c.tp.offers.show(2);
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(2));
    c.present.mockClear();
    c.tp.track('characters_stages', CLEAR);
    expect(when).not.toHaveBeenCalled();
    expect(c.skipped).toEqual([]);
    expect(c.present).not.toHaveBeenCalled();
    await settle();
    expect(when).toHaveBeenCalledOnce();
    expect(c.skipped).toEqual([{ placement: 'stage-clear', reason: 'busy', candidates: expect.any(Array), trigger: { index: 0, on: 'characters_stages', placement: 'stage-clear' } }]);
    c.ui.current!.dismiss();
    await onScreen;
  });
});

describe('a trigger in gameplay or a hidden page waits', () => {
  const RULES: OfferRules = { triggers: [{ on: 'characters_stages', placement: 'stage-clear' }, { on: 'players_stages', placement: 'stage-clear' }] };

  it('in gameplay: nothing is shown, then once at gameplayStop()', async () => {
    const c = await client(RULES);
    c.tp.gameplayStart();
    c.tp.track('characters_stages', CLEAR);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(c.present).not.toHaveBeenCalled();
    expect(c.skipped).toEqual([]);
    c.tp.gameplayStop();
    expect(c.present).not.toHaveBeenCalled(); // not inside gameplayStop()
    await settle();
    expect(c.present).toHaveBeenCalledOnce();
    expect(c.ui.current?.offerId).toBe(1);
    c.ui.current!.dismiss();
    c.tp.gameplayStart();
    c.tp.gameplayStop();
    await settle();
    expect(c.present).toHaveBeenCalledOnce();
  });

  it('the waiting trigger runs after gameplayStop() returns, not inside it', async () => {
    const c = await client(RULES);
    const onScreen = c.tp.offers.show(2); // the game's own: its triggered showAt will be busy
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(2));
    c.tp.gameplayStart();
    c.tp.track('characters_stages', CLEAR);
    await settle();
    c.tp.gameplayStop();
    expect(c.skipped).toEqual([]);
    await settle();
    expect(c.skipped).toMatchObject([{ reason: 'busy', trigger: { index: 0 } }]);
    c.ui.current!.dismiss();
    await onScreen;
  });

  it('two triggers for one placement keep the newest: the older is skipped superseded', async () => {
    const c = await client(RULES);
    c.tp.gameplayStart();
    c.tp.track('characters_stages', CLEAR);
    await settle();
    c.tp.track('players_stages', { stage_slug: 's-1', stage_result: 'clear' });
    await settle();
    expect(c.skipped).toEqual([{ placement: 'stage-clear', reason: 'superseded', candidates: [], trigger: { index: 0, on: 'characters_stages', placement: 'stage-clear' } }]);
    c.tp.gameplayStop();
    await settle();
    expect(c.present).toHaveBeenCalledOnce();
    expect(c.skipped).toHaveLength(1);
  });

  it('one waiting 30 s is dropped: skipped stale, nothing shown at gameplayStop()', async () => {
    const c = await client(RULES);
    c.tp.gameplayStart();
    c.tp.track('characters_stages', CLEAR);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(c.skipped).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.skipped).toEqual([{ placement: 'stage-clear', reason: 'stale', candidates: [], trigger: { index: 0, on: 'characters_stages', placement: 'stage-clear' } }]);
    c.tp.gameplayStop();
    await settle();
    expect(c.present).not.toHaveBeenCalled();
  });

  it('one whose timer was held back (a background tab) is stale when it would run', async () => {
    let now = Date.UTC(2026, 0, 1);
    const ui = createHeadlessAdapter();
    const present = vi.spyOn(ui, 'present');
    const made = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), ui, now: () => now, offerRules: { sessionGraceMs: 0, ...RULES } });
    tp = made as TpClient;
    const skipped: OfferSkippedEvent[] = [];
    made.on('offer:skipped', (event) => void skipped.push(event));
    await made.offers.refresh();
    made.gameplayStart();
    made.track('characters_stages', CLEAR);
    await settle();
    now += 31_000; // the device clock moved on; the timer has not fired
    made.gameplayStop();
    await settle();
    expect(present).not.toHaveBeenCalled();
    expect(skipped).toMatchObject([{ reason: 'stale', trigger: { index: 0 } }]);
  });

  it('in a hidden page: waits until the page is visible', async () => {
    const c = await client(RULES);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    c.tp.track('characters_stages', CLEAR);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.present).not.toHaveBeenCalled();
    expect(c.skipped).toEqual([]);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(c.present).toHaveBeenCalledOnce();
    expect(c.ui.current?.offerId).toBe(1);
  });

  it('a skip of a triggered showAt names its trigger', async () => {
    const c = await client({ ...RULES, maxPerSession: 0 });
    c.tp.track('players_stages', { stage_slug: 's-1', stage_result: 'clear' });
    await settle();
    expect(c.skipped).toMatchObject([{ placement: 'stage-clear', reason: 'capped', trigger: { index: 1, on: 'players_stages', placement: 'stage-clear' } }]);
  });

  it('nothing waits or runs after shutdown()', async () => {
    const c = await client(RULES);
    c.tp.gameplayStart();
    c.tp.track('characters_stages', CLEAR);
    await settle();
    await c.tp.shutdown();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(c.skipped).toEqual([]);
    expect(c.present).not.toHaveBeenCalled();
  });
});
