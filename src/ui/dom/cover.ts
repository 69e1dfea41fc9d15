/**
 * Keeping the DOM dialog's host over a container that is not positioned, by measure at each frame.
 *
 * @module
 */

/**
 * Keeps `host` (absolutely positioned, in `box`) over `box`, at each animation frame until the
 * returned function is called: for a container that is not positioned, whose box the host cannot
 * take from CSS without a `position` on the game's element, which would move what the game
 * positions inside it. Measured against the host's own box, so neither the host's containing block
 * (the page, or an element around `box`) nor a CSS scale on an element around both need be known;
 * the host follows the container as it resizes, moves or scrolls. The elements around `box` that
 * clip it (`overflow`, a scrolling panel) do not clip the host, whose containing block is around
 * them: the host covers only the part of `box` they show (none: nothing of the offer would be seen).
 */
export function cover(host: HTMLElement, box: HTMLElement): () => void {
  const doc = box.ownerDocument;
  const win = doc.defaultView!;
  const clips: Element[] = [];
  // Up to `body`, not further: the page's own scrolling is the viewport's, which clips the host too.
  for (let el: Element | undefined = box; (el = el.parentElement ?? (el.getRootNode() as ShadowRoot).host) && !el.contains(doc.body); ) {
    if (getComputedStyle(el).overflow !== 'visible') clips.push(el);
  }
  const style = host.style;
  // At the containing block's top-left corner, 1 px wide: the first measure gives the scale too.
  style.inset = '0 auto auto 0';
  style.width = '1px';
  let x = 0;
  let y = 0;
  let w = 1;
  let frame = 0;
  const place = (): void => {
    // The part of `box` the clipping elements around it show, on screen.
    const c = box.getBoundingClientRect();
    let [left, top, right, bottom] = [c.left, c.top, c.right, c.bottom];
    for (const el of clips) {
      const r = el.getBoundingClientRect();
      left = Math.max(left, r.left + el.clientLeft);
      top = Math.max(top, r.top + el.clientTop);
      right = Math.min(right, r.left + el.clientLeft + el.clientWidth);
      bottom = Math.min(bottom, r.top + el.clientTop + el.clientHeight);
    }
    const h = host.getBoundingClientRect();
    // Layout pixels per pixel on screen: 1, unless an element around both is scaled.
    const k = (h.width && w / h.width) || 1;
    x += (left - h.left) * k;
    y += (top - h.top) * k;
    w = Math.max(0, right - left) * k;
    style.translate = `${x}px ${y}px`;
    style.width = `${w}px`;
    style.height = `${Math.max(0, bottom - top) * k}px`;
    frame = win.requestAnimationFrame(place);
  };
  place();
  return () => win.cancelAnimationFrame(frame);
}
