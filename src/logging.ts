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
import { createCoreClient, refuseOfferOptions, type LoggingClient, type LoggingOptions } from './client/index.js';

/**
 * Creates a logging client. Options are the logging options of the package entry's
 * `createClient` (`LoggingOptions`); this entry has no offers.
 *
 * @throws {ConfigError} an option is missing or malformed, or is an offer option (`ui`,
 * `canPurchase`, `offersAutoRefresh`, …: import `createClient` from `tp-web-sdk` for those).
 */
export function createClient(options: LoggingOptions): LoggingClient {
  refuseOfferOptions(options);
  return createCoreClient(options);
}

export type { BeforeSend, ClientStats, DeadLettersApi, LoggingClient, LoggingOptions } from './client/index.js';
export type { ClientEvents, ConsentEvent, DroppedEvent, GameplayEvent, PausedEvent, QueueEvent } from './bus/index.js';
export type { Compression, DeadLetterInfo, DeliveryInfo, FlushResult, LogsBody, RelayedInfo, RetryInfo, RetryPolicy, UploadInfo } from './delivery/index.js';
export type { DeadLetter, DeadLetterReason, QueueEntry } from './queue/index.js';
export type { AutoLogin, Session, SessionEndEvent, SessionEndReason, SessionEvents } from './session/index.js';
// The debug log's options (`logLevel`, `logger`).
export type { Logger, LogLevel } from './internal/index.js';
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
