/**
 * HTTP to the service's three endpoints (spec: Endpoints, Authentication). Every answer is read
 * as the service's envelope `{ status, reason, data }`; anything else becomes a typed error:
 * {@link ServiceError} for a non-200 status (of the HTTP answer, or of the envelope of a 200:
 * 400 to 599), {@link ProtocolError} for a 200 that is not the success envelope otherwise,
 * {@link NetworkError} when no answer came.
 *
 * @module
 */
import { isRetryableStatus, NetworkError, OfferError, ProtocolError, refusesClientKey, ServiceError, type Endpoint } from '../errors/index.js';
import type { ClockSample } from '../internal/index.js';
import { formatUtcDateTime, slices, type Clock } from '../internal/index.js';
import { parseRetryAfter } from './backoff.js';
import type { EncodedBody } from './encode.js';

/** The credentials every write carries (spec: Authentication). */
export interface Credentials {
  readonly authMode: string;
  readonly clientKey: string;
}

export interface TransportConfig {
  /** `{base_url}`, without a trailing slash. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** Read on every request, so `setClientKey` takes effect at once. */
  readonly credentials: () => Credentials;
  /** Per-request time limit, in milliseconds. */
  readonly timeoutMs: number;
  /** Query parameter that names the player on GET /offers. */
  readonly offersPlayerParam: string;
  /** Largest GET /offers body read, in bytes; a larger one is cancelled. @default unbounded */
  readonly maxOffersBytes?: number;
  /** The device clock, for {@link onAnswer}. @default Date.now */
  readonly clock?: Clock;
  /** Every answer's `Date` header and timing (any status), for the service clock estimate. */
  readonly onAnswer?: (sample: ClockSample) => void;
  /**
   * Every request's outcome: no `error` for the success envelope; a `NetworkError` (no answer),
   * `ServiceError`, `ProtocolError` or `OfferError` (GET /offers too large) otherwise.
   */
  readonly onSettled?: (endpoint: Endpoint, error?: NetworkError | ServiceError | ProtocolError | OfferError) => void;
}

/** A successful envelope. */
export interface Envelope {
  readonly status: 200;
  readonly reason: string;
  readonly data: unknown;
}

export class Transport {
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  /**
   * POST /logs. Resolves only on 200 with the success envelope. `signal` cuts the request off
   * (a `NetworkError`), as the time-out does.
   */
  async postLogs(encoded: EncodedBody, options: { keepalive?: boolean; signal?: AbortSignal } = {}): Promise<Envelope> {
    return this.#request('logs', `${this.#config.baseUrl}/logs`, {
      method: 'POST',
      headers: this.#headers(encoded.contentType),
      body: encoded.body as BodyInit,
      keepalive: options.keepalive === true,
      ...(options.signal && { signal: options.signal }),
    });
  }

  /**
   * POST /logs through `fetchLater` (sent by the browser itself, past any service worker of the
   * page), to leave at once; its answer is never seen. False where the browser has no `fetchLater`
   * or refuses the request (its deferred-fetch quota, say).
   */
  postLogsLater(encoded: EncodedBody): boolean {
    const later = (globalThis as { fetchLater?: (url: string, init: RequestInit & { activateAfter?: number }) => unknown }).fetchLater;
    if (typeof later !== 'function') return false;
    try {
      later(`${this.#config.baseUrl}/logs`, { method: 'POST', headers: this.#headers(encoded.contentType), body: encoded.body as BodyInit, activateAfter: 0 });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * GET /offers for one player. Resolves with the envelope; `data` is not yet decoded.
   *
   * @throws {OfferError} `too-large`: the body is over `maxOffersBytes` (cancelled, unread).
   */
  async getOffers(playerSlug: string): Promise<Envelope> {
    const url = new URL(`${this.#config.baseUrl}/offers`);
    url.searchParams.set(this.#config.offersPlayerParam, playerSlug);
    return this.#request('offers', url.toString(), {
      method: 'GET',
      headers: this.#headers('application/json'),
      cache: 'no-store',
    }, this.#config.maxOffersBytes);
  }

  /**
   * POST /offers, the first-open update: no body, the TP* headers carry everything; `TPOpenedAt`
   * is `YYYY-MM-DD HH:MM:SS` in UTC.
   */
  async postFirstOpen(offerId: number, playerSlug: string, openedAtMs: number): Promise<Envelope> {
    return this.#request('first-open', `${this.#config.baseUrl}/offers`, {
      method: 'POST',
      headers: {
        ...this.#headers('application/json'),
        TPOfferId: String(offerId),
        TPPlayerId: playerSlug,
        TPOpenedAt: formatUtcDateTime(openedAtMs),
      },
    });
  }

  #headers(contentType: string): Record<string, string> {
    const { authMode, clientKey } = this.#config.credentials();
    return { TPAuthMode: authMode, TPClientKey: clientKey, 'Content-Type': contentType };
  }

  async #request(endpoint: Endpoint, url: string, init: RequestInit, maxBytes?: number): Promise<Envelope> {
    try {
      const envelope = await this.#exchange(endpoint, url, init, maxBytes);
      this.#config.onSettled?.(endpoint);
      return envelope;
    } catch (error) {
      this.#config.onSettled?.(endpoint, error as NetworkError | ServiceError | ProtocolError | OfferError);
      throw error;
    }
  }

  async #exchange(endpoint: Endpoint, url: string, init: RequestInit, maxBytes = Infinity): Promise<Envelope> {
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
    const timer = controller ? setTimeout(() => controller.abort(), this.#config.timeoutMs) : undefined;
    init.signal?.addEventListener('abort', () => controller?.abort(), { once: true });
    const clock = this.#config.clock ?? Date.now;
    const sentAt = clock();
    let response: Response;
    let text: string | undefined;
    try {
      response = await this.#config.fetch(url, { ...init, signal: controller?.signal });
      this.#config.onAnswer?.({ date: response.headers.get('Date'), sentAt, receivedAt: clock() });
      text = maxBytes === Infinity ? await response.text() : await readAtMost(response, maxBytes);
    } catch (cause) {
      throw new NetworkError(endpoint, cause);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    if (text === undefined) {
      throw new OfferError(undefined, 'too-large', `the GET /offers answer is larger than ${maxBytes} bytes (maxOffersBytes): refused, the known offers are kept`);
    }
    // An `Invalid TPClientKey` for a key replaced meanwhile says nothing of the new key: worth sending again.
    const keyReplaced = (init.headers as Record<string, string>).TPClientKey !== this.#config.credentials().clientKey;
    return readEnvelope(endpoint, response, text, keyReplaced);
  }
}

