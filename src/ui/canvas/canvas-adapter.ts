/**
 * The canvas adapter: the offer dialog drawn into a 2D canvas context, for games that draw
 * everything in a canvas (an overlay canvas above the game, or the game's own canvas).
 *
 * - sharp at any `devicePixelRatio`: drawn in CSS pixels through `setTransform`, onto a backing
 *   store sized to the canvas's CSS box × the ratio;
 * - the message wrapped like the DOM dialog's (Korean per `word-break: keep-all`, long words broken
 *   between graphemes), redrawn when the canvas is resized or the ratio changes;
 * - pointer (mouse, touch, pen): a press that starts and ends on a purchase button, the toggle or ×
 *   acts on the view;
 * - the game behind the card dimmed (`theme.backdrop`), as the DOM dialog's backdrop dims it;
 * - keyboard: the canvas takes focus, without the browser's outline around it; Tab and Shift+Tab
 *   move a focus ring through the buttons, Enter and Space press the focused one (on keydown, so a
 *   game that cancels their `keyup`, as Phaser's keyboard capture does, changes nothing), Escape
 *   dismisses; focus returns where it was on close;
 * - every string goes through `fillText`: nothing from the service becomes markup or DOM.
 *
 * @module
 */
import { httpUrl } from '../../internal/index.js';
import { isDrawn } from '../drawn.js';
import { deepActiveElement } from '../focus.js';
import { labelsFor, type UiLabels } from '../labels.js';
import { buyName, titleText, toggleText } from '../names.js';
import type { OfferView, UiAdapter } from '../types.js';
import { layoutOffer, type OfferLayout, type Rect } from './layout.js';
import { DEFAULT_CANVAS_THEME, type CanvasTheme } from './theme.js';
import type { Measure } from './wrap.js';

export type { CanvasTheme } from './theme.js';

/** Options of {@link createCanvasAdapter}. */
export interface CanvasAdapterOptions {
  /**
   * The 2D context to draw into: an overlay canvas's or the game's own. Its canvas must be in the
   * page, sized by CSS, without border or padding (pointer positions are mapped through its box;
   * CSS transforms, and `object-fit` with an `object-position` in percentages or pixels, are followed).
   * A canvas not in the page when an offer is shown is refused (`present` throws: `show()` rejects
   * with `ui-failed`, nothing reported), and so is one not rendered (`display: none` on it or
   * around it), of zero CSS width or height, or, with `clear: false`, whose backing store (`width`,
   * `height`) is zero; one taken out of the page while an offer is on it closes
   * the view (nothing reported; `show()` resolves with `closed`).
   */
  readonly context: CanvasRenderingContext2D;
  /** Colors, font family and radius; unset ones are the DOM dialog's defaults ({@link CanvasTheme}). */
  readonly theme?: Partial<CanvasTheme>;
  /** Per-language overrides of the adapter's own words (`{ ko: { buy: '구매하기' } }`). */
  readonly labels?: Readonly<Record<string, Partial<UiLabels>>>;
  /**
   * Default `true`: the canvas is the adapter's overlay. Its backing store is resized to its CSS box
   * × `devicePixelRatio`, and cleared before each draw and on close.
   *
   * `false`: the canvas is the game's. Its backing store is left as the game sized it (drawing is
   * scaled from CSS pixels to it), nothing is cleared, and the game calls `draw()` after drawing
   * each frame; the hero image is then loaded with CORS (`crossOrigin = 'anonymous'`) so that it
   * never taints the game's canvas (an image served without CORS headers is left out).
   */
  readonly clear?: boolean;
}

/** A {@link UiAdapter} that draws into a canvas. */
export interface CanvasAdapter extends UiAdapter {
  /**
   * Draws the shown offer again (no-op when none is shown). With `clear: false`, call it after the
   * game drew its frame. Never throws.
   */
  draw(): void;
}

/** The 2D context's own defaults for what the adapter does not set itself on every draw. */
const DRAWING_DEFAULTS = {
  globalAlpha: 1,
  globalCompositeOperation: 'source-over',
  filter: 'none',
  shadowColor: 'transparent',
  shadowBlur: 0,
  direction: 'ltr',
  letterSpacing: '0px',
  wordSpacing: '0px',
  fontKerning: 'auto',
  imageSmoothingEnabled: true,
} as const;

