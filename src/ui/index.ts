/**
 * How an offer is shown: the adapter contract every UI implements, the headless adapter, labels
 * and number formats. The only door other domains use into ui/ (the DOM and canvas adapters have
 * their own, ui/dom/index.ts and ui/canvas/index.ts).
 *
 * @module
 */
export type { ImageState, OfferActions, OfferContent, OfferOutcome, OfferView, ProductView, UiAdapter } from './types.js';
export type { OfferPurchase, PurchaseAttempt, PurchaseResult } from './purchase.js';
export { discountPercent } from './format.js';
export { createHeadlessAdapter, type DrawnEntry, type HeadlessAdapter, type HeadlessAdapterOptions } from './headless.js';
export { DEFAULT_LABELS, labelsFor, type UiLabels } from './labels.js';
export { formatNumber, priceText, warmCurrencyFormat, type PriceText } from './format.js';
