/**
 * `offers.show()` waits for the adapter's `prepare` within 3000 ms, then presents, then reports
 * `open`, and sets the view's `imageState`; `show()`'s signal cancels the wait; `offerImages.resolve`
 * maps or drops an image, and one that throws is an `error` event. Memory client, happy-dom, fake
 * timers, the headless adapter with a `prepare` the test controls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, createClient, createHeadlessAdapter, type OfferView, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const IMAGE = 'https://cdn.example.com/p.png';

/** A prepare that resolves or rejects when the test says, and the signals it got. */
function controlledPrepare() {
  const calls: { view: OfferView; signal: AbortSignal; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const prepare = (view: OfferView, { signal }: { signal: AbortSignal }) =>
    new Promise<void>((resolve, reject) => void calls.push({ view, signal, resolve, reject }));
  return { calls, prepare };
}

function client(options: Partial<Parameters<typeof createClient>[0]> = {}, image: string | null = IMAGE) {
  const body = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', image, title: 'For you' } } };
  const { calls, prepare } = controlledPrepare();
  const ui = createHeadlessAdapter({ prepare });
  const tp = createClient({ ...memoryClientOptions(async () => okEnvelope([offerRecord(1, body)])), ui, ...options });
  const opened: number[] = [];
  tp.on('offer:open', () => void opened.push(Date.now()));
  return { tp, ui, calls, opened };
}

/** Runs what is due now (promises, zero timers), without moving the clock. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

let tp: TpClient | undefined;

/** A client (see `client`) showing offer 1, its `prepare` asked and not yet answered. */
async function showing(options: Parameters<typeof client>[0] = {}) {
  const c = client(options);
  tp = c.tp;
  await tp.offers.refresh();
  void tp.offers.show(1);
  await flush();
  return c;
}
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  await tp?.shutdown();
  tp = undefined;
});

describe('show() and the image', () => {
  it('presents and opens once prepare resolved; imageState ready', async () => {
    const c = client();
    tp = c.tp;
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await flush();
    expect(c.calls).toHaveLength(1);
    expect(c.calls[0]!.view.imageState).toBe('loading');
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.ui.current).toBeUndefined();
    expect(c.opened).toEqual([]);
    c.calls[0]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.ui.current!.imageState).toBe('ready');
    c.ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  });

  it('past 3000 ms: presents without it (failed), and the signal given to prepare aborts', async () => {
    const c = await showing();
    expect(c.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(c.ui.current).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.calls[0]!.signal.aborted).toBe(true);
    expect(c.ui.current!.imageState).toBe('failed');
    // Resolved late: nothing changes.
    c.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.ui.current!.imageState).toBe('failed');
  });

  it('offerRules.waitMs is the budget: past 500 ms, presented without the image', async () => {
    const c = await showing({ offerRules: { waitMs: 500 } });
    await vi.advanceTimersByTimeAsync(499);
    expect(c.ui.current).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.ui.current!.imageState).toBe('failed');
  });

  it('a prepare that rejects or throws: presented at once without it', async () => {
    const c = await showing();
    expect(c.calls).toHaveLength(1);
    c.calls[0]!.reject(new Error('404'));
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.ui.current!.imageState).toBe('failed');
    await c.tp.shutdown();

    const ui = createHeadlessAdapter({
      prepare: () => {
        throw new Error('broken adapter');
      },
    });
    tp = createClient({ ...memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody)])), ui });
    const errors: unknown[] = [];
    tp.on('error', (e) => void errors.push(e));
    await tp.offers.refresh();
    void tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current?.imageState).toBe('failed'));
    // Rejecting is an image that did not load; throwing is a defect the game hears of.
    expect(errors).toHaveLength(1);
  });

  it('the image drawn, the offer dismissed later: the signal given to prepare never aborts', async () => {
    const c = client();
    tp = c.tp;
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await flush();
    c.calls[0]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    c.ui.current!.dismiss();
    await shown;
    await flush();
    expect(c.calls[0]!.signal.aborted).toBe(false);
  });

  it('a waitMs past the longest timer (2^31 ms) still waits', async () => {
    const c = await showing({ offerRules: { waitMs: 2 ** 31 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.ui.current).toBeUndefined();
    c.calls[0]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.ui.current!.imageState).toBe('ready');
  });

  it("show()'s signal aborting during the wait: nothing presented or reported, the wait cancelled, rejects with its reason", async () => {
    const c = client();
    tp = c.tp;
    await tp.offers.refresh();
    const abort = new AbortController();
    const shown = tp.offers.show(1, { signal: abort.signal });
    await flush();
    expect(c.calls).toHaveLength(1);
    abort.abort(new Error('scene changed'));
    await expect(shown).rejects.toThrow('scene changed');
    expect(c.calls[0]!.signal.aborted).toBe(true);
    expect(c.ui.current).toBeUndefined();
    expect(c.opened).toEqual([]);
    // The offer can be shown again at once.
    const again = tp.offers.show(1);
    await flush();
    expect(c.calls).toHaveLength(2);
    c.calls[1]!.resolve();
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    c.ui.current!.dismiss();
    await again;
  });

  it('no image: no wait (imageState none)', async () => {
    const c = client({}, null);
    tp = c.tp;
    await tp.offers.refresh();
    void tp.offers.show(1);
    await vi.waitFor(() => expect(c.opened).toHaveLength(1));
    expect(c.calls).toEqual([]);
    expect(c.ui.current!.imageState).toBe('none');
  });
});

