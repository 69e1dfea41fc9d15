/**
 * The adapters `init` can name in a page: the DOM dialog, and the canvas adapter on a 2D canvas
 * found by a CSS selector.
 *
 * @module
 */
import { hasDom } from '../internal/index.js';
import { createCanvasAdapter } from '../ui/canvas/index.js';
import { createDomAdapter } from '../ui/dom/index.js';
import type { BridgeFault } from './args.js';
import type { UiMakers } from './init.js';

/** A 2D canvas the selector finds, or why not. */
function canvasAt(selector: string): CanvasRenderingContext2D | string {
  if (!hasDom()) return 'no DOM here: use "engine"';
  let found: Element | null;
  try {
    found = document.querySelector(selector);
  } catch {
    return 'not a valid CSS selector';
  }
  if (!(found instanceof HTMLCanvasElement)) return `no <canvas> matches ${selector}`;
  return found.getContext('2d') ?? `${selector} has another context (a WebGL canvas): give the selector of a 2D canvas over it`;
}

export const PAGE_UI: Omit<UiMakers, 'engine'> = {
  dom: hasDom() ? () => createDomAdapter() : undefined,
  canvas(selector) {
    const context = canvasAt(selector);
    if (typeof context === 'string') return { code: 'bad-args', message: context, path: 'args.canvasSelector' } satisfies BridgeFault;
    return createCanvasAdapter({ context });
  },
};
