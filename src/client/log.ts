/**
 * The client's debug log (options `logLevel` and `logger`; README, "Debug logging"): lines made
 * from the client's own events, and hooks for what no event tells (the storage in use, this tab
 * becoming the uploading one, a batch's JSON, a failed upload, a tracked record, the offers'
 * verdicts). Below a line's level nothing listens and each hook is undefined, so the parts that
 * would call it check one value and format nothing.
 *
 * @module
 */
import type { ClientEmitter, ClientEvents } from '../bus/index.js';
import type { Log, LogMethod } from '../internal/index.js';
import type { OfferListing, OfferReactionEvent } from '../offers/index.js';
import type { QueueEntry } from '../queue/index.js';
import type { ResolvedOptions } from './options.js';

/** What the client's parts call to log what no event tells; undefined when its level is off. */
export interface LogHooks {
  /** `info`: the client started. */
  readonly started: ((o: ResolvedOptions, version: string) => void) | undefined;
  /** `info`: the storage the queue is in (`shared`: IndexedDB, shared by the game's tabs). */
  readonly storage: ((shared: boolean, dbPrefix: string) => void) | undefined;
  /** `info`: this tab became the one that uploads for the game's tabs. */
  readonly leader: (() => void) | undefined;
  /** `info`: an upload got no 200 (its records stay queued, or are put aside). */
  readonly uploadFailed: ((requestId: number, error: unknown) => void) | undefined;
  /** `debug`: `track()` accepted a record (`held`: it waits for `identify()`). */
  readonly tracked: ((entry: QueueEntry, held: boolean) => void) | undefined;
  /** `debug`: the JSON of a batch as it leaves, before compression. */
  readonly batchJson: ((requestId: number, json: string) => void) | undefined;
  /** `debug`: the offers of a refresh, each with its verdict and state. */
  readonly verdicts: ((listing: readonly OfferListing[]) => void) | undefined;
}

/** A log that writes nothing: every hook off. */
export const NO_LOG_HOOKS: LogHooks = {
  started: undefined,
  storage: undefined,
  leader: undefined,
  uploadFailed: undefined,
  tracked: undefined,
  batchJson: undefined,
  verdicts: undefined,
};

/** An upload on its way: what its outcome line says of it. */
interface Pending {
  readonly records: number;
  readonly kinds: string;
}

/** Listens to `emitter` for the levels `log` lets through, and returns the hooks of those levels. */
export function startLog(log: Log, emitter: ClientEmitter): LogHooks {
  /** Formats and writes a line; a line that fails to format (or a logger that throws) is skipped. */
  const line = (method: LogMethod, text: () => string): void => {
    try {
      log.write(method, text());
    } catch {
      // Never into the SDK's step that logged (an upload, a track()).
    }
  };
  const on = <E extends keyof ClientEvents>(event: E, method: LogMethod, text: (...args: ClientEvents[E]) => string): void =>
    void emitter.on(event, ((...args: ClientEvents[E]) => line(method, () => text(...args))) as never);

  if (log.error) on('error', 'error', errorText);
  if (log.warn) {
    on('warning', 'warn', (error) => `warning: ${errorText(error)}`);
    on('dropped', 'warn', ({ records, reason }) => `dropped ${count(records, 'record')} unsent (${reason})`);
    on('invalid', 'warn', (error) => error.message);
    on('dead-letter', 'warn', ({ records, reason }) => `put ${count(records, 'record')} aside in the dead letters: ${reason.status ?? reason.code} ${reason.reason}`);
    on('paused', 'warn', ({ reason, error }) => `uploads paused (${reason}): ${error.message}`);
  }
  const pending = new Map<number, Pending>();
  if (log.info) {
    on('consent', 'info', ({ state, source }) => `consent ${state} (${source})`);
    on('retry', 'info', ({ error, attempt, delayMs }) => `retry ${attempt}: ${error.message}; ${delayMs === undefined ? 'the records go with the next upload' : `next in ${seconds(delayMs)}`}`);
    emitter.on('upload', ({ requestId, entries }) => void pending.set(requestId, { records: entries.length, kinds: perKind(entries) }));
    on('delivered', 'info', ({ requestId, records, bytes, keepalive }) => `upload #${requestId} delivered: ${what(pending, requestId, records)}, ${bytes.toLocaleString('en-US')} bytes${keepalive ? ', keepalive' : ''}`);
  }
  if (log.debug) {
    const reaction = (e: OfferReactionEvent): string => `offer ${e.offer.offer_id}: ${e.status} reported, now ${e.state}`;
    on('offer:impress', 'debug', reaction);
    on('offer:open', 'debug', reaction);
    on('offer:dismiss', 'debug', reaction);
    on('offer:interact', 'debug', reaction);
    on('offer:close', 'debug', ({ offer, cause }) => `offer ${offer.offer_id} left the screen (${cause})`);
  }
  return {
    started: log.info ? (o, version) => line('info', () => `start: tp-web-sdk ${version}, ${o.baseUrl}, player ${o.playerSlug ?? '(none yet)'}, consent ${o.consent}, log level ${o.logLevel}`) : undefined,
    storage: log.info ? (shared, dbPrefix) => line('info', () => (shared ? `storage: IndexedDB, shared by the game's tabs (${dbPrefix})` : 'storage: memory, this page only')) : undefined,
    leader: log.info ? () => line('info', () => "leader: this tab uploads for the game's tabs") : undefined,
    uploadFailed: log.info ? (requestId, error) => line('info', () => `upload #${requestId} failed: ${what(pending, requestId)}; ${error instanceof Error ? error.message : String(error)}`) : undefined,
    tracked: log.debug ? (entry, held) => line('debug', () => `track ${entry.objectName}${held ? ' (waits for identify())' : ''}: ${JSON.stringify(entry.record)}`) : undefined,
    batchJson: log.debug ? (requestId, json) => line('debug', () => `batch #${requestId} JSON: ${json}`) : undefined,
    verdicts: log.debug ? (listing) => void listing.forEach((l) => line('debug', () => `offer ${l.offer.offer_id}: ${l.verdict.usable ? 'usable' : `not usable (${l.verdict.reason})`}, ${l.state}`)) : undefined,
  };
}

/** `TpError (code): message`, and the cause's message when the message does not say it. */
function errorText(error: Error & { code?: string }): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.cause === undefined ? '' : String(error.cause);
  return `${error.name}${error.code ? ` (${error.code})` : ''}: ${error.message}${cause && !error.message.includes(cause) ? ` (cause: ${cause})` : ''}`;
}

/** An upload's records and their kinds, taken from `pending` (its line is the last one about it). */
function what(pending: Map<number, Pending>, requestId: number, records?: number): string {
  const upload = pending.get(requestId);
  pending.delete(requestId);
  return upload ? `${count(upload.records, 'record')} (${upload.kinds})` : count(records ?? 0, 'record');
}

/** `players_login 1, characters_stages 119`: records per kind, in the batch's order. */
function perKind(entries: ReadonlyArray<Pick<QueueEntry, 'objectName'>>): string {
  const kinds = new Map<string, number>();
  for (const { objectName } of entries) kinds.set(objectName, (kinds.get(objectName) ?? 0) + 1);
  return [...kinds].map(([name, n]) => `${name} ${n}`).join(', ');
}

const count = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
