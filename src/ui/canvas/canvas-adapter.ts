/**
 * The canvas adapter: the offer dialog drawn into a 2D canvas context, for games that draw
 * everything in a canvas (an overlay canvas above the game, or the game's own canvas).
 *
 * - sharp at any `devicePixelRatio`: drawn in CSS pixels through `setTransform`, onto a backing
 *   store sized to the canvas's CSS box × the ratio;
 * - the message wrapped like the DOM dialog's (Korean per `word-break: keep-all`, long words broken
 *   between graphemes), redrawn when the canvas is resized or the ratio changes;
 * - pointer (mouse, touch, pen): a press that starts and ends on a purchase button, the toggle or ×
 *   acts on the view; a finger's move on the canvas is cancelled (it scrolls nothing in the dialog,
 *   and would scroll the page or take the tab back a page);
 * - the game behind the card dimmed (`theme.backdrop`), as the DOM dialog's backdrop dims it;
 * - keyboard: the canvas takes focus, without the browser's outline around it; Tab and Shift+Tab
 *   move a focus ring through the buttons, Enter and Space press the focused one (on keydown, so a
 *   game that cancels their `keyup`, as Phaser's keyboard capture does, changes nothing), Escape
 *   dismisses; focus returns where it was on close;
 * - the hero image is loaded and decoded by `prepare`, in the CORS mode it is drawn with, before the
 *   dialog is drawn: drawn with it when it came, without it otherwise, never added later; one
 *   served without CORS headers is left out of the game's canvas (`clear: false`), which stays
 *   readable (`getImageData`);
 * - every string goes through `fillText`: nothing from the service becomes markup or DOM.
 *
 * This file opens and closes the view; dialog.ts holds the shown offer's picture and what input
 * does to it, layout.ts says where things go, paint.ts draws them, frame.ts and bitmap.ts size the
 * canvas, input.ts and redraw.ts say when to act.
 *
 * @module
 */
