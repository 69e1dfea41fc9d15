/**
 * `tp-web-sdk/logging`: behavior logging only (track, the offline queue, delivery), for a game
 * that does not use offers. The same client as the package entry, without `offers`, and smaller
 * (docs/size.md).
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk/logging';
 * const tp = createClient({ baseUrl, clientKey, authMode, playerSlug: 'p-1' });
 * tp.track('players_stages', { stage_slug: 'level-1', stage_result: 'clear' }); // players_login is sent by the SDK (autoLogin)
 * ```
 *
 * @module tp-web-sdk/logging
 */
import { createCoreClient, type ClientOptions, type LoggingClient } from './client/index.js';

/**
 * Creates a logging client. Options are those of the package entry's `createClient`; the offer
 * options (`ui`, `canPurchase`, `offersAutoRefresh`, …) are accepted and unused.
 *
 * @throws {ConfigError} an option is missing or malformed.
 */
export function createClient(options: ClientOptions): LoggingClient {
  return createCoreClient(options);
}

export type { BeforeSend, ClientOptions, ClientStats, DeadLettersApi, LoggingClient } from './client/index.js';
export type { ClientEvents, ConsentEvent, DroppedEvent, PausedEvent, QueueEvent } from './bus/index.js';
export type { Compression, DeadLetterInfo, DeliveryInfo, FlushResult, LogsBody, RelayedInfo, RetryInfo, RetryPolicy, UploadInfo } from './delivery/index.js';
export type { DeadLetter, DeadLetterReason, QueueEntry } from './queue/index.js';
export type { AutoLogin, Session, SessionEndEvent, SessionEndReason, SessionEvents } from './session/index.js';
// Types that ClientOptions names (its `store`, `offersAutoRefresh` and `canPurchase` options).
export type { PlatformStore } from './internal/index.js';
// The debug log's options (`logLevel`, `logger`).
export type { Logger, LogLevel } from './internal/index.js';
export type { AutoRefreshOptions, ProductCheck } from './offers/index.js';
export {
  ConfigError,
  ConsentError,
  NetworkError,
  ProtocolError,
  ServiceError,
  StorageError,
  TpError,
  ValidationError,
  isTpError,
  type ConsentState,
  type Endpoint,
  type PauseReason,
  type StorageOperation,
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
  type OpenObjectName,
  type RecordFields,
  type RecordInput,
  type RecordOf,
} from './records/index.js';
export { VERSION } from './version.js';
