/**
 * `offers.showAt()` and its one wait: the known offers used at once and refreshed in the background
 * when the last refresh is older than `offersAutoRefresh.minIntervalMs` (stale-while-revalidate);
 * with nothing fetched for the player, one refresh awaited within `offerRules.waitMs`; the image
 * given what is left of it; the decision made again after the waits (gameplay started, the page
 * hidden, another offer on screen: nothing drawn, skipped); an abort during either wait rejects.
 * Memory client, happy-dom, fake timers (the budget is measured on `performance.now()`), the
 * headless adapter with a `prepare` the test controls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, type ClientOptions, type OfferView, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const NO_GRACE = { sessionGraceMs: 0 } as const;
const WITH_IMAGE = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', image: 'https://cdn.example.com/p.png', title: 'For you' } } };
const NO_IMAGE = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', title: 'For you' } } };

interface Setup {
  /** Milliseconds each GET /offers takes ('never': it never answers); read at each request. */
  getMs?: number | 'never';
  /** GET /offers answers 400 (a failure no device copy stands in for). */
  getFails?: boolean;
  image?: boolean;
  options?: Partial<ClientOptions>;
}

let tp: TpClient | undefined;

/**
 * A client whose GET /offers answers as `setup` says (changeable later), with a `prepare` the test
 * answers; records GETs, `open` records, first-open updates, `offer:open`, `offer:skipped`, errors.
 */
function client(setup: Setup = {}) {
  const gets: number[] = [];
  const firstOpens: number[] = [];
  const openRecords: number[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if ((init?.method ?? 'GET') === 'GET' && url.includes('/offers')) {
      gets.push(Date.now());
      const ms = setup.getMs ?? 0;
      if (ms === 'never') return new Promise<Response>(() => undefined);
      if (ms > 0) await new Promise((r) => setTimeout(r, ms));
      if (setup.getFails) return new Response(JSON.stringify({ status: 400, reason: 'Bad Request' }), { status: 400 });
    } else if (init?.method === 'POST' && url.endsWith('/offers')) firstOpens.push(Date.now());
    return okEnvelope([offerRecord(1, setup.image === false ? NO_IMAGE : WITH_IMAGE)]);
  };
  const prepares: { view: OfferView; signal: AbortSignal; resolve: () => void }[] = [];
  const ui = createHeadlessAdapter({ prepare: (view, { signal }) => new Promise<void>((resolve) => void prepares.push({ view, signal, resolve })) });
  const made = createClient({
    ...memoryClientOptions(fetchImpl),
    ui,
    offerRules: NO_GRACE,
    beforeSend: (objectName, record) => {
      if (objectName === 'players_offers' && record.message_status === 'open') openRecords.push(Date.now());
      return undefined;
    },
    ...setup.options,
  });
  tp = made as TpClient;
  const opened: number[] = [];
  const skipped: unknown[] = [];
  const errors: unknown[] = [];
  made.on('offer:open', () => void opened.push(Date.now()));
  made.on('offer:skipped', (event) => void skipped.push(event));
  made.on('error', (error) => void errors.push(error));
  return { tp: made, ui, gets, firstOpens, openRecords, prepares, opened, skipped, errors, setup };
}

