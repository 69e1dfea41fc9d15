/**
 * An adapter whose container (DOM) or canvas is in the page but not rendered (`display: none` on it
 * or around it) or has no size refuses the offer, as it refuses one out of the page: `show()`
 * rejects with `ui-failed` and no `open` is reported for an offer the player never saw. A
 * regression reports it opened (and the first open spent) while nothing is on screen.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createClient, type UiAdapter } from '../../src/index.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

afterEach(() => {
  document.body.replaceChildren();
  document.body.removeAttribute('style');
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Shows an offer through `ui`: how `show()` stands a moment later, and the `players_offers` statuses uploaded. */
async function showThrough(ui: UiAdapter): Promise<[state: string, reported: string[]]> {
  const reported: string[] = [];
  const offers = async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).endsWith('/logs')) {
      const body = JSON.parse(init!.body as string) as { players_offers?: Array<{ message_status: string }> };
      reported.push(...(body.players_offers ?? []).map((r) => r.message_status));
    }
    return okEnvelope([offerRecord(1, personalizedBody)]);
  };
  const tp = createClient({ ...memoryClientOptions(offers), compression: 'none', ui });
  try {
    await tp.offers.refresh();
    // Drawn once its image is ready or failed (offers.show() waits for it): on screen at `open`.
    const drawn = new Promise<string>((resolve) => tp.on('offer:open', () => resolve('on screen')));
    const shown = tp.offers.show(1);
    const state = await Promise.race([shown.then(() => 'settled', (e: { reason?: string }) => `rejected: ${e.reason}`), drawn.then(async (s) => (await tick(), s))]);
    await tp.flush();
    return [state, reported];
  } finally {
    await tp.shutdown();
  }
}

/** A 360×640 element in `body` styled `css`, inside a wrapper styled `around`. */
function element<K extends 'div' | 'canvas'>(tag: K, css: string, around = ''): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.style.cssText = `display:block;position:relative;width:360px;height:640px;${css}`;
  const wrapper = document.createElement('div');
  wrapper.style.cssText = around;
  wrapper.append(el);
  document.body.append(wrapper);
  return el;
}

const refused = ['rejected: ui-failed', ['impress']];
const opened = ['on screen', ['impress', 'open']];

it('DOM: a container with display: none, or inside an element with display: none, is refused', async () => {
  expect(await showThrough(createDomAdapter({ container: element('div', 'display:none') }))).toEqual(refused);
  expect(await showThrough(createDomAdapter({ container: element('div', '', 'display:none') }))).toEqual(refused);
  expect(document.querySelector('[data-tp-offer]')).toBeNull();
});

it('DOM: a container of zero height is refused (the card would be 0 px tall in it)', async () => {
  expect(await showThrough(createDomAdapter({ container: element('div', 'height:0') }))).toEqual(refused);
});

it('DOM: still shown over the viewport when body has no height, and in a display: contents container', async () => {
  document.body.style.cssText = 'margin:0;height:0'; // a game whose canvas is position: fixed
  expect(await showThrough(createDomAdapter())).toEqual(opened);
  expect(await showThrough(createDomAdapter({ container: element('div', 'display:contents', 'position:relative;width:360px;height:640px') }))).toEqual(opened);
});

it('canvas: a canvas with display: none, inside an element with display: none, or of zero CSS size is refused', async () => {
  for (const [css, around] of [['display:none', ''], ['', 'display:none'], ['width:0;height:0', '']] as const) {
    const canvas = element('canvas', css, around);
    expect(await showThrough(createCanvasAdapter({ context: canvas.getContext('2d')! })), `${css} ${around}`).toEqual(refused);
    expect(canvas.hasAttribute('tabindex')).toBe(false); // left as it was
  }
});

it('canvas: the game’s canvas (clear: false) with a zero-size backing store is refused; the adapter’s own is sized at each draw', async () => {
  const game = element('canvas', '');
  game.width = 0;
  expect(await showThrough(createCanvasAdapter({ context: game.getContext('2d')!, clear: false }))).toEqual(refused);
  const overlay = element('canvas', '');
  overlay.width = overlay.height = 0;
  expect(await showThrough(createCanvasAdapter({ context: overlay.getContext('2d')! }))).toEqual(opened);
});

it('without Element.checkVisibility (Safari before 17.4), still refused', async () => {
  const own = Object.getOwnPropertyDescriptor(Element.prototype, 'checkVisibility')!;
  Object.defineProperty(Element.prototype, 'checkVisibility', { value: undefined, configurable: true });
  try {
    expect(await showThrough(createDomAdapter({ container: element('div', '', 'display:none') }))).toEqual(refused);
    expect(await showThrough(createCanvasAdapter({ context: element('canvas', 'display:none').getContext('2d')! }))).toEqual(refused);
    expect(await showThrough(createDomAdapter())).toEqual(opened);
  } finally {
    Object.defineProperty(Element.prototype, 'checkVisibility', own);
  }
});
