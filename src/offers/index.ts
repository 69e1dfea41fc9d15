export type { AiOffer, Offer, OfferFields, PersonalizedOffer } from './types.js';
export type { AiOfferBody, AiProduct, OfferRecord, PersonalizedOfferBody } from './schemas.js';
export { aiOfferBodySchema, offerRecordSchema, personalizedOfferBodySchema } from './schemas.js';
export { decodeOffer, type DecodeResult } from './decode.js';
export {
  availableProducts,
  checkUsability,
  DISCOUNT_TOLERANCE,
  recommendationFor,
  usableUntil,
  type ProductCheck,
  type UnusableReason,
  type UsabilityContext,
  type Verdict,
} from './usability.js';
export { pickLanguage } from './language.js';
export {
  createIndexedDbOfferStateStore,
  createMemoryOfferStateStore,
  type OfferLocalState,
  type OfferStateStore,
} from './local-state.js';
export { createIndexedDbOfferCache, createMemoryOfferCache, type CachedOffers, type OfferCache } from './offer-cache.js';
export { createIndexedDbKeyValueStore, createMemoryKeyValueStore, withMemoryFallback, type KeyValueStore } from './store.js';
export { nextState, OFFER_TRANSITIONS, restoredState, type OfferMove, type OfferState } from './state-machine.js';
export { createOffersEngine } from './engine.js';
export { buildOfferContent, type ContentContext } from './content.js';
export type { OfferClosedEvent, OfferEmitter, OfferEvents, OfferReactionEvent } from './events.js';
export {
  DO_NOT_SHOW_AGAIN,
  type AutoRefreshOptions,
  type OfferListing,
  type OfferOutcome,
  type OffersApi,
  type OffersDeps,
  type OffersEngine,
} from './contract.js';
