/**
 * The page goes into fullscreen (the real Fullscreen API) while the DOM dialog is open: a game that
 * goes fullscreen on the player's first tap anywhere, and that first tap lands on the offer. Only
 * the element in fullscreen and what is inside it are drawn then.
 */
import { afterEach, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const host = () => document.querySelector('[data-tp-offer]')!;

afterEach(async () => {
  if (document.fullscreenElement) await document.exitFullscreen();
  document.body.replaceChildren();
});

/** A real click (a user activation, which requestFullscreen needs) on the middle of `el`. */
async function click(el: Element): Promise<void> {
  const box = el.getBoundingClientRect();
  const frame = window.frameElement!.getBoundingClientRect();
  const scale = frame.width / innerWidth;
  const at = { x: frame.x + (box.x + box.width / 2) * scale, y: frame.y + (box.y + box.height / 2) * scale };
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'] as const) {
    await cdp().send('Input.dispatchMouseEvent', { type, ...at, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1 });
  }
}

const fullscreenChange = () => new Promise((resolve) => document.addEventListener('fullscreenchange', resolve, { once: true }));

it('goes with the page into fullscreen and back, keeping its state and focus', async () => {
  const stage = document.createElement('div'); // the game's element around its canvas
  const canvas = document.createElement('canvas');
  const hud = document.createElement('button'); // beside the stage in the page
  stage.append(canvas);
  document.body.append(stage, hud);
  document.addEventListener('click', () => void stage.requestFullscreen(), { once: true });
  const { view, calls } = recordingView(aiBody);
  createDomAdapter().present(view);

  const entered = fullscreenChange();
  await click(root().querySelector('.toggle span')!); // the player's first tap ticks the toggle
  await entered;
  expect(document.fullscreenElement).toBe(stage);
  expect(stage.contains(host())).toBe(true); // drawn: inside the element in fullscreen
  expect(canvas.inert).toBe(true);
  expect((root().querySelector('.toggle input') as HTMLInputElement).checked).toBe(true);
  expect(root().activeElement).not.toBeNull(); // focus is still in the dialog: Tab and keys work
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls).toEqual(['toggle:true']); // moving it closed nothing

  const left = fullscreenChange();
  await document.exitFullscreen();
  await left;
  expect(host().parentElement).toBe(document.body); // back over the whole page
  expect([stage.inert, hud.inert, canvas.inert]).toEqual([true, true, false]);
  expect(root().activeElement).not.toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls).toEqual(['toggle:true']);
});
