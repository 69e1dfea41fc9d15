import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createCanvasAdapter, type CanvasAdapter } from '../../src/canvas.js';
import { layoutOffer, sameControl, type Control, type LayoutState, type OfferLayout, type Rect } from '../../src/ui/canvas/layout.js';
import { DEFAULT_CANVAS_THEME } from '../../src/ui/canvas/theme.js';
import { labelsFor } from '../../src/ui/labels.js';
import type { OfferView } from '../../src/ui/types.js';
import { aiBody, personalizedBody } from '../fixtures/spec-samples.js';
import { hostileAiBody, recordingView, twoUnnamedProducts } from '../support/views.js';

const BG = [0x1d, 0x23, 0x30];
const ACCENT = [0xff, 0xb0, 0x20];
const FOCUS = [0x7c, 0xc4, 0xff];
/** A same-origin 400×400 PNG the test server serves. */
const SAME_ORIGIN_PNG = `${location.origin}/node_modules/playwright-core/lib/server/chromium/appIcon.png`;

let canvas: HTMLCanvasElement;
let ctx: CanvasRenderingContext2D;
let adapter: CanvasAdapter | undefined;
const ratio = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');

function mount(width: number, height: number): CanvasRenderingContext2D {
  canvas = document.createElement('canvas');
  canvas.style.cssText = `display:block;width:${width}px;height:${height}px`;
  document.body.append(canvas);
  return (ctx = canvas.getContext('2d')!);
}

function setRatio(value: number): void {
  Object.defineProperty(window, 'devicePixelRatio', { value, configurable: true });
}

/** The layout the adapter draws, computed apart with the same fonts (at the canvas's size, or `size`). */
function expected(view: OfferView, state: Partial<LayoutState> = {}, size = [canvas.clientWidth, canvas.clientHeight]): OfferLayout {
  const scratch = document.createElement('canvas').getContext('2d')!;
  const measure = (text: string, font: string): number => {
    scratch.font = font;
    return scratch.measureText(text).width;
  };
  return layoutOffer(view, size[0]!, size[1]!, measure, DEFAULT_CANVAS_THEME, labelsFor(view.language), {
    checked: false,
    hero: undefined,
    ...state,
  });
}

/** The backdrop drawn behind the card by default (`#0009`, the DOM dialog's), as read back. */
const BACKDROP = [0, 0, 0, 0x99];

/** Device-pixel bounds of everything drawn (alpha > 0) other than the backdrop, or undefined when nothing is. */
function inkBounds(): Rect | undefined {
  const { width, height } = canvas;
  const data = ctx.getImageData(0, 0, width, height).data;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i + 3] === 0 || (data[i + 3] === BACKDROP[3] && data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 0)) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The drawn pixels other than the backdrop are exactly the card (scaled to device pixels), give or take antialiasing. */
