/**
 * A swipe across an open offer on a phone neither takes the tab back a page nor scrolls the page.
 *
 * The DOM dialog stops its touches at the backdrop (so a game that cancels `touchstart` on the
 * document cancels no tap in it): a game's own `preventDefault` on the document, the way 2048
 * holds swipes on its board, never sees them, and the browser's back gesture would go ahead. The
 * dialog cancels the moves it has no use for (src/ui/dom/touches.ts), and lets through those
 * that scroll its card while the card can still scroll that way. The canvas adapter scrolls
 * nothing: it cancels every move on its canvas, which matters on a canvas over the game that the
 * game's touch listeners do not cover (on the game's own canvas, the game's listeners cancel them).
 *
 * A phone-sized touch context (360×640, `hasTouch`, `isMobile`) in a Chromium of the test's own,
 * two pages of a loopback server (the game, B, opened from A), touches through CDP's
 * `Input.dispatchTouchEvent` (Chromium's own input pipeline). The strong check reads the real
 * `touchmove` events the swipe made: each one the page could cancel was cancelled.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServer, listen } from '../../demo/service/server.js';
import type { Control } from '../../src/ui/canvas/layout.js';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const FIXTURE = `
import { createCanvasAdapter } from './src/ui/canvas/canvas-adapter.ts';
import { createDomAdapter } from './src/ui/dom/dom-adapter.ts';
import { layoutOffer, sameControl } from './src/ui/canvas/layout.ts';
import { DEFAULT_CANVAS_THEME } from './src/ui/canvas/theme.ts';
import { labelsFor } from './src/ui/labels.ts';
import { recordingView } from './test/support/views.ts';
import { aiBody } from './test/fixtures/spec-samples.ts';

// Without its image: nothing leaves the loopback, and the card's size does not wait for it.
const body = structuredClone(aiBody);
for (const texts of Object.values(body.display_parameters)) texts.background_url = null;
const story = Array.from({ length: 40 }, (_, i) => 'Chapter ' + (i + 1) + ': the forge burns hotter than ever.').join('\\n');
/** Every touchmove the page sees, read after its dispatch (a capture listener runs before the dialog's). */
const moves = [];
addEventListener('touchmove', (event) => moves.push(event), { capture: true, passive: true });
let calls = [];
let view;
Object.assign(window, {
  /** Shows the offer (\`long\`: its card scrolls) with the DOM adapter, or on the overlay canvas. */
  show: (long, onCanvas) => {
    const offer = structuredClone(body);
    if (long) offer.display_parameters.en.message = story;
    const shown = recordingView(offer);
    calls = shown.calls;
    view = shown.view;
    const overlay = document.getElementById('overlay');
    overlay.hidden = !onCanvas;
    (onCanvas ? createCanvasAdapter({ context: overlay.getContext('2d') }) : createDomAdapter()).present(shown.view);
  },
  calls: () => calls,
  /** The center of a control of the offer on the canvas (\`{ kind: 'close' }\`), in CSS pixels. */
  centerOnCanvas: (control) => {
    const scratch = document.createElement('canvas').getContext('2d');
    const measure = (t, f) => ((scratch.font = f), scratch.measureText(t).width);
    const r = layoutOffer(view, innerWidth, innerHeight, measure, DEFAULT_CANVAS_THEME, labelsFor('en'), { checked: false, hero: undefined }).hits.find((h) => sameControl(h.control, control)).rect;
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  },
  /** The touchmoves since the last call: [cancelable, defaultPrevented] each. */
  moves: () => moves.splice(0).map((event) => [event.cancelable, event.defaultPrevented]),
});
`;

/**
 * The game, 2048's way: its board's swipes cancelled on the document (no scrolling, no back
 * gesture). Over it, a canvas for the canvas adapter, shown with its offer.
 */
const GAME = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>B</title></head>
<body style="margin:0"><div id="board" style="width:340px;height:340px;margin:10px;background:#bbada0"></div><div style="height:2000px"></div>
<canvas id="overlay" hidden style="position:fixed;inset:0;width:100%;height:100%"></canvas>
<script>
for (const type of ['touchstart', 'touchmove']) document.addEventListener(type, (event) => { if (event.target.closest?.('#board')) event.preventDefault(); }, { passive: false });
</script><script src="/fixture.js"></script></body></html>`;

/** The page the player was on before the game. */
const BEFORE = '<!doctype html><link rel="icon" href="data:,"><title>A</title><p>the page before the game</p>';

const fixture = useFixtureInChromium(FIXTURE);
let origin = '';
let server: Parameters<typeof closeServer>[0] | undefined;
beforeAll(async () => {
  const started = await listen((request) => {
    const path = new URL(request.url).pathname;
    const body = { '/a.html': BEFORE, '/b.html': GAME, '/fixture.js': fixture.script }[path];
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
    return new Response(body ?? 'not found', { status: body === undefined ? 404 : 200, headers: { 'Content-Type': type, 'Cache-Control': 'no-store' } });
  }, 0);
  server = started.server;
  origin = `http://127.0.0.1:${started.port}`;
});
afterAll(async () => {
  if (server) await closeServer(server);
});

let page: Page;
let cdp: CDPSession;