describe('offerImages.resolve', () => {
  it('maps an image, drops one (undefined), and a throwing one drops it with an error event', async () => {
    const seen: unknown[] = [];
    for (const [resolve, want] of [
      [() => '/assets/p.png', `${location.origin}/assets/p.png`],
      [() => undefined, undefined],
      [
        () => {
          throw new Error('bad map');
        },
        undefined,
      ],
      [() => 'javascript:alert(1)', undefined],
    ] as const) {
      const c = client({ offerImages: { resolve } });
      tp = c.tp;
      tp.on('error', (e) => void seen.push(e));
      await tp.offers.refresh();
      const view = await tp.offers.view(1);
      expect(view.imageUrl).toBe(want);
      expect(view.imageState).toBe(want ? 'loading' : 'none');
      await tp.shutdown();
    }
    expect(seen).toHaveLength(2);
    expect(seen.every((e) => e instanceof ConfigError && e.option === 'offerImages.resolve')).toBe(true);
  });

  it('a wrong offerImages is a ConfigError naming the member', () => {
    const base = memoryClientOptions(async () => okEnvelope([]));
    expect(() => createClient({ ...base, offerImages: { prefetch: 'yes' as never } })).toThrow(expect.objectContaining({ option: 'offerImages.prefetch' }));
    expect(() => createClient({ ...base, offerImages: { resolve: 1 as never } })).toThrow(expect.objectContaining({ option: 'offerImages.resolve' }));
    expect(() => createClient({ ...base, offerImages: { preload: true } as never })).toThrow(expect.objectContaining({ option: 'offerImages.preload' }));
  });
});

describe('offerImages.prefetch', () => {
  it("loads the usable offers' images after a refresh, not under saveData", async () => {
    const created: string[] = [];
    const RealImage = globalThis.Image;
    class Recorded extends RealImage {
      override set src(value: string) {
        created.push(value);
      }
    }
    vi.stubGlobal('Image', Recorded);
    try {
      tp = client({ offerImages: { prefetch: true } }).tp;
      await tp.offers.refresh();
      expect(created).toEqual([IMAGE]);
      await tp.shutdown();
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
      tp = client({ offerImages: { prefetch: true } }).tp;
      await tp.offers.refresh();
      expect(created).toEqual([IMAGE]);
    } finally {
      delete (navigator as { connection?: unknown }).connection;
      vi.unstubAllGlobals();
    }
  });
});
