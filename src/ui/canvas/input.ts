/**
 * The canvas dialog's pointer and keys: which region a press hits, where Tab moves the focus ring,
 * and the listeners that turn presses and keys into the adapter's actions.
 *
 * @module
 */
import type { HitRegion } from './layout.js';

/** Adds a listener the adapter removes on close, and that never throws into the page. */
export type Listen = <E extends Event>(target: EventTarget, type: string, handler: (event: E) => void) => void;

/** The index of the first of `hits` that holds the point (`x`, `y`), in CSS pixels; -1 for none. */
export function hitAt(hits: readonly HitRegion[] | undefined, x: number, y: number): number {
  return hits?.findIndex(({ rect: h }) => x >= h.x && x < h.x + h.w && y >= h.y && y < h.y + h.h) ?? -1;
}

/**
 * The focused region after Tab (or Shift+Tab, `back`) among `n`, from `focus` (-1: none). From no
 * focus, Tab goes to the first region, Shift+Tab to the last; both wrap. 0 when there is none.
 */
export function nextFocus(focus: number, n: number, back: boolean): number {
  return (Math.max(focus, back ? 0 : -1) + (back ? n - 1 : 1)) % n || 0;
}

/**
 * Wires the canvas's pointer and keys, through `on`: `hit` tells the region under a pointer event
 * (an index in the layout's hits, -1 for none); `press` presses the region at an index (none when
 * out of range) as its button would be, and with no index the focused one; `tab` moves the focus
 * ring (`back` with Shift); `dismiss` dismisses the view.
 */
export function listenInput(
  canvas: HTMLCanvasElement,
  on: Listen,
  hit: (event: PointerEvent) => number,
  press: (index?: number) => void,
  tab: (back: boolean) => void,
  dismiss: () => void,
): void {
  // A control acts as a native button does: on a primary press that starts and ends on it (a
  // drag from elsewhere onto Buy buys nothing). Pointer events, not `click`: a game that cancels
  // `touchstart` (Phaser does) gets no click from a tap.
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
  // Nothing in the dialog follows a finger: a swipe across it (a canvas over the game that the
  // game's own touch listeners do not cover) would scroll the page, or take the tab back a page.
  on<TouchEvent>(canvas, 'touchmove', (e) => e.cancelable && e.preventDefault());
  on<KeyboardEvent>(canvas, 'keydown', (e) => {
    // A held key repeats: a control is pressed once, as a native one is, and a key held down
    // from the game does not dismiss an offer the player has not seen.
    if (e.key === 'Escape') {
      if (!e.repeat) dismiss();
    } else if (e.key === 'Tab') {
      tab(e.shiftKey);
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (!e.repeat) press();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });
}
