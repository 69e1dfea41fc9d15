/**
 * tp-web-sdk: the browser SDK of the Player Offer and Behavior-Logging Service.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * const tp = createClient({ baseUrl, clientKey, authMode, playerSlug: 'p-1' });
 * tp.track('players_login', { device_unique_id: 'd-1', region: 'KR' });
 * await tp.flush();
 * ```
 *
 * @module tp-web-sdk
 */
import { createCoreClient, type ClientOptions, type TpClient } from './client/index.js';
import { checkOfferRules, createOffersEngine, forwardingOffersApi, triggerHooks } from './offers/index.js';

/**
 * Creates a client: behavior logging and offers. Offers are drawn by the adapter passed as `ui`
 * (`tp-web-sdk/dom`, `tp-web-sdk/canvas`, the headless one, or your own), or by the game from
 * `offers.view()`. Importing and calling this in Node (or any place without a DOM) is safe:
 * storage is memory.
 *
 * @throws {ConfigError} an option is missing or malformed (`baseUrl`, `clientKey`, `authMode`, an
 * unknown option, a negative interval…).
 * @typeParam P - The placement names of `offerRules.placements`, inferred from the object given:
 *   a trigger naming another is a compile error.
 */
export function createClient<const P extends string = string>(options: ClientOptions<P>): TpClient<P> {
  return createCoreClient(options, { offers: { engine: createOffersEngine, api: forwardingOffersApi, checkRules: checkOfferRules, triggers: triggerHooks } }) as TpClient<P>;
}

// Everything of `tp-web-sdk/logging` (its `createClient` is shadowed by the one above), and the offers.
export * from './logging.js';
export type { ClientOptions, TpClient } from './client/index.js';
// Types that the offer options name (`platform`, `offersAutoRefresh`, `canPurchase`, `productInfo`).
export type { PlatformStore } from './internal/index.js';
export { OfferError, OfferStateError, type OfferErrorReason } from './errors/index.js';
export {
  buildOfferContent,
  checkUsability,
  DO_NOT_SHOW_AGAIN,
  OFFER_TRANSITIONS,
  pickOffer,
  rehearseOffers,
  type AiOffer,
  type AiOfferBody,
  type AiProduct,
  type AutoRefreshOptions,
  type CandidateReason,
  type CapName,
  type CapsLedger,
  type ContentContext,
  type LedgerOpen,
  type Offer,
  type OfferClosedEvent,
  type OfferKind,
  type OfferImagesOptions,
  type OfferListing,
  type OfferLocalState,
  type OfferMove,
  type OfferOptions,
  type OfferOutcome,
  type OfferPlacedEvent,
  type OfferPurchaseEvent,
  type OfferReactionEvent,
  type OfferRules,
  type OfferSkipped,
  type OfferSkippedEvent,
  type OfferTriggerRecordEvent,
  type PlacementDecision,
  type SkipReason,
  type OffersApi,
  type OfferState,
  type OfferTrigger,
  type OfferTriggerRef,
  type PersonalizedOffer,
  type PersonalizedOfferBody,
  type PickCandidate,
  type PickListing,
  type PickResult,
  type PickSkipReason,
  type PlacementRule,
  type ProductCheck,
  type RehearsalDecision,
  type RehearsalInput,
  type RehearsalStep,
  type RehearsalStepName,
  type RuleError,
  type ProductInfo,
  type ProductInfoSource,
  type PurchaseHandler,
  type UnusableReason,
  type UsabilityContext,
  type Verdict,
} from './offers/index.js';
export {
  createHeadlessAdapter,
  type DrawnEntry,
  type HeadlessAdapter,
  type HeadlessAdapterOptions,
  type ImageState,
  type OfferActions,
  type OfferContent,
  type OfferPurchase,
  type OfferView,
  type ProductView,
  type PurchaseAttempt,
  type PurchaseResult,
  type UiAdapter,
} from './ui/index.js';
export {
  ENGINE_MARKUP_TARGETS,
  parseRichText,
  plainText,
  toEngineMarkup,
  type EngineMarkupTarget,
  type Line,
  type MarkupWarning,
  type MarkupWarningCode,
  type RichText,
  type Span,
} from './richtext/index.js';
export { VERSION } from './version.js';
