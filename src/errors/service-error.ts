import { isTpError, TpError } from './tp-error.js';

/** The service endpoint a request went to. */
export type Endpoint = 'logs' | 'offers' | 'first-open';

/**
 * The service answered with a non-200 status. `status` and `reason` are the envelope's (spec:
 * Errors, the POST /logs failure table), falling back to the HTTP status line when the body is
 * not an envelope.
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
  /** The answer's `Retry-After`, in milliseconds, when it had a readable one. */
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

/**
 * The spec's 403 `Invalid TPClientKey` (POST /logs failure table) for the key in use: uploads and
 * first-open updates pause until `setClientKey()`. One answering a key replaced while its request
 * was on the wire is `retryable` instead, and does not pause.
 */
export function isInvalidClientKey(error: unknown): boolean {
  if (!isTpError(error, 'service')) return false;
  const { status, reason, retryable } = error as ServiceError;
  return refusesClientKey(status, reason) && !retryable;
}

/** Whether an answer's status and `reason` are the spec's 403 `Invalid TPClientKey` row. */
export function refusesClientKey(status: number, reason: string): boolean {
  return status === 403 && reason === 'Invalid TPClientKey';
}

/** 5xx, 408 Request Timeout and 429 Too Many Requests can succeed later; the spec's 400/403 rows cannot. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
