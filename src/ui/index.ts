export type { OfferActions, OfferContent, OfferOutcome, OfferView, ProductView, UiAdapter } from './types.js';
export { discountPercent } from './format.js';
export { createHeadlessAdapter, type DrawnEntry, type HeadlessAdapter } from './headless.js';
