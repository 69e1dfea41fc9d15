/**
 * `tp-web-sdk/canvas`: the canvas adapter, for games that draw into a canvas.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * import { createCanvasAdapter } from 'tp-web-sdk/canvas';
 * const ui = createCanvasAdapter({ context: overlay.getContext('2d')! });
 * const tp = createClient({ baseUrl, clientKey, authMode, ui });
 * ```
 *
 * @module tp-web-sdk/canvas
 */
export {
  createCanvasAdapter,
  DEFAULT_CANVAS_THEME,
  type CanvasAdapter,
  type CanvasAdapterOptions,
  type CanvasTheme,
} from './ui/canvas/index.js';
