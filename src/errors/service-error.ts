/**
 * {@link ServiceError}: the service answered with an error status; which answers pause uploads,
 * and which are worth retrying.
 *
 * @module
 */
import { isTpError, TpError } from './tp-error.js';

/** The service endpoint a request went to. */
export type Endpoint = 'logs' | 'offers' | 'first-open';

/**
 * The service answered with a status other than 200. `status` and `reason` are the envelope's
 * (spec: Errors, the POST /logs failure table), or the HTTP status line's when the body is not an
 * envelope.
 */
export class ServiceError extends TpError {
  /** HTTP status, for example 400 or 403. */
  readonly status: number;
  /** The envelope's `reason`, for example `Invalid TPClientKey`. */
  readonly reason: string;
  /**
   * Whether sending the request again can succeed: 5xx, 408, 429, and a 403 `Invalid TPClientKey`
   * answering a key that `setClientKey()` replaced while the request was on the wire.
   */
  readonly retryable: boolean;
  /** Which endpoint answered. */
  readonly endpoint: Endpoint;
  /** The answer's `Retry-After`, in milliseconds; undefined when it had none, or none readable. */
  readonly retryAfterMs: number | undefined;

  constructor(endpoint: Endpoint, status: number, reason: string, retryAfterMs?: number, retryable = isRetryableStatus(status)) {
    super('service', `${endpoint} request failed: ${status} ${reason}`);
    this.name = 'ServiceError';
    this.endpoint = endpoint;
    this.status = status;
    this.reason = reason;
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Why uploads pause: the client key refused (403), or the credential headers refused (400). */
export type PauseReason = 'invalid-client-key' | 'invalid-auth-headers';

/**
 * Whether `error` pauses uploads and first-open updates, and why; undefined when it does not.
 *
 * - `invalid-client-key`: the spec's 403 `Invalid TPClientKey`, for the key in use. Paused until
 *   `setClientKey()`. (A 403 answering a key replaced while its request was on the wire is
 *   `retryable` instead, and does not pause.)
 * - `invalid-auth-headers`: one of the spec's 400 rows about the credential headers (`Missing
 *   Headers`, `Missing TPAuthMode`, `Invalid TPAuthMode`, `Missing TPClientKey`). Paused until a
 *   client with other options: every request of this one would get it, so its records wait in the
 *   queue rather than all going to the dead-letter store.
 */
export function pauseReason(error: unknown): PauseReason | undefined {
  if (!isTpError(error, 'service')) return;
  const { status, reason, retryable } = error as ServiceError;
  if (refusesClientKey(status, reason) && !retryable) return 'invalid-client-key';
  if (status === 400 && /^Missing (Headers|TPAuthMode|TPClientKey)$|^Invalid TPAuthMode$/.test(reason)) return 'invalid-auth-headers';
}

/** Whether an answer's status and `reason` are the spec's 403 `Invalid TPClientKey` row. */
export function refusesClientKey(status: number, reason: string): boolean {
  return status === 403 && reason === 'Invalid TPClientKey';
}

/** 5xx, 408 Request Timeout and 429 Too Many Requests can succeed later; the spec's 400/403 rows cannot. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
