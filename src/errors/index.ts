/**
 * The SDK's errors: the {@link TpError} base with its `code`, one class per kind, and the guards.
 * The only door other domains use into errors/.
 *
 * @module
 */
export { TpError, isTpError, toTpError, type TpErrorCode } from './tp-error.js';
export { ConfigError } from './config-error.js';
export { ValidationError, type ValidationIssue } from './validation-error.js';
export { ServiceError, isRetryableStatus, pauseReason, refusesClientKey, type Endpoint, type PauseReason } from './service-error.js';
export { NetworkError, ProtocolError } from './network-error.js';
export { OfferError, OfferStateError, type OfferErrorReason } from './offer-error.js';
export { StorageError, type StorageOperation } from './storage-error.js';
export { ConsentError, type ConsentState } from './consent-error.js';