/**
 * Creates the canvas adapter. Nothing is drawn, and no listener added, until `present`.
 * `present(view)` draws the view and wires the canvas's events; `close()` removes the listeners,
 * restores the canvas's `tabindex`, `aria-label`, inline `outline` and the page's focus, and clears the canvas (with
 * `clear`); it is idempotent. None of the adapter's event handlers throws into the page.
 */
export function createCanvasAdapter(options: CanvasAdapterOptions): CanvasAdapter {
  const ctx = options.context;
  const canvas = ctx.canvas;
  const theme: CanvasTheme = { ...DEFAULT_CANVAS_THEME, ...options.theme };
  const clear = options.clear !== false;
  let view: OfferView | undefined;
  let labels: UiLabels;
  let layout: OfferLayout | undefined;
  /** Where the canvas's bitmap shows in its CSS box, in CSS pixels: the layout's size, and its top-left corner. */
  let box = [0, 0];
  let origin = [0, 0];
  let focus = -1;
  let checked = false;
  let hero: HTMLImageElement | undefined;
  let widths = new Map<string, number>();
  let undo: (() => void)[] = [];
  let saved: [opener: HTMLElement | undefined, tabIndex: string | null, label: string | null, outline: string];

  const measure: Measure = (text, font) => {
    const key = `${font}\n${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      ctx.font = font;
      widths.set(key, (w = ctx.measureText(text).width));
    }
    return w;
  };

  const path = ({ x, y, w, h }: Rect, r: number): void => {
    ctx.beginPath();
    if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
    else ctx.rect(x, y, w, h);
  };

  const draw = (): void => {
    if (!view) return;
    try {
      const dpr = devicePixelRatio || 1;
      const [cssW, cssH] = cssSize(canvas);
      const W = cssW || canvas.width / dpr;
      const H = cssH || canvas.height / dpr;
      const w = Math.round(W * dpr);
      const h = Math.round(H * dpr);
      if (clear && (canvas.width !== w || canvas.height !== h)) {
        canvas.width = w;
        canvas.height = h;
        // A canvas without a CSS size would grow with its backing store: pin it.
        const [nowW, nowH] = cssSize(canvas);
        if (nowW !== W) canvas.style.width = `${W}px`;
        if (nowH !== H) canvas.style.height = `${H}px`;
      }
      // A game's canvas letterboxed by `object-fit` shows its bitmap in part of the box: lay out there.
      const [x0, y0, sw, sh] = shown(canvas, W, H);
      origin = [x0, y0];
      ctx.save(); // measuring sets the font: the game's context keeps its state
      // What a game's frame may leave set (with `clear: false`) would fade, tint or space the card.
      Object.assign(ctx, DRAWING_DEFAULTS);
      ctx.setLineDash([]);
      try {
        if (!layout || box[0] !== sw || box[1] !== sh) {
          // Regions come and go with the size (a toggle that no longer fits): focus stays on the
          // same control, or on none when it is gone, never on whatever took its index.
          const focused = layout?.hits[focus]?.id;
          box = [sw, sh];
          layout = layoutOffer(view, sw, sh, measure, theme, labels, { checked, hero: hero && { w: hero.naturalWidth, h: hero.naturalHeight } });
          if (focused !== undefined) {
            focus = layout.hits.findIndex((hit) => hit.id === focused);
            describe();
          }
        }
        ctx.setTransform(canvas.width / sw, 0, 0, canvas.height / sh, 0, 0);
        if (clear) ctx.clearRect(0, 0, sw, sh);
        if (theme.backdrop) {
          ctx.fillStyle = theme.backdrop;
          ctx.fillRect(0, 0, sw, sh);
        }
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
        path(layout.card, theme.radius);
        ctx.fillStyle = theme.bg;
        ctx.fill();
        ctx.clip();
        for (const item of layout.items) {
          if (item.kind === 'text') {
            ctx.font = item.font;
            ctx.fillStyle = item.color;
            ctx.fillText(item.text, item.x, item.y);
          } else if (item.kind === 'image') {
            const { x, y, w, h } = item.rect;
            const { naturalWidth: nw, naturalHeight: nh } = hero!;
            const s = Math.max(w / nw, h / nh);
            ctx.drawImage(hero!, (nw - w / s) / 2, (nh - h / s) / 2, w / s, h / s, x, y, w, h);
          } else if (item.kind === 'check') {
            const { x, y } = item.rect;
            ctx.beginPath();
            ctx.moveTo(x + 5, y + 10);
            ctx.lineTo(x + 9, y + 14);
            ctx.lineTo(x + 15, y + 6);
            ctx.lineWidth = 2.5;
            ctx.strokeStyle = item.color;
            ctx.stroke();
          } else {
            path(item.rect, item.radius);
            ctx.fillStyle = item.color;
            ctx.fill();
          }
        }
        const ring = layout.hits[focus]?.rect;
        if (ring) {
          path({ x: ring.x - 3, y: ring.y - 3, w: ring.w + 6, h: ring.h + 6 }, 12);
          ctx.lineWidth = 3;
          ctx.strokeStyle = theme.focus;
          ctx.stroke();
        }
      } finally {
        ctx.restore();
      }
    } catch {
      // A detached or zero-sized canvas, a broken image: nothing to draw, nothing to throw into the game.
    }
  };

  const describe = (): void => {
    const v = view!;
    const id = layout?.hits[focus]?.id;
    // `buy:<index>` names a product of this view's layout, as in `press`.
    const name = !id ? '' : id === 'close' ? labels.close : id === 'toggle' ? toggleText(v, labels) : buyName(v.products[+id.slice(4)]!, labels);
    const title = titleText(v, labels);
    canvas.setAttribute('aria-label', name ? `${title}: ${name}` : title);
  };

  const press = (i: number): void => {
    const id = layout?.hits[i]?.id;
    const v = view!;
    if (id === 'close') v.dismiss();
    else if (id === 'toggle') {
      v.setDoNotShowAgain((checked = !checked));
      layout = undefined;
      draw();
    } else if (id) v.interact(v.products[+id.slice(4)]);
  };

  const on = <E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): void => {
    const listener = (event: Event): void => {
      try {
        if (view) handler(event as E);
      } catch {
        // Never into the game loop.
      }
    };
    target.addEventListener(type, listener);
    undo.push(() => target.removeEventListener(type, listener));
  };

  const close = (): void => {
    if (!view) return;
    for (const f of undo) f();
    undo = [];
    view = layout = hero = undefined;
    const [opener, tabIndex, label, outline] = saved;
    // Not held until the next offer: the game may drop the screen around it next.
    saved[0] = undefined;
    canvas.style.outline = outline;
    if (tabIndex === null) canvas.removeAttribute('tabindex');
    if (label === null) canvas.removeAttribute('aria-label');
    else canvas.setAttribute('aria-label', label);
    if (clear) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    if (opener?.isConnected) opener.focus();
    else canvas.blur();
  };

  const present = (v: OfferView): void => {
    close();
    // Drawn out of the page, the offer would be reported open, unseen, and never closed.
    if (!canvas.isConnected) throw new Error('the canvas is not in the page');
    // So would one not rendered (`display: none` on it or around it), or of zero CSS size. A
    // backing store of zero size shows nothing either, on the game's canvas: the adapter's own
    // (`clear`) is sized to the CSS box at each draw.
    if (!isDrawn(canvas) || !(clear || (canvas.width && canvas.height))) {
      throw new Error('the canvas is not rendered (display: none) or has no size');
    }
    view = v;
    labels = labelsFor(v.language, options.labels);
    focus = -1;
    checked = false;
    widths = new Map();
    saved = [deepActiveElement(canvas.ownerDocument), canvas.getAttribute('tabindex'), canvas.getAttribute('aria-label'), canvas.style.outline];
    if (saved[1] === null) canvas.tabIndex = 0;
    // The canvas has focus for the keys, but the focus the player sees is the ring drawn around a
    // control: no browser outline around the whole overlay (as on the DOM dialog itself).
    canvas.style.outline = 'none';
    describe();

    // A control acts as a native button does: on a primary press that starts and ends on it (a
    // drag from elsewhere onto Buy buys nothing). Pointer events, not `click`: a game that cancels
    // `touchstart` (Phaser does) gets no click from a tap. `offsetX` is in the canvas's own CSS
    // pixels through any CSS transform (scaled to fit, turned for landscape).
    const hit = (e: PointerEvent): number => {
      const [x, y] = [e.offsetX - origin[0]!, e.offsetY - origin[1]!];
      return layout?.hits.findIndex(({ rect: h }) => x >= h.x && x < h.x + h.w && y >= h.y && y < h.y + h.h) ?? -1;
    };
    let down = -1;
    on<PointerEvent>(canvas, 'pointerdown', (e) => {
      down = e.button ? -1 : hit(e);
      // The release then comes here wherever it happens, so no press is left pending.
      if (down >= 0) canvas.setPointerCapture(e.pointerId);
    });
    on<PointerEvent>(canvas, 'pointerup', (e) => {
      if (down >= 0 && hit(e) === down) press(down);
      down = -1;
    });
    on(canvas, 'pointercancel', () => (down = -1));
    on<KeyboardEvent>(canvas, 'keydown', (e) => {
      const n = layout?.hits.length ?? 0;
      // A held key repeats: a control is pressed once, as a native one is, and a key held down
      // from the game does not dismiss an offer the player has not seen.
      if (e.key === 'Escape') {
        if (!e.repeat) view!.dismiss();
      } else if (e.key === 'Tab') {
        // From no focus: Tab goes to the first region, Shift+Tab to the last; both wrap.
        focus = (Math.max(focus, e.shiftKey ? 0 : -1) + (e.shiftKey ? n - 1 : 1)) % n || 0;
        describe();
        draw();
      } else if (e.key === 'Enter' || e.key === ' ') {
        if (!e.repeat) press(focus);
      } else return;
      e.preventDefault();
      e.stopPropagation();
    });
    // Taken out of the page (a new screen): the offer left the screen without the player.
    const redraw = (): void => {
      if (canvas.isConnected) return draw();
      v.close();
      close();
    };
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(redraw);
      observer.observe(canvas);
      undo.push(() => observer.disconnect());
    } else on(window, 'resize', redraw);
    // A change of devicePixelRatio (another screen, zoom): redraw, and watch for the next one.
    let query: MediaQueryList;
    const watchRatio = (): void => {
      query = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
      query.onchange = () => {
        query.onchange = null;
        draw();
        watchRatio();
      };
    };
    watchRatio();
    undo.push(() => (query.onchange = null));

    const url = httpUrl(v.backgroundUrl ?? v.imageUrl);
    if (url) {
      const img = new Image();
      if (!clear) img.crossOrigin = 'anonymous';
      img.onload = () => {
        if (view === v) {
          hero = img;
          layout = undefined;
          draw();
        }
      };
      img.src = url;
    }
    draw();
    canvas.focus({ preventScroll: true });
  };

  return { present, close, draw };
}

/**
 * Where the bitmap of a canvas with a `W` × `H` CSS box shows in it (`object-fit`, `object-position`):
 * x, y, width, height in CSS pixels. The whole box with `fill`, the default.
 */
function shown(canvas: HTMLCanvasElement, W: number, H: number): [x: number, y: number, w: number, h: number] {
  const { objectFit: fit, objectPosition } = getComputedStyle(canvas);
  const { width: cw, height: ch } = canvas;
  if (fit === 'fill' || !cw || !ch) return [0, 0, W, H];
  let s = (fit === 'cover' ? Math.max : Math.min)(W / cw, H / ch);
  if (fit === 'none' || (fit === 'scale-down' && s > 1)) s = 1;
  const [w, h] = [cw * s, ch * s];
  // `50% 50%` (the default), or lengths: the free space is shared by percentage, or the image moved by pixels.
  const at = objectPosition.split(' ').map((v, i) => (v.endsWith('%') ? (parseFloat(v) / 100) * (i ? H - h : W - w) : parseFloat(v)) || 0);
  return [at[0]!, at[1]!, w, h];
}

/**
 * The canvas's CSS box, in CSS pixels, fractions kept (`clientWidth` rounds them: the backing
 * store would then miss the device pixels). NaN when the style gives no length (a detached canvas).
 */
function cssSize(canvas: HTMLCanvasElement): [number, number] {
  const style = getComputedStyle(canvas);
  return [parseFloat(style.width), parseFloat(style.height)];
}
