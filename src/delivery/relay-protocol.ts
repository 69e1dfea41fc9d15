/**
 * The messages between a page and the service-worker relay (`tp-web-sdk/sw`): one protocol, read
 * by both sides. Every message is a plain object (structured clone); answers come back on the
 * `MessagePort` sent with the message.
 *
 * @module
 */
import type { EncodedBody } from './encode.js';
import type { Credentials } from './transport.js';

/**
 * Bumped when a message's shape changes: a page and a relay of other versions do not talk (the
 * page then makes keepalive uploads). 2: the ping names the page's `baseUrl` and queue, the pong
 * says whether the relay sends there, and the settle answer counts what the relay delivered.
 */
export const RELAY_PROTOCOL = 2;

/** Page → relay: are you there, and do you send to `baseUrl`? Answered with {@link RelayPong}. */
export interface RelayPing {
  readonly type: 'tp-relay:ping';
  readonly protocol: number;
  /** The page's `{base_url}`. */
  readonly baseUrl: string;
  /** Name of the page's queue database. */
  readonly queueDb: string;
}

export interface RelayPong {
  readonly type: 'tp-relay:pong';
  readonly protocol: number;
  /** True when the relay sends to the ping's `baseUrl` (one of its `baseUrls`). */
  readonly accepts: boolean;
}

/**
 * Page → relay: send this POST /logs body, and when the service accepts it delete `keys` from the
 * queue's IndexedDB database `queueDb`. Answered with {@link RelayResult}, if the page is still there.
 */
export interface RelaySend {
  readonly type: 'tp-relay:send';
  readonly protocol: number;
  /** `{base_url}`. */
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly contentType: EncodedBody['contentType'];
  /** The body as sent: gzip bytes, or JSON text. */
  readonly body: Uint8Array | string;
  readonly bytes: number;
  /** Queue keys of the records in the body. */
  readonly keys: readonly string[];
  /** Name of the queue's IndexedDB database. */
  readonly queueDb: string;
  /** Per-request time limit, in milliseconds. */
  readonly timeoutMs: number;
}

export interface RelayResult {
  readonly type: 'tp-relay:result';
  /** True when the service accepted the body and the keys were deleted. */
  readonly accepted: boolean;
}

/**
 * Page → relay: answer once the sends of `keys` (in queue `queueDb`) have settled. A key the relay
 * has not heard of yet may be in a message of a page still going away: it waits for it up to
 * {@link RELAY_ARRIVAL_MS}. Answered with {@link RelaySettled}.
 */
export interface RelaySettle {
  readonly type: 'tp-relay:settle';
  readonly protocol: number;
  readonly queueDb: string;
  readonly keys: readonly string[];
}

/**
 * What the relay delivered of the keys asked about, and deleted, that no page was told of: the
 * handing page was gone before the answer. Each send is told once.
 */
export interface RelaySettled {
  readonly type: 'tp-relay:settled';
  /** Records among the keys asked about. */
  readonly records: number;
  /** The accepted requests they were in. */
  readonly batches: number;
}

/**
 * How long the relay waits for the send of a key it was asked to settle, in milliseconds: the
 * message of a page being torn down can arrive after the next page's question.
 */
export const RELAY_ARRIVAL_MS = 5_000;

export type RelayRequest = RelayPing | RelaySend | RelaySettle;
