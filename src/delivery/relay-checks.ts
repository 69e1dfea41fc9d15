/**
 * What the service-worker relay accepts of a message (`tp-web-sdk/sw`): the shape of each message
 * of the protocol, strictly (types, the SDK's key and database names, sizes), and who may send
 * one: a window of the worker's own origin. Anything else is ignored. Where the relay may send is
 * not the message's to say: `installRelay`'s `baseUrls` (docs/decisions.md, "Delivery: exactly
 * once on reload and close").
 *
 * @module
 */
import { HEADER_VALUE, MAX_TIMER_MS } from '../internal/index.js';
import { QUEUE_KEY } from '../queue/index.js';
import { RELAY_PROTOCOL, type RelayPing, type RelayRequest, type RelaySend, type RelaySettle } from './relay-protocol.js';

/**
 * A queue database the SDK makes: `tp-web-sdk/<namespace>/queue` (client/storage.ts), the
 * namespace as the `namespace` option allows it or as the SDK names it by default.
 */
export const QUEUE_DB = /^tp-web-sdk\/[\w.-]{1,64}\/queue$/;

/** The most keys one message may name (a request holds at most `maxBatchRecords` records, 2,000 by default). */
export const RELAY_MAX_KEYS = 50_000;

/** The largest body the relay sends, in bytes (a request is at most `maxBatchCompressedBytes`, 256 KiB by default). */
export const RELAY_MAX_BODY_BYTES = 16 * 1024 * 1024;

type Fields = Readonly<Record<string, unknown>>;

const isPlain = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** True when `value` has exactly the `fields` named. */
const hasFields = (value: Fields, fields: readonly string[]): boolean => {
  const names = Object.keys(value);
  return names.length === fields.length && fields.every((f) => Object.prototype.hasOwnProperty.call(value, f));
};
const isQueueDb = (value: unknown): value is string => typeof value === 'string' && QUEUE_DB.test(value);
const isKeys = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.length > 0 && value.length <= RELAY_MAX_KEYS && value.every((k) => typeof k === 'string' && QUEUE_KEY.test(k));
const isHeader = (value: unknown): boolean => typeof value === 'string' && HEADER_VALUE.test(value);
const isByteCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= RELAY_MAX_BODY_BYTES;

/**
 * The protocol message `data` is, when it is one of this version with exactly its fields, each of
 * its type and within its limits; else undefined. A `tp-relay:send`'s `baseUrl` is only checked
 * to be a string here: the relay compares it with its own `baseUrls`.
 */
export function relayRequest(data: unknown): RelayRequest | undefined {
  if (!isPlain(data) || data['protocol'] !== RELAY_PROTOCOL) return undefined;
  switch (data['type']) {
    case 'tp-relay:ping':
      return hasFields(data, ['type', 'protocol', 'baseUrl', 'queueDb']) && typeof data['baseUrl'] === 'string' && isQueueDb(data['queueDb'])
        ? (data as unknown as RelayPing)
        : undefined;
    case 'tp-relay:settle':
      return hasFields(data, ['type', 'protocol', 'queueDb', 'keys']) && isQueueDb(data['queueDb']) && isKeys(data['keys']) ? (data as unknown as RelaySettle) : undefined;
    case 'tp-relay:send':
      return isSend(data) ? (data as unknown as RelaySend) : undefined;
    default:
      return undefined;
  }
}

function isSend(data: Fields): boolean {
  if (!hasFields(data, ['type', 'protocol', 'baseUrl', 'credentials', 'contentType', 'body', 'bytes', 'keys', 'queueDb', 'timeoutMs'])) return false;
  const { baseUrl, credentials, contentType, body, bytes, keys, queueDb, timeoutMs } = data;
  const bodyFits =
    contentType === 'application/octet-stream'
      ? body instanceof Uint8Array && body.byteLength === bytes
      : contentType === 'application/json' && typeof body === 'string' && body.length <= (bytes as number);
  return (
    typeof baseUrl === 'string' &&
    isPlain(credentials) &&
    hasFields(credentials, ['authMode', 'clientKey']) &&
    isHeader(credentials['authMode']) &&
    isHeader(credentials['clientKey']) &&
    isByteCount(bytes) &&
    bodyFits &&
    isKeys(keys) &&
    isQueueDb(queueDb) &&
    typeof timeoutMs === 'number' &&
    timeoutMs > 0 &&
    timeoutMs <= MAX_TIMER_MS
  );
}

/** What a message's `source` is in a service worker: a `Client` (a window's has `type` `'window'`), or else. */
interface MessageSource {
  readonly type?: unknown;
  readonly url?: unknown;
}

/**
 * True when a message came from a window (`WindowClient`) of `origin`, the worker's own: not from
 * a worker, another service worker, a port, or nobody.
 */
export function fromOwnWindow(source: unknown, origin: string): boolean {
  if (typeof source !== 'object' || source === null) return false;
  const windowClient = (globalThis as { WindowClient?: abstract new () => unknown }).WindowClient;
  if (typeof windowClient === 'function' && !(source instanceof windowClient)) return false;
  const { type, url } = source as MessageSource;
  if (type !== 'window' || typeof url !== 'string') return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