function expectInkIsCard(card: Rect, scale = devicePixelRatio): void {
  const ink = inkBounds()!;
  expect(ink, 'something drawn').toBeDefined();
  expect(Math.abs(ink.x - card.x * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(ink.y - card.y * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(ink.x + ink.w - (card.x + card.w) * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(ink.y + ink.h - (card.y + card.h) * scale)).toBeLessThanOrEqual(1);
}

/** The RGB at a point in CSS pixels. */
function rgb(x: number, y: number, scale = devicePixelRatio): number[] {
  return [...ctx.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data.slice(0, 3)];
}

/** How many pixels of the card are neither its background nor transparent (text, buttons). */
function inkInside(card: Rect, scale = devicePixelRatio): number {
  const data = ctx.getImageData(card.x * scale, card.y * scale, card.w * scale, card.h * scale).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 255 && Math.abs(data[i]! - BG[0]!) + Math.abs(data[i + 1]! - BG[1]!) + Math.abs(data[i + 2]! - BG[2]!) > 60) n++;
  return n;
}

const colorNear = (actual: number[], wanted: number[]): boolean => actual.every((v, i) => Math.abs(v - wanted[i]!) <= 8);
const hasColor = (wanted: number[]): boolean => {
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < data.length; i += 4) if (colorNear([data[i]!, data[i + 1]!, data[i + 2]!], wanted)) return true;
  return false;
};
const center = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const click = (r: Rect) => userEvent.click(canvas, { position: center(r) });
const regionOf = (layout: OfferLayout, control: Control): Rect => layout.hits.find((h) => sameControl(h.control, control))!.rect;
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

beforeEach(() => {
  setRatio(1);
});

afterEach(() => {
  adapter?.close();
  adapter = undefined;
  if (ratio) Object.defineProperty(window, 'devicePixelRatio', ratio);
  else delete (window as { devicePixelRatio?: number }).devicePixelRatio;
  document.body.replaceChildren();
});

describe('canvas adapter', () => {
  it('draws the dialog inside the centered card, and nothing outside it but the backdrop', () => {
    const { view } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    const layout = expected(view);
    expect([canvas.width, canvas.height]).toEqual([360, 640]);
    expectInkIsCard(layout.card);
    expect([...ctx.getImageData(0, 0, 1, 1).data]).toEqual(BACKDROP);
    // The card's own color in a corner, the accent of the purchase button, and text drawn over the card.
    expect(rgb(layout.card.x + 16, layout.card.y + layout.card.h - 6)).toEqual(BG);
    expect(rgb(regionOf(layout, { kind: 'buy', index: 0 }).x + 4, center(regionOf(layout, { kind: 'buy', index: 0 })).y)).toEqual(ACCENT);
    expect(inkInside(layout.card)).toBeGreaterThan(500);
  });

  it('dims the game behind the card as the DOM dialog does: #0009 by default, themable, none with backdrop: ""', () => {
    const { view } = recordingView(aiBody);
    const corner = () => [...ctx.getImageData(0, 0, 1, 1).data];
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    expect(corner()).toEqual(BACKDROP); // a regression shows [0, 0, 0, 0], the game undimmed
    adapter.close();
    adapter = createCanvasAdapter({ context: ctx, theme: { backdrop: '#ff000080' } });
    adapter.present(view);
    expect(corner()).toEqual([255, 0, 0, 0x80]);
    adapter.close();
    adapter = createCanvasAdapter({ context: ctx, theme: { backdrop: '' } });
    adapter.present(view);
    expect(corner()).toEqual([0, 0, 0, 0]);
  });

  it('shows no browser focus outline around the canvas while open (the ring around the focused control is the indicator), and gives back its own', async () => {
    mount(360, 640);
    await userEvent.keyboard('{Shift}'); // the player uses the keyboard: focus moved by script shows an outline
    adapter = createCanvasAdapter({ context: ctx });
    adapter.present(recordingView(aiBody).view);
    expect(canvas.matches(':focus-visible')).toBe(true);
    expect(getComputedStyle(canvas).outlineStyle).toBe('none'); // a regression shows `auto`, the browser's ring around the whole overlay
    await userEvent.keyboard('{Tab}');
    expect(hasColor(FOCUS)).toBe(true);
    adapter.close();
    expect(canvas.style.outline).toBe('');
    canvas.style.outline = '2px dotted red'; // the game's own, as an inline style
    adapter.present(recordingView(aiBody).view);
    expect(getComputedStyle(canvas).outlineStyle).toBe('none');
    adapter.close();
    expect(canvas.style.outline).toBe('red dotted 2px');
  });

  it('sizes the backing store to the CSS box × devicePixelRatio and draws in CSS pixels, sharp', () => {
    const { view } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    const inkAt1 = inkInside(expected(view).card, 1);

    adapter.close();
    setRatio(2);
    adapter.present(view);
    expect([canvas.width, canvas.height]).toEqual([720, 1280]);
    expect(canvas.getBoundingClientRect()).toMatchObject({ width: 360, height: 640 });
    const layout = expected(view);
    expectInkIsCard(layout.card, 2);
    // Four device pixels per CSS pixel, all drawn.
    expect(inkInside(layout.card, 2)).toBeGreaterThan(inkAt1 * 3);
    expect(rgb(regionOf(layout, { kind: 'buy', index: 0 }).x + 4, center(regionOf(layout, { kind: 'buy', index: 0 })).y, 2)).toEqual(ACCENT);
  });

  it('sizes the backing store to the device pixels of a fractional CSS box (a width in % of an odd width), sharp', () => {
    setRatio(2);
    adapter = createCanvasAdapter({ context: mount(200.5, 300.5) });
    adapter.present(recordingView(aiBody).view);
    expect([canvas.width, canvas.height]).toEqual([401, 601]);
    expect(canvas.getBoundingClientRect().width).toBe(200.5); // not resized by the adapter
  });

  it('reports a click on the purchase button with the product id, ignores clicks elsewhere', async () => {
    const { view, calls } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(1280, 720) });
    adapter.present(view);
    const layout = expected(view);
    await userEvent.click(canvas, { position: { x: 5, y: 5 } });
    await userEvent.click(canvas, { position: { x: layout.card.x + 30, y: layout.card.y + 30 } }); // the title
    expect(calls).toEqual([]);
    await click(regionOf(layout, { kind: 'buy', index: 0 }));
    expect(calls).toEqual(['interact:golden_sword']);
  });

  it('buys the product whose button was clicked, also when products have no purchasable_slug', async () => {
    const { view, calls } = recordingView(twoUnnamedProducts);
    adapter = createCanvasAdapter({ context: mount(1280, 720) });
    adapter.present(view);
    await click(regionOf(expected(view), { kind: 'buy', index: 1 }));
    expect(calls).toEqual(['interact:#1']);
  });

  it('sets the toggle (and draws it set) then dismisses from ×', async () => {
    const { view, calls } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    const layout = expected(view);
    const toggle = regionOf(layout, { kind: 'toggle' });
    const box = { x: toggle.x + 3, y: toggle.y + toggle.h / 2 - 7 };
    expect(rgb(box.x, box.y)).toEqual(BG); // an empty box
    await click(toggle);
    expect(calls).toEqual(['toggle:true']);
    expect(rgb(box.x, box.y)).toEqual(ACCENT);
    await click(regionOf(layout, { kind: 'close' }));
    expect(calls).toEqual(['toggle:true', 'dismiss']);
  });

  it('takes focus, moves a focus ring with Tab, presses with Enter and Space, dismisses on Escape, and gives focus back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.append(opener);
    opener.focus();
    const { view, calls } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    expect(document.activeElement).toBe(canvas);
    expect(canvas.tabIndex).toBe(0);
    expect(canvas.getAttribute('aria-label')).toBe('Sale');
    expect(hasColor(FOCUS)).toBe(false);

    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(canvas);
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Buy: golden_sword');
    expect(hasColor(FOCUS)).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(calls).toEqual(['interact:golden_sword']);

    await userEvent.keyboard('{Tab}');
    expect(canvas.getAttribute('aria-label')).toBe("Sale: Don't show again");
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Tab}');
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Close');
    await userEvent.keyboard('{Tab}'); // wraps to the first
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Buy: golden_sword');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}'); // and back to the last
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Close');
    await userEvent.keyboard('{Escape}');
    expect(calls).toEqual(['interact:golden_sword', 'toggle:true', 'dismiss']);
    expect(document.activeElement).toBe(canvas); // Tab never left the canvas

    adapter.close();
    expect(document.activeElement).toBe(opener);
    expect(canvas.hasAttribute('tabindex')).toBe(false);
    expect(canvas.hasAttribute('aria-label')).toBe(false);
    expect(inkBounds()).toBeUndefined();
    // Its listeners are gone too.
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(calls).toHaveLength(3);
    adapter.close(); // idempotent
  });

  it('after a resize that drops a control, focus stays on the control it was on (or on none): Enter never presses another', async () => {
    const base = aiBody.recommendations[0]!.product_list[0]!;
    const five = { ...aiBody, recommendations: [{ store: 'ios', product_list: [1, 2, 3, 4, 5].map((n) => ({ ...base, product_index: String(n), purchasable_slug: `item_${n}` })) }] };
    const { view, calls } = recordingView(five);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    const ids = (w: number, h: number) => expected(view, {}, [w, h]).hits.map((hit) => hit.control.kind);
    // The premise: the toggle fits the portrait card, not the landscape one.
    expect(ids(360, 640)).toContain('toggle');
    expect(ids(640, 360)).not.toContain('toggle');

    for (let i = 0; i < 7; i++) await userEvent.keyboard('{Tab}');
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Close');
    canvas.style.width = '640px';
    canvas.style.height = '360px';
    await expect.poll(() => canvas.width).toBe(640);
    expect(canvas.getAttribute('aria-label')).toBe('Sale: Close');
    await userEvent.keyboard('{Enter}');
    expect(calls).toEqual(['dismiss']);

    adapter.close();
    const again = recordingView(five);
    adapter.present(again.view);
    canvas.style.width = '360px';
    canvas.style.height = '640px';
    await expect.poll(() => canvas.width).toBe(360);
    for (let i = 0; i < 6; i++) await userEvent.keyboard('{Tab}');
    expect(canvas.getAttribute('aria-label')).toBe("Sale: Don't show again");
    canvas.style.width = '640px';
    canvas.style.height = '360px';
    await expect.poll(() => canvas.width).toBe(640);
    expect(canvas.getAttribute('aria-label')).toBe('Sale'); // the toggle is gone: no focus
    await userEvent.keyboard('{Enter}');
    expect(again.calls).toEqual([]);
  });

  it('gives focus back to an opener inside a web component (shadow root), not to its host', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const opener = document.createElement('button');
    host.attachShadow({ mode: 'open' }).append(opener);
    opener.focus();
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(recordingView(aiBody).view);
    expect(document.activeElement).toBe(canvas);
    adapter.close();
    expect(host.shadowRoot!.activeElement).toBe(opener);
  });

  it('presses a control once when its key is held (repeats ignored)', () => {
    const { view, calls } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(canvas.getAttribute('aria-label')).toBe("Sale: Don't show again");
    for (const repeat of [false, true, true, true]) canvas.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', repeat }));
    expect(calls).toEqual(['toggle:true']);
  });

  it('an Escape held down in the game (auto-repeats) does not dismiss an offer the player has not seen', () => {
    const { view, calls } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', repeat: true }));
    expect(calls).toEqual([]);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(calls).toEqual(['dismiss']);
  });

  it('keeps a tabindex and aria-label the canvas already had', () => {
    const context = mount(360, 640);
    canvas.tabIndex = 3;
    canvas.setAttribute('aria-label', 'Game');
    adapter = createCanvasAdapter({ context });
    adapter.present(recordingView(aiBody).view);
    expect(canvas.getAttribute('aria-label')).toBe('Sale');
    expect(canvas.tabIndex).toBe(3);
    adapter.close();
    expect(canvas.getAttribute('aria-label')).toBe('Game');
    expect(canvas.getAttribute('tabindex')).toBe('3');
  });

  it('redraws at the new size when the canvas is resized', async () => {
    const { view } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    canvas.style.width = '1280px';
    canvas.style.height = '720px';
    await expect.poll(() => canvas.width).toBe(1280);
    expect(canvas.height).toBe(720);
    expectInkIsCard(expected(view).card);
    expect(expected(view).card.w).toBe(440);
  });

  it('draws the hero image once loaded; a broken image leaves a clean card', async () => {
    const broken = 'http://127.0.0.1:9/none.png';
    const body = (image: string) => ({ ...personalizedBody, product_name: 'Gems', message: { en: { ...personalizedBody.message.en, image } } });
    const failed = new Promise((resolve) => Object.assign(new Image(), { onerror: resolve, src: broken }));
    const { view } = recordingView(body(broken));
    adapter = createCanvasAdapter({ context: mount(360, 640) });
    adapter.present(view);
    await failed;
    await frame();
    expectInkIsCard(expected(view).card);
    expect(inkInside(expected(view).card)).toBeGreaterThan(200);

    const withImage = recordingView(body(SAME_ORIGIN_PNG)).view;
    adapter.present(withImage);
    const loaded = expected(withImage, { hero: { w: 400, h: 400 } });
    expect(loaded.card.h).toBe(expected(withImage).card.h + 180);
    await expect.poll(() => inkBounds()!.h).toBe(loaded.card.h);
    expectInkIsCard(loaded.card);
  });

  it('draws hostile strings as text and creates no elements', () => {
    const hostile = hostileAiBody(null);
    const fillText = vi.spyOn(CanvasRenderingContext2D.prototype, 'fillText');
    const before = document.getElementsByTagName('*').length;
    // The decoder refuses such a URL; the adapter checks again.
    const view: OfferView = { ...recordingView(hostile).view, backgroundUrl: 'javascript:window.pwned=1' };
    adapter = createCanvasAdapter({ context: mount(1280, 720) });
    adapter.present(view);
    const drawn = fillText.mock.calls.map((c) => c[0]).join(' ');
    expect(drawn).toContain('<img src=x onerror="window.pwned=1">');
    expect(drawn).toContain('<script>window.pwned=1</script><b onclick=x>bold?</b>');
    expect(drawn).toContain('<i>t</i>');
    expect(document.getElementsByTagName('*').length).toBe(before + 1); // the test's canvas
    expect(canvas.getAttribute('aria-label')).toBe('<img src=x onerror="window.pwned=1">');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('with clear: false, draws over the game’s frame at the game’s resolution and leaves the rest, dimmed', () => {
    const context = mount(400, 300);
    canvas.width = 800; // the game renders at 2× whatever the screen
    canvas.height = 600;
    context.fillStyle = '#ff0000';
    context.font = '30px serif';
    context.fillRect(0, 0, 800, 600);
    const { view } = recordingView(aiBody);
    adapter = createCanvasAdapter({ context, clear: false });
    adapter.present(view);
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    // The game's drawing state is as it left it.
    expect([context.fillStyle, context.font, context.getTransform().a]).toEqual(['#ff0000', '30px serif', 1]);
    const layout = expected(view);
    expect(rgb(2, 2, 2)).toEqual([102, 0, 0]); // the game's red, dimmed by the backdrop (60 % black)
    expect(rgb(layout.card.x + 16, layout.card.y + layout.card.h - 6, 2)).toEqual(BG);
    // The game draws its next frame, then asks for the offer again.
    context.fillRect(0, 0, 800, 600);
    adapter.draw();
    expect(rgb(layout.card.x + 16, layout.card.y + layout.card.h - 6, 2)).toEqual(BG);
    adapter.close();
    expect(rgb(layout.card.x + 16, layout.card.y + layout.card.h - 6, 2)).toEqual(BG); // the game's to redraw
    adapter.draw(); // nothing shown: a no-op
  });
});
