/**
 * The canvas adapter under real pointer input (Chromium's own input pipeline, through CDP): touch
 * in a game that cancels `touchstart` (as Phaser does on its canvas, and as mobile games do to stop
 * scrolling and zoom), a press that starts on one control and ends on another, a canvas turned by
 * a CSS transform (a portrait game shown landscape). A control acts as a native button does: on a
 * primary press that starts and ends on it.
 */
import { afterEach, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createCanvasAdapter, type CanvasAdapter } from '../../src/canvas.js';
import { layoutOffer, sameControl, type Control, type Rect } from '../../src/ui/canvas/layout.js';
import { DEFAULT_CANVAS_THEME } from '../../src/ui/canvas/theme.js';
import { labelsFor } from '../../src/ui/labels.js';
import type { OfferView } from '../../src/ui/types.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

let adapter: CanvasAdapter | undefined;
afterEach(() => {
  adapter?.close();
  adapter = undefined;
  document.body.replaceChildren();
});

function mount(css: string, clear = true): { canvas: HTMLCanvasElement; view: OfferView; calls: string[] } {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `display:block;width:360px;height:640px;${css}`;
  document.body.append(canvas);
  const { view, calls } = recordingView(aiBody);
  adapter = createCanvasAdapter({ context: canvas.getContext('2d')!, clear });
  adapter.present(view);
  return { canvas, view, calls };
}

/** The center of a control, in the canvas's CSS pixels. */
function centerOf(view: OfferView, control: Control): [number, number] {
  const scratch = document.createElement('canvas').getContext('2d')!;
  const measure = (t: string, f: string): number => ((scratch.font = f), scratch.measureText(t).width);
  const r: Rect = layoutOffer(view, 360, 640, measure, DEFAULT_CANVAS_THEME, labelsFor('en'), { checked: false, hero: undefined }).hits.find((h) => sameControl(h.control, control))!.rect;
  return [r.x + r.w / 2, r.y + r.h / 2];
}

/** A point of this page in the top-level page's viewport, where CDP input lands (the tests run in an iframe). */
function screen([x, y]: [number, number]): { x: number; y: number } {
  const frame = window.frameElement!.getBoundingClientRect();
  const scale = frame.width / innerWidth;
  return { x: frame.x + x * scale, y: frame.y + y * scale };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

async function tap(at: [number, number]): Promise<void> {
  const s = cdp();
  await s.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [screen(at)] });
  await s.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle();
}

async function drag(from: [number, number], to: [number, number], button: 'left' | 'right' = 'left'): Promise<void> {
  const s = cdp();
  const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', p: { x: number; y: number }) => s.send('Input.dispatchMouseEvent', { type, ...p, button, buttons: type === 'mouseReleased' ? 0 : button === 'left' ? 1 : 2, clickCount: 1 });
  await mouse('mouseMoved', screen(from));
  await mouse('mousePressed', screen(from));
  await mouse('mouseMoved', screen(to));
  await mouse('mouseReleased', screen(to));
  await settle();
}

it('a tap on Buy buys, also in a game that cancels touchstart on its canvas (no click follows)', async () => {
  const { canvas, view, calls } = mount('', false);
  canvas.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
  await tap(centerOf(view, { kind: 'buy', index: 0 }));
  expect(calls).toEqual(['interact:golden_sword']);
});

it('a press that starts elsewhere and ends on a control does not press it; one that starts and ends on it does', async () => {
  const { view, calls } = mount('');
  const buy = centerOf(view, { kind: 'buy', index: 0 });
  await drag(centerOf(view, { kind: 'close' }), buy); // from × onto Buy
  await drag([buy[0], buy[1] - 60], buy); // from the message onto Buy
  await drag(buy, buy, 'right');
  expect(calls).toEqual([]);
  await drag(buy, [buy[0] + 2, buy[1] + 2]); // a little slip inside the button
  expect(calls).toEqual(['interact:golden_sword']);
});

it('hits the right control on a canvas turned by a CSS transform (portrait game shown landscape)', async () => {
  // Turned a quarter clockwise about its top-left corner, then moved right by its height: a
  // point (x, y) of the canvas is at (640 - y, x) on the page.
  const { view, calls } = mount('position:absolute;left:640px;top:0;transform:rotate(90deg);transform-origin:0 0');
  const [x, y] = centerOf(view, { kind: 'buy', index: 0 });
  await tap([640 - y, x]);
  expect(calls).toEqual(['interact:golden_sword']);
});

it('on a game canvas letterboxed with object-fit: contain (clear: false), draws the card unstretched where it shows, and hits its buttons', async () => {
  // The game renders 360×640 and shows it in a 600×400 box: scaled by 400/640 = 0.625 to 225×400,
  // centered (187.5 px bars left and right).
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:600px;height:400px;object-fit:contain';
  canvas.width = 360;
  canvas.height = 640;
  document.body.append(canvas);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, 360, 640);
  const { view, calls } = recordingView(aiBody);
  adapter = createCanvasAdapter({ context, clear: false });
  adapter.present(view);

  const scratch = document.createElement('canvas').getContext('2d')!;
  const measure = (t: string, f: string): number => ((scratch.font = f), scratch.measureText(t).width);
  const layout = layoutOffer(view, 225, 400, measure, DEFAULT_CANVAS_THEME, labelsFor('en'), { checked: false, hero: undefined });
  // What is not the game's red (dimmed by the backdrop) is the card, in bitmap pixels: the layout's card × 1.6 both ways.
  const data = context.getImageData(0, 0, 360, 640).data;
  let [x0, y0, x1, y1] = [360, 640, -1, -1];
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === 102 && data[i + 1] === 0 && data[i + 2] === 0) continue;
    const x = (i / 4) % 360;
    const y = Math.floor(i / 4 / 360);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const { card } = layout;
  const want = [card.x, card.y, card.x + card.w, card.y + card.h].map((v) => v * 1.6);
  [x0, y0, x1 + 1, y1 + 1].forEach((v, i) => expect(Math.abs(v - want[i]!), 'edges, antialiasing aside').toBeLessThanOrEqual(1));

  const buy = layout.hits.find((h) => sameControl(h.control, { kind: 'buy', index: 0 }))!.rect;
  await tap([187.5 + buy.x + buy.w / 2, buy.y + buy.h / 2]);
  expect(calls).toEqual(['interact:golden_sword']);
});

it('synthetic pointer events (a test harness, a game replaying input) press a control without throwing from the listener', async () => {
  const { canvas, view, calls } = mount('');
  const [x, y] = centerOf(view, { kind: 'buy', index: 0 });
  const errors: unknown[] = [];
  const onError = (e: ErrorEvent): void => void errors.push(e.error);
  window.addEventListener('error', onError);
  try {
    // Not an active pointer: `setPointerCapture` throws NotFoundError for it.
    for (const type of ['pointerdown', 'pointerup']) {
      canvas.dispatchEvent(new PointerEvent(type, { pointerId: 77, clientX: canvas.getBoundingClientRect().left + x, clientY: canvas.getBoundingClientRect().top + y, bubbles: true }));
    }
    await settle();
  } finally {
    window.removeEventListener('error', onError);
  }
  expect(errors).toEqual([]);
  expect(calls).toEqual(['interact:golden_sword']);
});
