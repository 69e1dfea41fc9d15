/**
 * A game session lasts hours and shows hundreds of offers (each shop visit, each level end): what
 * one showing leaves behind must not add up. A real client shows one offer 56 times, ended every
 * way an offer ends (the player's close button, Buy, Escape, the game's AbortSignal, the page
 * removing the screen, a refresh switching it off, its validity running out on screen, `identify()`
 * of another player), with the DOM adapter (over the page and in a container) and the canvas
 * adapter (overlay canvas, and the game's own canvas with `clear: false`). Read through CDP:
 * the listeners on `document`, `window`, the container or canvas and the game's long-lived signal
 * are the same after 56 as after the first 7, no `[data-tp-offer]` host and no `inert` is left,
 * no MediaQueryList or ResizeObserver is left alive, and every view, host and shadow root shown
 * is garbage-collected.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createClient, createHeadlessAdapter, type OfferOutcome, type OfferView, type UiAdapter } from '../../src/index.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { listenerCounts, liveInstances, survivors } from '../support/leaks.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';
import { recordingView } from '../support/views.js';

afterEach(() => document.body.replaceChildren());

/** The personalized sample without its image: no request left loading holds a dialog. */
const body = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', image: null, title: 'For you' } } };
const T0 = Date.UTC(2026, 0, 1, 12);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r));
};

/** How the test ends the offer on screen: what the player does in the adapter, or the page removing it. */
interface Ending {
  readonly dismiss: () => void;
  readonly interact: () => void;
  readonly escape: () => void;
  /** The page removes what the offer is drawn in (a new screen), and puts the game's screen back. */
  readonly removed: () => Promise<void>;
  /** What the game does before each show(), and while each offer is open. */
  readonly before?: () => void;
  readonly whileOpen?: () => void;
}

/**
 * A client whose GET /offers lists offer 1, showing it through `adapter`; `round(i)` shows it once
 * and ends it the i-th way (of 7), and resolves with how it ended. Each view presented is in `refs`.
 */
function session(adapter: UiAdapter, ending: Ending) {
  let active = 1;
  let validUntil: string | null = null;
  let now = T0;
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, body, { is_offer_active: active, valid_until: validUntil })]));
  const refs: WeakRef<object>[] = [];
  const ui: UiAdapter = {
    present(view: OfferView) {
      adapter.present(view);
      refs.push(new WeakRef(view));
      const host = document.querySelector('[data-tp-offer]');
      if (host) refs.push(new WeakRef(host), new WeakRef(host.shadowRoot!));
    },
    close: () => adapter.close(),
  };
  const tp = createClient({ ...options, ui, now: () => now });
  /** The game's signal for its whole session: each show() adds a listener to it and must take it off. */
  const scene = new AbortController();
  let seconds = 0;
  const ways: Array<(abort: AbortController) => unknown> = [
    ending.dismiss,
    ending.interact,
    ending.escape,
    (abort) => abort.abort(),
    ending.removed,
    async () => {
      active = 0; // the campaign is paused: the offer on screen closes `expired`
      await tp.offers.refresh();
      active = 1;
    },
    () => tp.identify('p-2'), // another player signs in: the offer leaves the screen
  ];
  const round = async (i: number): Promise<OfferOutcome['action'] | string> => {
    // Round 13 of every 14 (instead of identify()), the offer's validity runs out while it is on
    // screen: its timer closes it. The clock moves a second a round.
    const timed = i % 14 === 13;
    const end = T0 + ++seconds * 1000;
    validUntil = timed ? new Date(end).toISOString().slice(0, 19).replace('T', ' ') : null;
    now = timed ? end - 1 : end;
    tp.identify('p-1');
    await tp.offers.refresh();
    ending.before?.();
    const abort = new AbortController();
    const signal = i % 7 === 3 ? abort.signal : scene.signal;
    const shown = tp.offers.show(1, { signal }).then(
      (o) => o.action,
      (e: Error) => e.name,
    );
    await tick();
    ending.whileOpen?.();
    await tick();
    if (timed) now = end + 1;
    else await ways[i % 7]!(abort);
    return shown;
  };
  return { tp, refs, scene: scene.signal, round };
}

/** Shows the offer 7 times then 49 more: the listeners on `targets` after both, and the outcomes. */
async function longSession(s: ReturnType<typeof session>, targets: Record<string, EventTarget>) {
  const outcomes: string[] = [];
  for (let i = 0; i < 7; i++) outcomes.push(await s.round(i));
  const first = await listenerCounts({ ...targets, signal: s.scene });
  const live = [await liveInstances(MediaQueryList.prototype), await liveInstances(ResizeObserver.prototype)];
  for (let i = 7; i < 56; i++) outcomes.push(await s.round(i));
  const last = await listenerCounts({ ...targets, signal: s.scene });
  return { outcomes, first, last, live, liveAfter: [await liveInstances(MediaQueryList.prototype), await liveInstances(ResizeObserver.prototype)] };
}

const EXPECTED = ['dismiss', 'interact', 'dismiss', 'AbortError', 'closed', 'expired', 'closed'];
/** Round 13 of each 14 ends by the validity timer (`expired`) instead. */
const expectedOutcomes = Array.from({ length: 56 }, (_, i) => (i % 14 === 13 ? 'expired' : EXPECTED[i % 7]));

