/**
 * The plumbing every domain shares: the page environment, time and its wire formats, the service's
 * clock, IndexedDB stores, URLs, hashes, zod issues. The only door other domains use into
 * internal/ (.dependency-cruiser.cjs).
 *
 * @module
 */
export {
  browserNavigator,
  describeDevice,
  detectStore,
  hasDom,
  keepaliveSupported,
  controlledByWorker,
  serviceWorkerContainer,
  hasFetchLater,
  localStorageOrUndefined,
  pageHidden,
  randomId,
  regionFromLanguages,
  type PlatformStore,
} from './env.js';
export { DEFAULT_SESSION_TIMEOUT_MS, formatUtcDateTime, MAX_TIMER_MS, parseDateTime, toUnixSeconds, type Clock } from './time.js';
export { createServerClock, type ClockSample } from './server-clock.js';
export { lastStoreOpened, openStore, retireStores, STORAGE_TIMEOUT_MS } from './idb.js';
export { claimLease, giveBackLease } from './lease.js';
export { browserValues, openPageValues, type LocalValues, type PageValues } from './local-values.js';
export { baseUrlOf, httpUrl, httpUrlFrom } from './url.js';
export { HEADER_VALUE } from './header.js';
export { shortHash } from './hash.js';
export { toValidationIssues } from './zod-issues.js';
export { slices, yieldToPage, type Slices } from './slices.js';
export { isBoolean, isCount, isFunction, isNonNegative, isPositive, isText, TEXT, type Rule } from './option-rules.js';
export { createLog, LOG_LEVELS, type Log, type Logger, type LogLevel, type LogMethod } from './log.js';
