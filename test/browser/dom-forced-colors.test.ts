/**
 * The DOM dialog in forced colors (Windows High Contrast, a player's own contrast theme), emulated
 * through CDP. The browser then replaces every background with the theme's and drops shadows: a
 * button or the card whose only edge was its background color would read as plain text on the page.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;

beforeAll(() => cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] }));
afterAll(() => cdp().send('Emulation.setEmulatedMedia', { features: [] }));
afterEach(() => document.body.replaceChildren());

it('in forced colors, the card, Buy and × keep a visible edge, and the focused control a ring', () => {
  expect(matchMedia('(forced-colors: active)').matches).toBe(true);
  createDomAdapter().present(recordingView(aiBody).view);
  const [dialog, buy, close] = ['.dialog', '.buy', '.close'].map((s) => root().querySelector(s) as HTMLElement);
  // Backgrounds are forced to one color: the button is on a background just like its card's.
  expect(getComputedStyle(buy!).backgroundColor).toBe(getComputedStyle(dialog!).backgroundColor);
  for (const el of [dialog!, buy!, close!]) {
    const style = getComputedStyle(el);
    expect([el.className, style.borderTopStyle, parseFloat(style.borderTopWidth) >= 1]).toEqual([el.className, 'solid', true]);
  }
  close!.focus({ focusVisible: true } as FocusOptions);
  expect(getComputedStyle(close!).outlineStyle).toBe('solid');
});
