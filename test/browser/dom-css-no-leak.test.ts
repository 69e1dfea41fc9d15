/**
 * The dialog's CSS, in its shadow root, cannot touch the game (what the game's CSS does to the
 * dialog: dom-page-css.test.ts). Its own file, so the page's styles are read before any dialog was
 * ever shown in this document (a sheet leaked into the document would stay there for the tests
 * after).
 */
import { expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

it("the dialog's CSS does not reach the page: the game's own buttons and same-named classes keep their style while it is open", () => {
  const game = document.createElement('div');
  game.className = 'backdrop';
  for (const [tag, cls, text] of [['div', 'dialog', ''], ['h2', 'title', 'Level 3'], ['div', 'message', 'Go'], ['button', 'buy', 'Fire'], ['button', 'close', 'x'], ['label', 'toggle', 'Sound']] as const) {
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text;
    game.append(el);
  }
  document.body.append(game);
  const els = [game, ...game.children];
  const PROPS = ['background-color', 'color', 'font-size', 'font-weight', 'min-height', 'border-top-width', 'border-radius', 'padding-left', 'position', 'display', 'margin-right', 'word-break', 'white-space', 'animation-name'];
  const styles = () => els.map((el) => `${el.className}: ${PROPS.map((p) => getComputedStyle(el).getPropertyValue(p)).join(' ')}`);
  const before = styles();
  const adapter = createDomAdapter();
  adapter.present(recordingView(aiBody).view);
  // The dialog is styled (its sheet is in force inside its shadow root)…
  expect(getComputedStyle(document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector('.buy')!).minHeight).toBe('44px');
  // …and nothing of the page changed.
  expect(styles()).toEqual(before);
  adapter.close();
  expect(styles()).toEqual(before);
});