/** A phone on the game (B, opened from A), with the offer shown (`long`: its card scrolls; `onCanvas`: by the canvas adapter). */
async function game(long: boolean, onCanvas = false): Promise<void> {
  page = await fixture.page({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  await page.goto(`${origin}/a.html`);
  await page.goto(`${origin}/b.html`);
  await page.evaluate(([l, c]) => (window as unknown as { show: (l: boolean, c: boolean) => void }).show(l!, c!), [long, onCanvas]);
  cdp = await page.context().newCDPSession(page);
}

/** Waits until nothing moves any more (a fling, a navigation). */
async function settled(): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const now = JSON.stringify([page.url(), await state().catch(() => null)]);
    if (now === last) return;
    last = now;
  }
}

/** The page's scroll position and the card's. */
const state = () =>
  page.evaluate(() => {
    const card = document.querySelector('[data-tp-offer]')?.shadowRoot?.querySelector('.dialog');
    return { x: Math.round(scrollX), y: Math.round(scrollY), card: card ? Math.round(card.scrollTop) : -1 };
  });

/** A finger from `from` to `to` in ten moves, then lifted; with `fingers: 2`, a second one 60 px below it. */
async function swipe(from: [number, number], to: [number, number], fingers = 1): Promise<void> {
  const at = (i: number) =>
    Array.from({ length: fingers }, (_, f) => ({ x: from[0] + ((to[0] - from[0]) * i) / 10, y: from[1] + ((to[1] - from[1]) * i) / 10 + f * 60, id: f }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settled();
}

/** Taps the middle of the DOM dialog's element of selector `target`, or of the canvas's control `target`. */
async function tap(target: string | Control): Promise<void> {
  const at = await page.evaluate((t) => {
    if (typeof t !== 'string') return (window as unknown as { centerOnCanvas: (control: Control) => { x: number; y: number } }).centerOnCanvas(t);
    const r = document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector(t)!.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, target);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(100);
}

const moves = () => page.evaluate(() => (window as unknown as { moves: () => Array<[boolean, boolean]> }).moves());
const calls = () => page.evaluate(() => (window as unknown as { calls: () => string[] }).calls());

it('a swipe across the dialog stays in the game: no page back, no scroll, its moves cancelled', async () => {
  await game(false);
  const swipes: Record<string, [from: [number, number], to: [number, number], fingers?: number]> = {
    // A regression takes the tab back to A (the browser's swipe back).
    'left to right over the card (back)': [[20, 320], [340, 320]],
    'right to left over the card': [[340, 320], [20, 320]],
    'left to right on the backdrop, below the card': [[20, 600], [340, 600]],
    'two fingers, left to right': [[20, 260], [340, 260], 2],
    'up over a card with nothing to scroll': [[180, 500], [180, 100]],
  };
  for (const [name, [from, to, fingers]] of Object.entries(swipes)) {
    await swipe(from, to, fingers);
    expect([name, page.url(), await state()]).toEqual([name, `${origin}/b.html`, { x: 0, y: 0, card: 0 }]);
    // The strong check: each move the page could still cancel, the dialog cancelled.
    const seen = await moves();
    expect(seen.length, name).toBeGreaterThan(0);
    expect([name, seen]).toEqual([name, seen.map(() => [true, true])]);
  }
  // Taps still act.
  await tap('.buy');
  await tap('.close');
  expect(await calls()).toEqual(['interact:golden_sword', 'dismiss']);
});

it('a long offer’s card still scrolls under a finger; a move past its ends, or sideways, is cancelled', async () => {
  await game(true);
  await swipe([180, 500], [180, 200]);
  const scrolled = await state();
  expect(scrolled.card).toBeGreaterThan(100); // the card's content moved with the finger
  expect([scrolled.x, scrolled.y]).toEqual([0, 0]);
  expect((await moves())[0]).toEqual([true, false]); // the first move was the card's to scroll
  // Sideways over the scrolling card: neither the card nor the page moves, nor does the tab go back.
  await moves();
  await swipe([20, 320], [340, 320]);
  expect([page.url(), await state()]).toEqual([`${origin}/b.html`, scrolled]);
  expect((await moves()).every(([, cancelled]) => cancelled)).toBe(true);
  // Past either end: the move is cancelled.
  await page.evaluate(() => {
    const card = document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector('.dialog')!;
    card.scrollTop = card.scrollHeight;
  });
  const end = (await state()).card;
  await swipe([180, 500], [180, 200]);
  expect((await moves())[0]).toEqual([true, true]);
  expect(await state()).toEqual({ x: 0, y: 0, card: end });
  await page.evaluate(() => document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector('.dialog')!.scrollTo(0, 0));
  await swipe([180, 200], [180, 500]);
  expect((await moves())[0]).toEqual([true, true]);
  expect(await state()).toEqual({ x: 0, y: 0, card: 0 });
  expect(page.url()).toBe(`${origin}/b.html`);
  // Back down from the top, it scrolls again.
  await swipe([180, 500], [180, 200]);
  expect((await state()).card).toBeGreaterThan(100);
});

it('a swipe across an offer on a canvas over the game stays in the game, its moves cancelled; taps act', async () => {
  await game(false, true);
  await swipe([20, 320], [340, 320]);
  // A regression takes the tab back to A (the game's listeners cover its board, not the canvas over it).
  expect([page.url(), await state()]).toEqual([`${origin}/b.html`, { x: 0, y: 0, card: -1 }]);
  const seen = await moves();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual(seen.map(() => [true, true]));
  await tap({ kind: 'buy', index: 0 });
  await tap({ kind: 'close' });
  expect(await calls()).toEqual(['interact:golden_sword', 'dismiss']);
});
