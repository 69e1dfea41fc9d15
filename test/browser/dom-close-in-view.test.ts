/**
 * A dialog taller than the screen (a long message on a 360×640 phone) scrolls inside; its close
 * button × stays in view while it does. With × in the scrolling content, a player scrolled down
 * to read the message or reach Buy would have to scroll back up to close the offer.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { cdp, page } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

beforeAll(() => page.viewport(360, 640));
afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('dir');
});

const story = Array.from({ length: 40 }, (_, i) => `Chapter ${i + 1}: the forge burns hotter than ever.`).join('\n');
const longOffer = { ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, message: story } } };

/** A real click (CDP, in the top page's coordinates) at the point `x`, `y` of this frame. */
async function clickAt(x: number, y: number): Promise<void> {
  const box = window.frameElement!.getBoundingClientRect();
  const scale = box.width / innerWidth;
  const at = { x: box.x + x * scale, y: box.y + y * scale };
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'] as const) {
    await cdp().send('Input.dispatchMouseEvent', { type, ...at, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1 });
  }
}

it('scrolled to the bottom of a long offer, × is still on screen, on top, and closes it', async () => {
  const { view, calls } = recordingView(longOffer);
  createDomAdapter().present(view);
  const dialog = root().querySelector('.dialog') as HTMLElement;
  expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight * 2); // taller than the screen: it scrolls
  dialog.scrollTop = dialog.scrollHeight; // the player read to the end
  await frame();
  expect(dialog.scrollTop).toBeGreaterThan(0);
  const close = root().querySelector('.close') as HTMLElement;
  const { left, top, right, bottom } = close.getBoundingClientRect();
  const card = dialog.getBoundingClientRect();
  expect([left >= card.left, top >= card.top, right <= card.right, bottom <= card.bottom]).toEqual([true, true, true, true]);
  expect([top >= 0, bottom <= innerHeight]).toEqual([true, true]);
  const [x, y] = [(left + right) / 2, (top + bottom) / 2];
  expect(root().elementFromPoint(x, y)).toBe(close); // nothing of the message over it
  await clickAt(x, y);
  expect(calls).toEqual(['dismiss']);
});

it('× stays where it was in a dialog that fits: the top-right corner of the card', () => {
  createDomAdapter().present(recordingView(aiBody).view);
  const card = root().querySelector('.dialog')!.getBoundingClientRect();
  const close = root().querySelector('.close')!.getBoundingClientRect();
  expect([close.top - card.top, card.right - close.right, close.width, close.height]).toEqual([8, 8, 44, 44]);
});

it('× stays in the top-right corner in a right-to-left page, clear of the title', () => {
  // A page in Arabic or Hebrew: `direction` is inherited through the host's `all: initial`.
  document.documentElement.dir = 'rtl';
  const title = 'A title long enough to wrap over every line of the card, as far as it can go';
  createDomAdapter().present(recordingView({ ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, title } } }).view);
  const card = root().querySelector('.dialog')!.getBoundingClientRect();
  const close = root().querySelector('.close')!.getBoundingClientRect();
  expect([close.top - card.top, card.right - close.right]).toEqual([8, 8]);
  const text = document.createRange();
  text.selectNodeContents(root().querySelector('.title')!);
  const over = [...text.getClientRects()].filter((r) => r.right > close.left && r.left < close.right && r.bottom > close.top && r.top < close.bottom);
  expect(over).toEqual([]); // a regression puts × in the top-left corner, over the title's first line
});