/** Runs what is due now (promises, zero timers), without moving the clock. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] }));
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await tp?.shutdown();
  tp = undefined;
});

describe('showAt: stale-while-revalidate', () => {
  it('refreshes in the background only when the last refresh is older than minIntervalMs, and never waits for it', async () => {
    const c = client({ image: false });
    await c.tp.offers.refresh();
    expect(c.gets).toHaveLength(1);
    // Fresh (in gameplay, so nothing is shown either): no request.
    c.tp.gameplayStart();
    await vi.advanceTimersByTimeAsync(299_999);
    await expect(c.tp.offers.showAt('x')).resolves.toMatchObject({ reason: 'in-gameplay' });
    await flush();
    expect(c.gets).toHaveLength(1);
    c.tp.gameplayStop();
    // Stale, and the service never answers: the known offer is shown at once all the same.
    await vi.advanceTimersByTimeAsync(1);
    c.setup.getMs = 'never';
    const start = Date.now();
    const shown = c.tp.offers.showAt('x');
    await flush();
    expect(c.gets).toHaveLength(2);
    expect(c.ui.current).toBeDefined();
    expect(c.opened.at(-1)).toBe(start);
    c.ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  });

  it('a background refresh that fails is an error event, not a rejection of showAt', async () => {
    const c = client({ image: false, options: { offersAutoRefresh: { minIntervalMs: 1_000 } } });
    await c.tp.offers.refresh();
    await vi.advanceTimersByTimeAsync(1_000);
    c.setup.getFails = true;
    const shown = c.tp.offers.showAt('x');
    await vi.waitFor(() => expect(c.ui.current).toBeDefined());
    await flush();
    expect(c.gets).toHaveLength(2);
    expect(c.errors).toHaveLength(1);
    c.ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  });
});

describe('showAt: the first refresh, within waitMs', () => {
  it('with nothing fetched for the player, waits for one refresh and shows its offer', async () => {
    const c = client({ image: false, getMs: 1_000 });
    const start = Date.now();
    const shown = c.tp.offers.showAt('x');
    await vi.advanceTimersByTimeAsync(999);
    expect(c.ui.current).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    expect(c.opened).toEqual([start + 1_000]);
    expect(c.gets).toHaveLength(1);
    c.ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  });

  it('a service answering after waitMs: skipped no-offer at waitMs, not later; its offers are known afterwards', async () => {
    const c = client({ image: false, getMs: 5_000 });
    const start = Date.now();
    let settledAt: number | undefined;
    const shown = c.tp.offers.showAt('x').finally(() => (settledAt = Date.now()));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settledAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(settledAt).toBe(start + 3_000);
    await expect(shown).resolves.toMatchObject({ action: 'skipped', reason: 'no-offer' });
    expect(c.skipped).toEqual([expect.objectContaining({ reason: 'no-offer' })]);
    // The refresh went on in the background.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.tp.offers.explain('x')).toMatchObject({ action: 'show' });
  });

  it('one budget: the image gets what the refresh left', async () => {
    const c = client({ getMs: 1_000 });
    const start = Date.now();
    void c.tp.offers.showAt('x');
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(c.prepares).toHaveLength(1); // the image never loads
    await vi.advanceTimersByTimeAsync(start + 2_999 - Date.now());
    expect(c.ui.current).toBeUndefined();
    await vi.advanceTimersByTimeAsync(start + 3_000 - Date.now());
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.opened[0]).toBe(start + 3_000);
    expect(c.ui.current!.imageState).toBe('failed');
    expect(c.prepares[0]!.signal.aborted).toBe(true);
  });
});

describe('showAt: the decision made again after the wait', () => {
  it('gameplayStart() while the image loads: nothing presented or opened, skipped in-gameplay, the load abandoned', async () => {
    const c = client();
    await c.tp.offers.refresh();
    const shown = c.tp.offers.showAt('x');
    await flush();
    expect(c.prepares).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    c.tp.gameplayStart();
    await expect(shown).resolves.toMatchObject({ action: 'skipped', placement: 'x', reason: 'in-gameplay', candidates: [{ offerId: 1 }] });
    expect(c.skipped).toEqual([expect.objectContaining({ placement: 'x', reason: 'in-gameplay' })]);
    expect(c.prepares[0]!.signal.aborted).toBe(true);
    // The image's late load inserts nothing.
    c.prepares[0]!.resolve();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(c.ui.current).toBeUndefined();
    expect(c.opened).toEqual([]);
    expect(c.openRecords).toEqual([]);
    expect(c.firstOpens).toEqual([]);
    // At the next break it shows.
    c.tp.gameplayStop();
    void c.tp.offers.showAt('x');
    await flush();
    c.prepares[1]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
  });

  it('the page hidden when the image is ready: skipped hidden, nothing presented', async () => {
    const c = client();
    await c.tp.offers.refresh();
    const shown = c.tp.offers.showAt('x');
    await flush();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    c.prepares[0]!.resolve();
    await expect(shown).resolves.toMatchObject({ action: 'skipped', reason: 'hidden' });
    expect(c.ui.current).toBeUndefined();
    expect(c.opened).toEqual([]);
  });

  it('gameplayStart() during the first refresh: skipped in-gameplay at once, not at waitMs', async () => {
    const c = client({ image: false, getMs: 'never' });
    const start = Date.now();
    const shown = c.tp.offers.showAt('x');
    await vi.advanceTimersByTimeAsync(200);
    c.tp.gameplayStart();
    await flush();
    await expect(shown).resolves.toMatchObject({ action: 'skipped', reason: 'in-gameplay' });
    expect(Date.now()).toBe(start + 200);
  });

  it('show() of the game during the first refresh: skipped busy, the game’s offer stays', async () => {
    const c = client({ image: false, getMs: 1_000 });
    const shown = c.tp.offers.showAt('x');
    await flush();
    // The game's own refresh joins the one on the wire, then it shows the offer itself.
    const own = c.tp.offers.refresh().then(() => c.tp.offers.show(1));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(shown).resolves.toMatchObject({ action: 'skipped', reason: 'busy' });
    expect(c.gets).toHaveLength(1);
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    c.ui.current!.dismiss();
    await expect(own).resolves.toMatchObject({ action: 'dismiss' });
  });

  it('show() is not gated: gameplayStart() while its image loads still presents it', async () => {
    const c = client();
    await c.tp.offers.refresh();
    void c.tp.offers.show(1);
    await flush();
    c.tp.gameplayStart();
    c.prepares[0]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
  });
});

describe('showAt: abort during the wait', () => {
  it('during the first refresh, and during the image: rejects with the reason, nothing drawn', async () => {
    const c = client({ getMs: 1_000 });
    const refreshing = new AbortController();
    const first = c.tp.offers.showAt('x', { signal: refreshing.signal });
    await vi.advanceTimersByTimeAsync(500);
    refreshing.abort(new Error('scene change'));
    await expect(first).rejects.toThrow('scene change');
    await vi.advanceTimersByTimeAsync(500);
    expect(c.prepares).toEqual([]);

    const loading = new AbortController();
    const second = c.tp.offers.showAt('x', { signal: loading.signal });
    await flush();
    expect(c.prepares).toHaveLength(1);
    loading.abort(new Error('match start'));
    await expect(second).rejects.toThrow('match start');
    expect(c.prepares[0]!.signal.aborted).toBe(true);
    c.prepares[0]!.resolve();
    await flush();
    expect(c.ui.current).toBeUndefined();
    expect(c.opened).toEqual([]);
  });
});
