/**
 * When the canvas dialog is drawn again by itself: the canvas resized, or the device pixel ratio
 * changed (another screen, zoom).
 *
 * @module
 */
import type { Listen } from './input.js';

/**
 * Calls `resized` when the canvas's box changes size (at window resizes, through `on`, where
 * `ResizeObserver` is missing), and `draw` at each change of `devicePixelRatio`.
 * @returns what stops both
 */
export function watchSize(canvas: HTMLCanvasElement, on: Listen, resized: () => void, draw: () => void): () => void {
  let observer: ResizeObserver | undefined;
  if (typeof ResizeObserver === 'function') {
    observer = new ResizeObserver(resized);
    observer.observe(canvas);
  } else on(window, 'resize', resized);
  let query: MediaQueryList;
  const watchRatio = (): void => {
    query = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    query.onchange = () => {
      query.onchange = null;
      draw();
      watchRatio();
    };
  };
  watchRatio();
  return () => {
    observer?.disconnect();
    query.onchange = null;
  };
}
