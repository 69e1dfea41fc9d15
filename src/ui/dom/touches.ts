/**
 * The DOM dialog's touches: its own, as its keys are, and none of them moves the page.
 *
 * @module
 */

/**
 * Keeps the touches on `root` (the backdrop, holding the card) to the dialog.
 *
 * - They do not reach the page's listeners: a game that cancels `touchstart` on the document
 *   (against scrolling and zoom) would cancel every tap's click in the dialog.
 * - So the game's own `preventDefault` never sees them, and the dialog cancels each move that
 *   scrolls nothing in it: the browser would scroll or pan the page with it, or take a sideways
 *   swipe (of one finger or two) for its back or forward gesture, and leave the game.
 *   `overscroll-behavior` does not hold that gesture in Chromium.
 * - A move that a scrolling area in it (the card) can still follow, that way (read from the first
 *   finger), scrolls it.
 * - A pinch is a move of two fingers as such a swipe is: the page is not zoomed from the open
 *   dialog either (it is laid out to be read from 360 px wide).
 *
 * The `touchmove` listener is not passive (it cancels): the browser waits for it before it scrolls.
 */
export function holdTouches(root: HTMLElement): void {
  /** Where the first finger was at the last touch event. */
  let x = 0;
  let y = 0;
  const follow = (event: TouchEvent): void => {
    event.stopPropagation();
    // A plain `Event` of these types (one a page dispatches) has no touches.
    const touch = event.touches?.[0];
    if (touch) [x, y] = [touch.clientX, touch.clientY];
  };
  root.addEventListener('touchstart', follow, { passive: true });
  root.addEventListener('touchend', follow, { passive: true });
  root.addEventListener(
    'touchmove',
    (event) => {
      const [dx, dy] = [x, y];
      follow(event);
      if (event.cancelable && !scrolls(event.target as Element, root, x - dx, y - dy)) event.preventDefault();
    },
    { passive: false },
  );
}

/**
 * Whether a finger moving by (`dx`, `dy`) CSS pixels, along the larger of the two, scrolls an
 * element from `el` up to `root`: one that scrolls on that axis and is not yet at that end.
 */
function scrolls(el: Element | null, root: Element, dx: number, dy: number): boolean {
  const sideways = Math.abs(dx) > Math.abs(dy);
  const move = sideways ? dx : dy;
  for (; el; el = el === root ? null : el.parentElement) {
    const style = getComputedStyle(el);
    if (!/auto|scroll/.test(sideways ? style.overflowX : style.overflowY)) continue;
    const end = sideways ? el.scrollWidth - el.clientWidth : el.scrollHeight - el.clientHeight;
    // From the start (left, top) to `end`; right to left, `scrollLeft` runs from 0 down to -end.
    const at = sideways ? el.scrollLeft + (style.direction === 'rtl' ? end : 0) : el.scrollTop;
    // A finger moving right or down brings back what is before: the box scrolls toward its start.
    if (move > 0 ? at >= 1 : move < 0 && at <= end - 1) return true;
  }
  return false;
}
