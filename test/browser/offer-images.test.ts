/**
 * An offer's image is drawn before `open`: `offers.show()` has the adapter load and decode it
 * (`prepare`), for at most 3000 ms, then draws the dialog, then reports `open`. Real Chromium,
 * real DOM and canvas adapters, images served late or never by the test page's own server
 * (test/support/slow-images.ts): with a 1 s delay, `offer:open`, the `open` record and the
 * first-open update all come after the image loaded, and the dialog has it from its first frame;
 * an image that never answers, or answers after the wait, leaves the dialog without it at 3 s, and
 * it is not added later; on the game's canvas a cross-origin image served without CORS headers is
 * left out and the canvas stays readable (`getImageData` does not throw), one with them is drawn;
 * `showAt` decides again after the image's wait: `gameplayStart()` during a 1 s load leaves the
 * dialog out of the page, reports no `open`, and resolves skipped `in-gameplay`.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createClient, type ClientOptions, type OfferView, type UiAdapter } from '../../src/index.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

afterEach(() => document.body.replaceChildren());

/** A URL of the slow image, unique per call (nothing from the cache): `ms` late, `never`, on `host`, `cors`. */
let served = 0;
function slowImage(ms: number | 'never', { host = location.host, cors = true } = {}): string {
  return `${location.protocol}//${host}/__tp-test/image.svg?ms=${ms}&cors=${cors ? 1 : 0}&n=${++served}-${Date.now()}`;
}

