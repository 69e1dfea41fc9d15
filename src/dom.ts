/**
 * `tp-web-sdk/dom`: the DOM adapter, an accessible modal dialog in a shadow root.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * import { createDomAdapter } from 'tp-web-sdk/dom';
 * const tp = createClient({ baseUrl, clientKey, authMode, ui: createDomAdapter() });
 * ```
 *
 * @module tp-web-sdk/dom
 */
export { createDomAdapter, DIALOG_CSS, type DomAdapterOptions } from './ui/dom/index.js';
export { DEFAULT_LABELS, formatNumber, labelsFor, priceText, type PriceText, type UiLabels } from './ui/index.js';
