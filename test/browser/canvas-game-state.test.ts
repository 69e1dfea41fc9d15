/**
 * With `clear: false` the canvas adapter draws into the game's own context: whatever drawing state
 * the game's frame left (globalAlpha, filter, compositing) does not fade, tint or invert the card.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvasAdapter, type CanvasAdapter } from '../../src/canvas.js';
import { layoutOffer } from '../../src/ui/canvas/layout.js';
import { DEFAULT_CANVAS_THEME } from '../../src/ui/canvas/theme.js';
import { labelsFor } from '../../src/ui/labels.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

const BG = [0x1d, 0x23, 0x30];
let adapter: CanvasAdapter | undefined;
afterEach(() => {
  adapter?.close();
  adapter = undefined;
  document.body.replaceChildren();
});

it.each([
  ['globalAlpha = 0.25 (a fade it did not reset)', (c: CanvasRenderingContext2D) => void (c.globalAlpha = 0.25)],
  ["filter = 'invert(1)'", (c: CanvasRenderingContext2D) => void (c.filter = 'invert(1)')],
  ["globalCompositeOperation = 'multiply'", (c: CanvasRenderingContext2D) => void (c.globalCompositeOperation = 'multiply')],
])('with clear: false, draws the card in its own colors whatever state the game left: %s', (_, leave) => {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:400px;height:300px';
  document.body.append(canvas);
  canvas.width = 400;
  canvas.height = 300;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000'; // the game's frame
  context.fillRect(0, 0, 400, 300);
  leave(context);
  const { view } = recordingView(aiBody);
  adapter = createCanvasAdapter({ context, clear: false });
  adapter.present(view);
  const scratch = document.createElement('canvas').getContext('2d')!;
  const measure = (t: string, f: string): number => ((scratch.font = f), scratch.measureText(t).width);
  const { card } = layoutOffer(view, 400, 300, measure, DEFAULT_CANVAS_THEME, labelsFor('en'), { checked: false, hero: undefined });
  // A point of the card's background, below everything drawn on it.
  const pixel = [...context.getImageData(Math.floor(card.x + 16), Math.floor(card.y + card.h - 6), 1, 1).data.slice(0, 3)];
  expect(pixel).toEqual(BG);
});
