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
 * @module
 */
import { createCoreClient, type TpClient } from './client/index.js';
import type { ClientOptions } from './client/options.js';
import { hasDom } from './internal/env.js';
import { createDomAdapter } from './ui/dom/dom-adapter.js';

/**
 * Creates a client. In a browser, offers are drawn by the DOM adapter unless `ui` says otherwise.
 * Importing and calling this in Node (or any place without a DOM) is safe: storage is memory and
 * there is no default UI.
 *
 * @throws {ConfigError} an option is missing or malformed (`baseUrl`, `clientKey`, `authMode`, an
 * unknown option, a negative interval…).
 */
export function createClient(options: ClientOptions): TpClient {
  return createCoreClient(options, { ui: () => (hasDom() ? createDomAdapter() : undefined) });
}

export type { ClientOptions } from './client/options.js';
export type { ClientStats, DeadLettersApi, TpClient } from './client/index.js';
export type { ClientEvents, DroppedEvent, OfferClosedEvent, OfferReactionEvent, PausedEvent, QueueEvent } from './bus/events.js';
export type { Compression, DeadLetterInfo, DeliveryInfo, FlushResult, LogsBody, UploadInfo } from './delivery/index.js';
export type { DeadLetter, DeadLetterReason } from './queue/index.js';
export {
  ConfigError,
  NetworkError,
  OfferError,
  OfferStateError,
  ProtocolError,
  ServiceError,
  StorageError,
  TpError,
  ValidationError,
  isTpError,
  type Endpoint,
  type TpErrorCode,
  type ValidationIssue,
} from './errors/index.js';
export {
  MESSAGE_STATUSES,
  OBJECT_GROUPS,
  OBJECT_NAMES,
  WIRE_SDK_VERSION,
  type EnrichedField,
  type ExtraValue,
  type MessageStatus,
  type ObjectName,
  type RecordInput,
  type RecordOf,
} from './records/index.js';
export {
  checkUsability,
  DO_NOT_SHOW_AGAIN,
  OFFER_TRANSITIONS,
  type AiOffer,
  type AiOfferBody,
  type AiProduct,
  type AutoRefreshOptions,
  type Offer,
  type OfferListing,
  type OfferLocalState,
  type OfferMove,
  type OfferOutcome,
  type OffersApi,
  type OfferState,
  type PersonalizedOffer,
  type PersonalizedOfferBody,
  type ProductCheck,
  type UnusableReason,
  type UsabilityContext,
  type Verdict,
} from './offers/index.js';
export { createHeadlessAdapter, type HeadlessAdapter, type Presentation } from './ui/headless.js';
export { createDomAdapter, type DomAdapterOptions } from './ui/dom/dom-adapter.js';
export type { DialogLabels } from './ui/dom/labels.js';
export type { OfferActions, OfferView, ProductView, UiAdapter } from './ui/types.js';
export { parseRichText, plainText, type Line, type MarkupWarning, type RichText, type Span } from './richtext/index.js';
export type { PlatformStore } from './internal/env.js';
export { VERSION } from './version.js';
