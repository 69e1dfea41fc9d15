/**
 * Drawing a laid-out offer into a 2D context: the backdrop, the card, its items in order, the
 * focus ring. Where things go is layout.ts's; this only draws them.
 *
 * @module
 */
import type { OfferLayout, Rect } from './layout.js';
import type { CanvasTheme } from './theme.js';

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
 * Sets back what a game's frame may leave set on its context (with `clear: false`), which would
 * fade, tint or space the card, or change how its text measures. Call it inside `save()`.
 */
export function resetDrawingState(ctx: CanvasRenderingContext2D): void {
  Object.assign(ctx, DRAWING_DEFAULTS);
  ctx.setLineDash([]);
}

/**
 * Draws `layout` in its `width` × `height` box (CSS pixels; the canvas's bitmap is scaled to it),
 * clipped to the card: the backdrop, the card, its items, and the ring around the region at index
 * `focus` of `layout.hits` (none when out of range). `hero` is the loaded hero image (the layout
 * has an `image` item only then); `clear` clears the canvas first (the adapter's own overlay).
 * Leaves the transform and the clip set: call it inside `save()`.
 */
export function paintOffer(
  ctx: CanvasRenderingContext2D,
  layout: OfferLayout,
  width: number,
  height: number,
  theme: CanvasTheme,
  hero: HTMLImageElement | undefined,
  focus: number,
  clear: boolean,
): void {
  const canvas = ctx.canvas;
  ctx.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
  if (clear) ctx.clearRect(0, 0, width, height);
  if (theme.backdrop) {
    ctx.fillStyle = theme.backdrop;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  roundRect(ctx, layout.card, theme.radius);
  ctx.fillStyle = theme.bg;
  ctx.fill();
  ctx.clip();
  for (const item of layout.items) {
    if (item.kind === 'text') {
      ctx.font = item.font;
      ctx.fillStyle = item.color;
      ctx.fillText(item.text, item.x, item.y);
    } else if (item.kind === 'image') {
      // Covering the rect, cropped to keep its aspect ratio (`object-fit: cover`).
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
      roundRect(ctx, item.rect, item.radius);
      ctx.fillStyle = item.color;
      ctx.fill();
    }
  }
  const ring = layout.hits[focus]?.rect;
  if (ring) {
    roundRect(ctx, { x: ring.x - 3, y: ring.y - 3, w: ring.w + 6, h: ring.h + 6 }, 12);
    ctx.lineWidth = 3;
    ctx.strokeStyle = theme.focus;
    ctx.stroke();
  }
}

/** Begins a path of `rect` with corners of radius `r` (square where `roundRect` is missing). */
function roundRect(ctx: CanvasRenderingContext2D, { x, y, w, h }: Rect, r: number): void {
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}
