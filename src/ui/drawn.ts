/**
 * Whether an adapter's drawing surface can be seen, for an adapter that refuses to show an offer
 * the player would not see (`show()` would report it opened).
 *
 * @module
 */

/**
 * Whether the page draws `el` with an area: it has a box (no `display: none` on it or on an
 * element around it, not inside `content-visibility: hidden`) wider and taller than 0. `visibility`
 * and `opacity` are not looked at (a game fades its screens in). `checkVisibility()` tells the box
 * and `content-visibility`; where it is missing (Safari before 17.4) an element without a box has
 * no client rects, so its bounding rectangle is empty and the area test refuses it.
 */
export function isDrawn(el: Element): boolean {
  const { width, height } = el.getBoundingClientRect();
  return width > 0 && height > 0 && (!el.checkVisibility || el.checkVisibility());
}
