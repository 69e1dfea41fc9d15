/**
 * The DOM dialog under real touch input (Chromium's own input pipeline, through CDP) in a game
 * that cancels `touchstart` on the document, as mobile games do to stop scrolling, zoom and the
 * long-press menu. A cancelled `touchstart` also cancels the click a tap makes: the player could
 * tap neither Buy, nor the toggle, nor × (and a phone has no Escape key).
 */
import { afterEach, beforeAll, afterAll, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const cancel = (event: Event) => event.preventDefault();

beforeAll(async () => {
  await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  document.addEventListener('touchstart', cancel, { passive: false });
});
afterAll(async () => {
  document.removeEventListener('touchstart', cancel);
  await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: false });
});
afterEach(() => document.body.replaceChildren());

/** Taps the middle of `el` (in the top-level page's viewport, where CDP input lands: the tests run in an iframe). */
async function tap(el: Element): Promise<void> {
  const box = el.getBoundingClientRect();
  const frame = window.frameElement!.getBoundingClientRect();
  const scale = frame.width / innerWidth;
  const point = { x: frame.x + (box.x + box.width / 2) * scale, y: frame.y + (box.y + box.height / 2) * scale };
  await cdp().send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp().send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

it('a tap on the toggle, Buy and × acts in a game that cancels touchstart on the document', async () => {
  const { view, calls } = recordingView(aiBody);
  createDomAdapter().present(view);
  await tap(root().querySelector('.toggle input')!);
  await tap(root().querySelector('.buy')!);
  await tap(root().querySelector('.close')!);
  expect(calls).toEqual(['toggle:true', 'interact:golden_sword', 'dismiss']);
});
