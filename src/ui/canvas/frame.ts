/**
 * One frame of the canvas dialog: the backing store sized, the context set for CSS pixels and
 * given back as the game left it; and the overlay cleared when the dialog closes.
 *
 * @module
 */
import { shownRect, sizeBackingStore } from './bitmap.js';
import { resetDrawingState } from './paint.js';

/**
 * Sizes the backing store (`clear`: the adapter's own overlay, see `sizeBackingStore`) and calls
 * `paint` with where the bitmap shows in the canvas's CSS box (`x0`, `y0`, `w`, `h`, CSS pixels),
 * the context's drawing state reset. The game's context keeps its state; nothing is thrown (a
 * detached or zero-sized canvas, a broken image: nothing to draw, nothing to throw into the game).
 */
export function drawFrame(ctx: CanvasRenderingContext2D, clear: boolean, paint: (x0: number, y0: number, w: number, h: number) => void): void {
  const canvas = ctx.canvas;
  try {
    const [W, H] = sizeBackingStore(canvas, clear);
    // A game's canvas letterboxed by `object-fit` shows its bitmap in part of the box: lay out there.
    const [x0, y0, sw, sh] = shownRect(getComputedStyle(canvas), canvas, W, H);
    ctx.save(); // measuring sets the font: the game's context keeps its state
    resetDrawingState(ctx);
    try {
      paint(x0, y0, sw, sh);
    } finally {
      ctx.restore();
    }
  } catch {
    // Nothing to draw, nothing to throw into the game.
  }
}

/** Clears the whole backing store, whatever the context's transform. */
export function clearCanvas(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.restore();
}