/**
 * The body of `response` as text, or undefined (the body cancelled) once it is over `maxBytes`
 * bytes as received: a `Content-Length` above it is refused before reading, and the stream is
 * counted as it comes, so a huge answer is neither read nor held whole. Chunks already received
 * are read in slices ({@link slices}) that give the page its turn: a body that arrived whole (a
 * fast network, a cache) is decoded in several tasks, not one.
 */
async function readAtMost(response: Response, maxBytes: number): Promise<string | undefined> {
  const body = response.body;
  if (Number(response.headers.get('Content-Length')) > maxBytes) {
    void body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!body) {
    const text = await response.text();
    return new TextEncoder().encode(text).byteLength > maxBytes ? undefined : text;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const slice = slices();
  let bytes = 0;
  let text = '';
  for (;;) {
    if (slice.due()) await slice.pause();
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function readEnvelope(endpoint: Endpoint, response: Response, text: string, keyReplaced: boolean): Envelope {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  // A failure's envelope carries its status (spec, Errors): a gateway that answers every request
  // 200 still says which row of the error table it is, and is read as that row.
  const failed = envelope?.status;
  const status = response.status !== 200 ? response.status : Number.isInteger(failed) && (failed as number) >= 400 && (failed as number) < 600 ? (failed as number) : 200;
  if (status !== 200) {
    const reason = typeof envelope?.reason === 'string' ? envelope.reason : response.statusText || 'HTTP error';
    // An HTTP-date is the service's time: measured from the answer's own `Date` when the browser
    // can read it (a device clock off by an hour would otherwise wait an hour, or not at all).
    const sent = Date.parse(response.headers.get('Date') ?? '');
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), Number.isFinite(sent) ? sent : Date.now());
    throw new ServiceError(endpoint, status, reason, retryAfter, isRetryableStatus(status) || (keyReplaced && refusesClientKey(status, reason)));
  }
  if (!envelope) throw new ProtocolError(endpoint, text === '' ? 'empty body' : 'body is not JSON');
  if (failed !== 200) throw new ProtocolError(endpoint, `status is ${JSON.stringify(failed)}, not 200`);
  return { status: 200, reason: typeof envelope.reason === 'string' ? envelope.reason : '', data: envelope.data };
}
