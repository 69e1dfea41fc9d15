export type { AiOffer, Offer, OfferFields, PersonalizedOffer } from './types.js';
export type { AiOfferBody, AiProduct, PersonalizedOfferBody } from './schemas.js';
export { decodeOffer } from './decode.js';
export {
  checkUsability,
  usableUntil,
  type ProductCheck,
  type UnusableReason,
  type UsabilityContext,
  type Verdict,
} from './usability.js';
export {
  createMemoryOfferStateStore,
  type OfferLocalState,
  type OfferStateStore,
} from './local-state.js';
export { createMemoryOfferCache } from './offer-cache.js';
export { createMemoryKeyValueStore, withMemoryFallback, type KeyValueStore } from './store.js';
export { nextState, OFFER_TRANSITIONS, restoredState, type OfferMove, type OfferState } from './state-machine.js';
export type { OfferOptions } from './options.js';
export type { OfferKind, OfferRules, OfferTrigger, OfferTriggerRef, PickListing, PlacementRule } from './offer-rules.js';
export { checkOfferRules } from './offer-rules-check.js';
export type { CapName, CapsLedger, LedgerOpen } from './caps.js';
export {
  pickOffer,
  type CandidateReason,
  type PickCandidate,
  type PickResult,
  type PickSkipReason,
  type RuleError,
} from './pick-offer.js';
export type { OfferImagesOptions } from './images.js';
export { createOffersEngine } from './engine.js';
export { forwardingOffersApi } from './forwarding-api.js';
export { triggerHooks } from './triggers.js';
export { rehearseOffers } from './rehearse.js';
export type { RehearsalDecision, RehearsalInput, RehearsalStep, RehearsalStepName } from './rehearsal-script.js';
export { buildOfferContent, type ContentContext } from './content.js';
export type { ProductInfo, ProductInfoSource } from './product-info.js';
export type { PurchaseHandler } from './purchase-record.js';
export { readPurchaseResult } from './purchase-record.js';
export type { OfferClosedEvent, OfferEmitter, OfferEvents, OfferPlacedEvent, OfferPurchaseEvent, OfferReactionEvent, OfferSkippedEvent, OfferTriggerRecordEvent, SkipReason } from './events.js';
export {
  DO_NOT_SHOW_AGAIN,
  type AutoRefreshOptions,
  type GameplayPort,
  type OfferListing,
  type OfferOutcome,
  type OfferSkipped,
  type PlacementDecision,
  type OffersApi,
  type OffersDeps,
  type OffersEngine,
  type OfferReactionRecord,
  type RecordSink,
  type TriggerHooks,
} from './contract.js';
