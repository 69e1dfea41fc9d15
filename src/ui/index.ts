export type { OfferActions, OfferView, ProductView, UiAdapter } from './types.js';
export { buildOfferView, type ViewContext } from './offer-view.js';
export { createHeadlessAdapter, type HeadlessAdapter, type Presentation } from './headless.js';
