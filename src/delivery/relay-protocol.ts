/**
 * The messages between a page and the service-worker relay (`tp-web-sdk/sw`): one protocol, read
 * by both sides. Every message is a plain object (structured clone); answers come back on the
 * `MessagePort` sent with the message.
 *
 * @module
 */
import type { EncodedBody } from './encode.js';
import type { Credentials } from './transport.js';

/** Bumped when a message's shape changes: a page and a relay of other versions do not talk. */
export const RELAY_PROTOCOL = 1;

/** Page → relay: are you there? Answered with {@link RelayPong}. */
export interface RelayPing {
  readonly type: 'tp-relay:ping';
  readonly protocol: number;
}

export interface RelayPong {
  readonly type: 'tp-relay:pong';
  readonly protocol: number;
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
 * Page → relay: answer once the sends of `keys` have settled. A key the relay has not heard of yet
 * may be in a message of a page still going away: it waits for it up to {@link RELAY_ARRIVAL_MS}.
 */
export interface RelaySettle {
  readonly type: 'tp-relay:settle';
  readonly protocol: number;
  readonly keys: readonly string[];
}

/**
 * How long the relay waits for the send of a key it was asked to settle, in milliseconds: the
 * message of a page being torn down can arrive after the next page's question.
 */
export const RELAY_ARRIVAL_MS = 5_000;

export type RelayRequest = RelayPing | RelaySend | RelaySettle;
