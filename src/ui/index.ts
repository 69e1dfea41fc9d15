export type { OfferActions, OfferContent, OfferOutcome, OfferView, ProductView, UiAdapter } from './types.js';
export { buildOfferContent, type ContentContext } from './content.js';
export { createHeadlessAdapter, type DrawnEntry, type HeadlessAdapter } from './headless.js';
export { DEFAULT_LABELS, labelsFor, type UiLabels } from './labels.js';
export { formatNumber, priceText, type PriceText } from './format.js';