import { isDrawn } from '../drawn.js';
import { warmNumberFormats } from '../format.js';
import { heroUrl, preparedImages } from '../image.js';
import { labelsFor, type UiLabels } from '../labels.js';
import type { OfferView, UiAdapter } from '../types.js';
import { borrowCanvas } from './borrow.js';
import { clearCanvas } from './frame.js';
import { listenInput, type Listen } from './input.js';
import { offerDialog, type OfferDialog } from './dialog.js';
import { watchSize } from './redraw.js';
import { DEFAULT_CANVAS_THEME, type CanvasTheme } from './theme.js';
import { warmDialog } from './warm.js';

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
 * Creates the canvas adapter. Nothing is drawn on the game's canvas, and no listener added, until
 * `present`. Create it as the game starts: in idle moments then, it makes the page's price
 * formats and paints a sample offer on a canvas of its own, a step at a time, so the first offer
 * shown runs warm (see `createDomAdapter` for the number data's one-time cost).
 * `present(view)` draws the view and wires the canvas's events; `close()` removes the listeners,
 * restores the canvas's `tabindex`, `aria-label`, inline `outline` and the page's focus, and clears the canvas (with
 * `clear`); it is idempotent. None of the adapter's event handlers throws into the page.
 */
export function createCanvasAdapter(options: CanvasAdapterOptions): CanvasAdapter {
  const ctx = options.context;
  const canvas = ctx.canvas;
  const theme: CanvasTheme = { ...DEFAULT_CANVAS_THEME, ...options.theme };
  warmNumberFormats(); // the browser's first number format, while the game loads (ui/format.ts)
  warmDialog(canvas, theme, labelsFor('en', options.labels)); // a sample offer, on a canvas nobody sees (warm.ts)
  const clear = options.clear !== false;
  /** The CORS mode of the hero image: on the game's canvas, one that never taints it. */
  const crossOrigin = clear ? undefined : 'anonymous';
  const images = preparedImages();
  /** The offer on the canvas, and its picture; undefined while none is. */
  let view: OfferView | undefined;
  let shown: OfferDialog | undefined;
  /** Gives the canvas back (see `borrowCanvas`) while an offer is on it. */
  let giveBack: (() => HTMLElement | undefined) | undefined;
  /** What removes the listeners added while an offer is on the canvas. */
  const undo: (() => void)[] = [];
  const on = guardedListen(() => view, undo);

  const close = (): void => {
    if (!view) return;
    for (const f of undo.splice(0)) f();
    view = shown = undefined;
    const opener = giveBack!();
    // Not held until the next offer: the game may drop the screen around it next.
    giveBack = undefined;
    if (clear) clearCanvas(ctx);
    if (opener?.isConnected) opener.focus();
    else canvas.blur();
  };

  const present = (v: OfferView): void => {
    close();
    refuseUnseen(canvas, clear);
    view = v;
    giveBack = borrowCanvas(canvas);
    const prepared = images.drawn(v);
    const [draw, press, tab, hit] = (shown = offerDialog(ctx, theme, clear, v, labelsFor(v.language, options.labels), prepared === 'unprepared' ? undefined : (prepared ?? undefined)));
    listenInput(canvas, on, hit, press, tab, () => v.dismiss());
    const resized = (): void => {
      // Taken out of the page (a new screen): the offer left the screen without the player.
      if (canvas.isConnected) return draw();
      v.close();
      close();
    };
    undo.push(watchSize(canvas, on, resized, draw));
    // Not prepared: loaded as it is drawn, then its `heroLoaded` (the view may have been shown again since).
    if (prepared === 'unprepared') loadHero(v, crossOrigin, (img) => view === v && shown![4](img));
    draw();
    canvas.focus({ preventScroll: true });
  };

  // `draw` draws the shown offer's picture, if any.
  return {
    // A canvas the offer would be refused on loads nothing: `present` refuses it at once.
    prepare: async (v, { signal }) => {
      refuseUnseen(canvas, clear);
      return images.prepare(v, signal, crossOrigin);
    },
    present,
    close,
    draw: () => shown?.[0](),
  };
}

/**
 * A {@link Listen} for the shown offer: its handlers run only while `isShown()` is truthy, never
 * throw into the game loop, and are removed by the functions it pushes to `undo`.
 */
function guardedListen(isShown: () => unknown, undo: (() => void)[]): Listen {
  return (target, type, handler) => {
    const listener = (event: Event): void => {
      try {
        if (isShown()) handler(event as Parameters<typeof handler>[0]);
      } catch {
        // Never into the game loop.
      }
    };
    target.addEventListener(type, listener);
    undo.push(() => target.removeEventListener(type, listener));
  };
}

/** Throws when the player would not see an offer drawn on `canvas` (it would be reported open, unseen, and never closed). */
function refuseUnseen(canvas: HTMLCanvasElement, clear: boolean): void {
  // Drawn out of the page, the offer would be reported open, unseen, and never closed.
  if (!canvas.isConnected) throw new Error('the canvas is not in the page');
  // So would one not rendered (`display: none` on it or around it), or of zero CSS size. A
  // backing store of zero size shows nothing either, on the game's canvas: the adapter's own
  // (`clear`) is sized to the CSS box at each draw.
  if (!isDrawn(canvas) || !(clear || (canvas.width && canvas.height))) {
    throw new Error('the canvas is not rendered (display: none) or has no size');
  }
}

/**
 * Loads `view`'s hero image (with `crossOrigin` when given, so that it never taints the game's
 * canvas), and gives it to `loaded` once loaded.
 */
function loadHero(view: OfferView, crossOrigin: 'anonymous' | undefined, loaded: (img: HTMLImageElement) => void): void {
  const url = heroUrl(view);
  if (!url) return;
  const img = new Image();
  if (crossOrigin) img.crossOrigin = crossOrigin;
  img.onload = () => loaded(img);
  img.src = url;
}
