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
 * This file holds the adapter's state, opens and closes the view; layout.ts says where things go,
 * paint.ts draws them, bitmap.ts sizes the canvas, input.ts and redraw.ts say when to act.
 *
 * @module
 */
import { httpUrl } from '../../internal/index.js';
import { isDrawn } from '../drawn.js';
import { labelsFor, type UiLabels } from '../labels.js';
import { buyName, titleText, toggleText } from '../names.js';
import type { OfferView, UiAdapter } from '../types.js';
import { shownRect, sizeBackingStore } from './bitmap.js';
import { borrowCanvas } from './borrow.js';
import { hitAt, listenInput, nextFocus, type Listen } from './input.js';
import { layoutOffer, type OfferLayout } from './layout.js';
import { paintOffer, resetDrawingState } from './paint.js';
import { watchSize } from './redraw.js';
import { DEFAULT_CANVAS_THEME, type CanvasTheme } from './theme.js';
import type { Measure } from './wrap.js';

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
  let measure = measureIn(ctx);
  let undo: (() => void)[] = [];
  /** Gives the canvas back (see `borrowCanvas`) while an offer is on it. */
  let giveBack: (() => HTMLElement | undefined) | undefined;

  const draw = (): void => {
    if (!view) return;
    try {
      const [W, H] = sizeBackingStore(canvas, clear);
      // A game's canvas letterboxed by `object-fit` shows its bitmap in part of the box: lay out there.
      const [x0, y0, sw, sh] = shownRect(getComputedStyle(canvas), canvas, W, H);
      origin = [x0, y0];
      ctx.save(); // measuring sets the font: the game's context keeps its state
      resetDrawingState(ctx);
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
        paintOffer(ctx, layout, sw, sh, theme, hero, focus, clear);
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

  /** Presses the region at index `i` of the layout's hits, as its button would be; by default the focused one. */
  const press = (i = focus): void => {
    const id = layout?.hits[i]?.id;
    const v = view!;
    if (id === 'close') v.dismiss();
    else if (id === 'toggle') {
      v.setDoNotShowAgain((checked = !checked));
      layout = undefined;
      draw();
    } else if (id) v.interact(v.products[+id.slice(4)]);
  };

  const on: Listen = (target, type, handler) => {
    const listener = (event: Event): void => {
      try {
        if (view) handler(event as Parameters<typeof handler>[0]);
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
    const opener = giveBack!();
    // Not held until the next offer: the game may drop the screen around it next.
    giveBack = undefined;
    if (clear) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    if (opener?.isConnected) opener.focus();
    else canvas.blur();
  };

  /** Takes the canvas for `v`. */
  const open = (v: OfferView): void => {
    view = v;
    labels = labelsFor(v.language, options.labels);
    focus = -1;
    checked = false;
    measure = measureIn(ctx);
    giveBack = borrowCanvas(canvas);
    describe();
  };

  /** Loads the view's hero image, and lays out again with it once loaded. */
  const loadHero = (v: OfferView): void => {
    const url = httpUrl(v.backgroundUrl ?? v.imageUrl);
    if (!url) return;
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
    open(v);
    listenInput(
      canvas,
      on,
      // `offsetX` is in the canvas's own CSS pixels through any CSS transform (scaled to fit,
      // turned for landscape).
      (e) => hitAt(layout?.hits, e.offsetX - origin[0]!, e.offsetY - origin[1]!),
      press,
      (back) => {
        focus = nextFocus(focus, layout?.hits.length ?? 0, back);
        describe();
        draw();
      },
      () => view!.dismiss(),
    );
    undo.push(
      watchSize(
        canvas,
        on,
        () => {
          // Taken out of the page (a new screen): the offer left the screen without the player.
          if (canvas.isConnected) return draw();
          v.close();
          close();
        },
        draw,
      ),
    );
    loadHero(v);
    draw();
    canvas.focus({ preventScroll: true });
  };

  return { present, close, draw };
}

/** Measures text in the context, each (font, text) once: a new cache for each offer shown. */
function measureIn(ctx: CanvasRenderingContext2D): Measure {
  const widths = new Map<string, number>();
  return (text, font) => {
    const key = `${font}\n${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      ctx.font = font;
      widths.set(key, (w = ctx.measureText(text).width));
    }
    return w;
  };
}
