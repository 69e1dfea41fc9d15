/**
 * The game's global CSS matches the dialog's host element (the one element of the dialog in the
 * page): `*` and `div` rules beat a `:host` rule of the shadow root, and the host's inherited
 * properties (font size, line height, color, visibility…) flow into the dialog.
 */
import { afterEach, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;

afterEach(() => {
  document.body.replaceChildren();
  document.head.querySelectorAll('style.game').forEach((el) => el.remove());
});

it("the game's rules for every element or every div change nothing in the dialog", () => {
  const game = document.createElement('style');
  game.className = 'game';
  game.textContent = `
    * { font-size: 0; line-height: 0; color: transparent; text-transform: uppercase; letter-spacing: 4px; visibility: hidden; pointer-events: none }
    div { display: none; width: 10px; height: 10px; opacity: .5 }`;
  document.head.append(game);
  createDomAdapter().present(recordingView(aiBody).view);
  const host = document.querySelector('[data-tp-offer]') as HTMLElement;
  const box = host.getBoundingClientRect();
  expect([box.width, box.height, getComputedStyle(host).opacity]).toEqual([innerWidth, innerHeight, '1']);
  const word = root().querySelector('.message span')!;
  const buy = root().querySelector('.buy')!;
  const style = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.fontSize, s.lineHeight, s.textTransform, s.letterSpacing, s.visibility, s.pointerEvents];
  };
  expect(style(word)).toEqual(['16px', '24px', 'none', 'normal', 'visible', 'auto']);
  expect(style(buy)).toEqual(['16px', 'normal', 'none', 'normal', 'visible', 'auto']);
  expect(getComputedStyle(word).color).not.toBe('rgba(0, 0, 0, 0)');
});

it('the className hook and --tp-* custom properties still theme it', () => {
  const theme = document.createElement('style');
  theme.className = 'game';
  theme.textContent = '.my-theme { --tp-bg: rgb(1, 2, 3); --tp-accent: rgb(4, 5, 6) }';
  document.head.append(theme);
  createDomAdapter({ className: 'my-theme' }).present(recordingView(aiBody).view);
  expect(getComputedStyle(root().querySelector('.dialog')!).backgroundColor).toBe('rgb(1, 2, 3)');
  expect(getComputedStyle(root().querySelector('.buy')!).backgroundColor).toBe('rgb(4, 5, 6)');
});
