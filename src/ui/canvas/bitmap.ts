/**
 * The canvas element's geometry: its CSS box, its backing store sized to that box × the device
 * pixel ratio, and where its bitmap shows in the box (`object-fit`, `object-position`).
 *
 * @module
 */

/**
 * The size to draw in, in CSS pixels: the canvas's CSS box, or its backing store ÷ the ratio
 * where the style gives none. With `resize` (the adapter's own overlay), the backing store is
 * first set to that box × `devicePixelRatio`, and a canvas without a CSS size is pinned to it.
 */
export function sizeBackingStore(canvas: HTMLCanvasElement, resize: boolean): [w: number, h: number] {
  const dpr = devicePixelRatio || 1;
  const [cssW, cssH] = cssSize(canvas);
  const W = cssW || canvas.width / dpr;
  const H = cssH || canvas.height / dpr;
  const w = Math.round(W * dpr);
  const h = Math.round(H * dpr);
  if (resize && (canvas.width !== w || canvas.height !== h)) {
    canvas.width = w;
    canvas.height = h;
    // A canvas without a CSS size would grow with its backing store: pin it.
    const [nowW, nowH] = cssSize(canvas);
    if (nowW !== W) canvas.style.width = `${W}px`;
    if (nowH !== H) canvas.style.height = `${H}px`;
  }
  return [W, H];
}

/**
 * Where the bitmap of a canvas shows in its `W` × `H` CSS box, given its computed `style`
 * (`object-fit`, `object-position`: percentages or pixel lengths): x, y, width, height in CSS
 * pixels. The whole box with `fill`, the default, or when the bitmap is empty.
 */
export function shownRect(
  { objectFit: fit, objectPosition }: Pick<CSSStyleDeclaration, 'objectFit' | 'objectPosition'>,
  { width: cw, height: ch }: { readonly width: number; readonly height: number },
  W: number,
  H: number,
): [x: number, y: number, w: number, h: number] {
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