for (const inContainer of [false, true]) {
  it(`DOM adapter ${inContainer ? 'in a container' : 'over the page'}: 56 offers shown and ended leave no listener, host, inert or dialog behind`, async () => {
    const game = document.createElement('main');
    const stage = document.createElement('div');
    stage.style.cssText = 'position:relative;width:300px;height:500px';
    const button = document.createElement('button'); // the game's, focused when each offer opens
    stage.append(button);
    game.append(stage);
    document.body.append(game);
    const shadow = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
    const toast = document.createElement('p');
    const s = session(createDomAdapter(inContainer ? { container: stage } : {}), {
      dismiss: () => shadow().querySelector<HTMLElement>('button.close')!.click(),
      interact: () => shadow().querySelector<HTMLElement>('button.buy')!.click(),
      escape: () => shadow().querySelector('[role=dialog]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true })),
      removed: async () => {
        // The game swaps its screen (an SPA route): the container with it, or what the page holds.
        if (inContainer) game.replaceChildren();
        else document.body.replaceChildren(game);
        await tick();
        game.append(stage);
      },
      before: () => button.focus(),
      // A toast the game adds beside the dialog while it is open is made inert too.
      whileOpen: () => (inContainer ? stage : document.body).append(toast),
    });
    let madeInert = 0;
    const watch = new MutationObserver((records) => (madeInert += records.filter((r) => r.oldValue === null).length));
    watch.observe(toast, { attributeFilter: ['inert'], attributeOldValue: true });
    try {
      const { outcomes, first, last, live, liveAfter } = await longSession(s, { document, window, body: document.body, stage, game });
      expect(outcomes).toEqual(expectedOutcomes);
      expect(last).toEqual(first);
      expect(first.signal).toEqual({});
      expect(liveAfter).toEqual(live);
      expect([document.querySelectorAll('[data-tp-offer]').length, document.querySelectorAll('[inert]').length]).toEqual([0, 0]);
      expect(s.refs).toHaveLength(56 * 3);
      expect(await survivors(s.refs)).toBe(0);
      expect(document.activeElement).toBe(button);
      expect(madeInert).toBe(56);
    } finally {
      watch.disconnect();
      await s.tp.shutdown();
    }
  });
}

for (const clear of [true, false]) {
  it(`canvas adapter on ${clear ? 'an overlay canvas' : "the game's canvas (clear: false)"}: 56 offers shown and ended leave no listener, observer or view behind`, async () => {
    const game = document.createElement('main');
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'display:block;width:360px;height:640px';
    [canvas.width, canvas.height] = [360, 640];
    game.append(canvas);
    document.body.append(game);
    const key = (k: string) => canvas.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    const s = session(createCanvasAdapter({ context: canvas.getContext('2d')!, clear }), {
      dismiss: () => (key('Tab'), key('Tab'), key('Enter')), // Buy, then ×
      interact: () => (key('Tab'), key('Enter')),
      escape: () => key('Escape'),
      removed: async () => {
        canvas.remove(); // the game swaps its screen
        await frames(2);
        game.append(canvas);
      },
    });
    try {
      const { outcomes, first, last, live, liveAfter } = await longSession(s, { document, window, canvas });
      expect(outcomes).toEqual(expectedOutcomes);
      expect(last).toEqual(first);
      expect(first.canvas).toEqual({});
      expect(first.signal).toEqual({});
      expect(liveAfter).toEqual(live);
      expect(s.refs).toHaveLength(56);
      expect(await survivors(s.refs)).toBe(0);
    } finally {
      await s.tp.shutdown();
    }
  });
}

for (const kind of ['DOM', 'canvas'] as const) {
  it(`the ${kind} adapter keeps no element of the page once the offer is closed: the screen the game removes next is collected`, async () => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'display:block;width:360px;height:640px';
    document.body.append(canvas);
    const adapter = kind === 'DOM' ? createDomAdapter() : createCanvasAdapter({ context: canvas.getContext('2d')! });
    const showOverScreen = (): WeakRef<HTMLElement> => {
      const screen = document.createElement('section'); // the game's shop screen, its button focused
      const shop = document.createElement('button');
      screen.append(shop);
      document.body.append(screen);
      shop.focus();
      adapter.present(recordingView(body).view);
      adapter.close(); // focus returns to the shop's button
      screen.remove(); // the player leaves the shop: the game drops its screen
      return new WeakRef(screen);
    };
    // The adapter lives as long as the client (hours); a leak would hold the element focused before
    // its last offer, and the screen around it, until the next offer.
    expect(await survivors([showOverScreen()])).toBe(0);
  });
}

it('the headless adapter keeps the views of its last 10 offers in `drawn`, not of every offer of the session', async () => {
  const ui = createHeadlessAdapter();
  const refs: WeakRef<object>[] = [];
  ui.onPresent((view) => refs.push(new WeakRef(view)));
  const tp = createClient({ ...memoryClientOptions(async () => okEnvelope([offerRecord(1, body)])), ui });
  try {
    await tp.offers.refresh();
    for (let i = 0; i < 56; i++) {
      const shown = tp.offers.show(1);
      await tick();
      ui.current!.dismiss();
      await shown;
    }
    // A leak would keep all 56 views (about 1.3 KB each, with what their actions hold) in `drawn`.
    expect(await survivors(refs)).toBe(10);
    expect(ui.drawn).toHaveLength(20);
  } finally {
    await tp.shutdown();
  }
});
