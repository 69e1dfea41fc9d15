/**
 * The canvas adapter's door (`tp-web-sdk/canvas`): the adapter and its default theme.
 *
 * @module
 */
export { createCanvasAdapter, type CanvasAdapter, type CanvasAdapterOptions } from './canvas-adapter.js';
export { DEFAULT_CANVAS_THEME, type CanvasTheme } from './theme.js';
