/**
 * Requests that got no usable answer: {@link NetworkError} (none at all) and {@link ProtocolError}
 * (not the service's envelope).
 *
 * @module
 */
import type { Endpoint } from './service-error.js';
import { TpError } from './tp-error.js';

/** The request never got an HTTP answer: offline, DNS, CORS, connection reset. Always retryable. */
export class NetworkError extends TpError {
  /** Which request failed: `logs` (POST /logs), `offers` (GET /offers) or `first-open` (POST /offers). */
  readonly endpoint: Endpoint;
  /** Always true: the SDK tries again with backoff (or on `online`); nothing was deleted. */
  readonly retryable = true;

  constructor(endpoint: Endpoint, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super('network', `${endpoint} request did not reach the service: ${detail}`, { cause });
    this.name = 'NetworkError';
    this.endpoint = endpoint;
  }
}

/**
 * The service answered 200, but the body is not the envelope the spec shows: not JSON, or no
 * `status: 200`. Nothing is counted as delivered; the request is retryable.
 */
export class ProtocolError extends TpError {
  /** Which request got the unreadable answer (see {@link NetworkError.endpoint}). */
  readonly endpoint: Endpoint;
  /** Always true: the records stay queued and are sent again. */
  readonly retryable = true;

  constructor(endpoint: Endpoint, detail: string) {
    super('protocol', `${endpoint} response is not the service's envelope: ${detail}`);
    this.name = 'ProtocolError';
    this.endpoint = endpoint;
  }
}
