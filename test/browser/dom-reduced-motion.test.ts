/**
 * The DOM dialog's entrance animation plays only when the player has not asked for reduced
 * motion (`prefers-reduced-motion: reduce`). The media feature is emulated through CDP;
 * each case checks the emulation took before looking at the dialog.
 */
import { afterAll, afterEach, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const emulate = (value: 'reduce' | 'no-preference') =>
  cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value }] });

/** The sample offer's dialog, presented with `prefers-reduced-motion: value` emulated (checked to have taken first). */
async function dialogUnder(value: 'reduce' | 'no-preference'): Promise<HTMLElement> {
  await emulate(value);
  expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(value === 'reduce');
  createDomAdapter().present(recordingView(aiBody).view);
  return root().querySelector('.dialog') as HTMLElement;
}

afterEach(() => document.body.replaceChildren());
afterAll(() => cdp().send('Emulation.setEmulatedMedia', { features: [] }));

it('animates the dialog in when motion is fine', async () => {
  const dialog = await dialogUnder('no-preference');
  expect(getComputedStyle(dialog).animationName).toBe('tp-in');
  expect(dialog.getAnimations().length).toBeGreaterThan(0);
});

it('plays no animation under prefers-reduced-motion: reduce', async () => {
  const dialog = await dialogUnder('reduce');
  expect(getComputedStyle(dialog).animationName).toBe('none');
  expect(root().getAnimations()).toEqual([]);
  // Shown at once, fully opaque, in place.
  expect(getComputedStyle(dialog).opacity).toBe('1');
  expect(getComputedStyle(dialog).transform).toBe('none');
});
