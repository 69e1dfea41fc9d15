/**
 * `tp-web-sdk/dom`: the DOM adapter, an accessible modal dialog in a shadow root.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * import { createDomAdapter } from 'tp-web-sdk/dom';
 * const tp = createClient({ baseUrl, clientKey, authMode, ui: createDomAdapter() });
 * ```
 *
 * @module
 */
export { createDomAdapter, type DomAdapterOptions } from './ui/dom/dom-adapter.js';
export { DIALOG_CSS } from './ui/dom/styles.js';
export { DEFAULT_LABELS, labelsFor, type UiLabels } from './ui/labels.js';
export { formatNumber, priceText, type PriceText } from './ui/format.js';
