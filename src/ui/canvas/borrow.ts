/**
 * What the canvas adapter borrows from the game's canvas while an offer is on it, and gives back.
 *
 * @module
 */
import { deepActiveElement } from '../focus.js';

/**
 * Takes the canvas for an offer: focusable (`tabindex` 0 when it had none), without the browser's
 * outline (the focus the player sees is the ring drawn around a control, as on the DOM dialog).
 * @returns what gives back its `tabindex`, `aria-label` and inline `outline`, and tells where focus
 *   was when the offer was shown
 */
export function borrowCanvas(canvas: HTMLCanvasElement): () => HTMLElement | undefined {
  const opener = deepActiveElement(canvas.ownerDocument);
  const tabIndex = canvas.getAttribute('tabindex');
  const label = canvas.getAttribute('aria-label');
  const outline = canvas.style.outline;
  if (tabIndex === null) canvas.tabIndex = 0;
  canvas.style.outline = 'none';
  return () => {
    canvas.style.outline = outline;
    if (tabIndex === null) canvas.removeAttribute('tabindex');
    if (label === null) canvas.removeAttribute('aria-label');
    else canvas.setAttribute('aria-label', label);
    return opener;
  };
}