/** The same server under another name: cross-origin to the page. */
const otherHost = (): string => `${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

/** The offer's hero in the DOM dialog, if any. */
const hero = (): HTMLImageElement | null => document.querySelector('[data-tp-offer]')?.shadowRoot?.querySelector('img') ?? null;

/**
 * A client listing one personalized offer whose image is `image`, drawn through `ui`; records when
 * (performance.now()) `offer:open` fired, the `open` record was tracked and the first-open update
 * went out, and what the DOM dialog's hero was when `offer:open` fired.
 */
function client(image: string, ui: UiAdapter, options: Partial<ClientOptions> = {}) {
  const body = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', image, title: 'For you' } } };
  const at: { open?: number; record?: number; firstOpen?: number; heroAtOpen?: { complete: boolean; width: number } | null } = {};
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (init?.method === 'POST' && url.endsWith('/offers')) at.firstOpen ??= performance.now();
    return okEnvelope([offerRecord(1, body)]);
  };
  const tp = createClient({
    ...memoryClientOptions(fetch),
    ui,
    beforeSend: (objectName, record) => {
      if (objectName === 'players_offers' && record.message_status === 'open') at.record ??= performance.now();
      return undefined;
    },
    ...options,
  });
  tp.on('offer:open', () => {
    at.open = performance.now();
    const img = hero();
    at.heroAtOpen = img && { complete: img.complete, width: img.naturalWidth };
  });
  return { tp, at };
}

/** Resolves once `check` is true, polling every 20 ms. */
async function until(check: () => boolean, ms = 6000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('with a 1 s image, offer:open, the open record and the first-open update follow its load, drawn with it', async () => {
  // The test runner's own modules fill the page's resource timing buffer (250 entries): room for the image's.
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(1000);
  const image = slowImage(1000);
  const { tp, at } = client(image, createDomAdapter());
  await tp.offers.refresh();
  const start = performance.now();
  const shown = tp.offers.show(1);
  await until(() => at.open !== undefined && at.firstOpen !== undefined);
  const loaded = performance.getEntriesByName(image)[0] as PerformanceResourceTiming;
  expect(loaded.responseEnd).toBeGreaterThanOrEqual(start + 900);
  expect(at.open).toBeGreaterThanOrEqual(loaded.responseEnd);
  expect(at.record).toBeGreaterThanOrEqual(loaded.responseEnd);
  expect(at.firstOpen).toBeGreaterThanOrEqual(loaded.responseEnd);
  // Drawn with it from the first frame the player saw.
  expect(at.heroAtOpen).toEqual({ complete: true, width: expect.any(Number) });
  expect(at.heroAtOpen!.width).toBeGreaterThan(0);
  (hero()!.getRootNode() as ShadowRoot).querySelector<HTMLButtonElement>('button.close')!.click();
  await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  await tp.shutdown();
}, 15_000);

it('an image that never answers: open at 3 s without it; one answering after the wait is never added', async () => {
  for (const image of [slowImage('never'), slowImage(3600)]) {
    const { tp, at } = client(image, createDomAdapter());
    await tp.offers.refresh();
    const start = performance.now();
    const shown = tp.offers.show(1);
    await until(() => at.open !== undefined);
    expect(at.open! - start).toBeGreaterThanOrEqual(2950);
    expect(at.open! - start).toBeLessThan(3600);
    expect(at.heroAtOpen).toBeNull();
    // Past the late image's answer, and its decode: the dialog is as it was drawn.
    await new Promise((r) => setTimeout(r, 1000));
    expect(hero()).toBeNull();
    expect(document.querySelector('[data-tp-offer]')).not.toBeNull();
    await tp.shutdown();
    await expect(shown).resolves.toMatchObject({ action: 'closed' });
  }
}, 20_000);

it("on the game's canvas, a cross-origin image without CORS headers is left out and getImageData does not throw", async () => {
  for (const [cors, state] of [
    [false, 'failed'],
    [true, 'ready'],
  ] as const) {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    canvas.style.cssText = 'width:360px;height:640px;display:block';
    document.body.append(canvas);
    const ctx = canvas.getContext('2d')!;
    const adapter = createCanvasAdapter({ context: ctx, clear: false });
    let presented: OfferView | undefined;
    const ui: UiAdapter = {
      prepare: (view, options) => adapter.prepare!(view, options),
      present: (view) => adapter.present((presented = view)),
      close: () => adapter.close(),
    };
    const { tp, at } = client(slowImage(0, { host: otherHost(), cors }), ui);
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await until(() => at.open !== undefined);
    expect(presented!.imageState).toBe(state);
    adapter.draw();
    expect(() => ctx.getImageData(0, 0, 1, 1)).not.toThrow();
    await tp.shutdown();
    await shown;
    canvas.remove();
  }
}, 15_000);

it('a canvas the offer cannot be drawn on, or a DOM container out of the page: refused at once, no image awaited', async () => {
  const hidden = document.createElement('canvas');
  hidden.style.display = 'none';
  document.body.append(hidden);
  const detached = document.createElement('div');
  for (const ui of [createCanvasAdapter({ context: hidden.getContext('2d')! }), createDomAdapter({ container: detached })]) {
    const { tp } = client(slowImage('never'), ui);
    await tp.offers.refresh();
    const start = performance.now();
    await expect(tp.offers.show(1)).rejects.toMatchObject({ reason: 'ui-failed' });
    expect(performance.now() - start).toBeLessThan(1000); // not the 3 s wait for an image that never comes
    await tp.shutdown();
  }
  hidden.remove();
});

it('showAt: gameplayStart() during a 1 s image load draws nothing, opens nothing, resolves skipped in-gameplay', async () => {
  const { tp, at } = client(slowImage(1000), createDomAdapter(), { offerRules: { sessionGraceMs: 0 } });
  const skipped: unknown[] = [];
  tp.on('offer:skipped', (event) => void skipped.push(event));
  await tp.offers.refresh();
  let dialogs = 0;
  const watch = new MutationObserver(() => void (dialogs += document.querySelectorAll('[data-tp-offer]').length));
  watch.observe(document.body, { childList: true, subtree: true });
  const shown = tp.offers.showAt('stage-clear');
  await new Promise((r) => setTimeout(r, 300));
  tp.gameplayStart();
  await expect(shown).resolves.toMatchObject({ action: 'skipped', placement: 'stage-clear', reason: 'in-gameplay' });
  expect(skipped).toEqual([expect.objectContaining({ reason: 'in-gameplay' })]);
  // Past the image's answer and its decode: it never comes in, nor does the dialog.
  await new Promise((r) => setTimeout(r, 1500));
  watch.disconnect();
  expect(dialogs).toBe(0);
  expect(document.querySelector('[data-tp-offer]')).toBeNull();
  expect(at).toEqual({});
  await tp.shutdown();
}, 15_000);
