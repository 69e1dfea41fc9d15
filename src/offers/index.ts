export type { AiOffer, Offer, OfferFields, PersonalizedOffer } from './types.js';
export type { AiOfferBody, AiProduct, OfferRecord, PersonalizedOfferBody } from './schemas.js';
export { aiOfferBodySchema, offerRecordSchema, personalizedOfferBodySchema } from './schemas.js';
export { decodeOffer, type DecodeResult } from './decode.js';
export { checkUsability, productsOnSale, recommendationFor, type UnusableReason, type UsabilityContext, type Verdict } from './usability.js';
export { pickLanguage } from './language.js';
export {
  createIndexedDbOfferStateStore,
  createMemoryOfferStateStore,
  type OfferLocalState,
  type OfferStateStore,
  type PlayerOfferStates,
} from './local-state.js';
export { createOffersApi, DO_NOT_SHOW_AGAIN, type OfferOutcome, type OffersApi, type OffersDeps } from './offers-api.js';
