/**
 * The client's debug log (options `logLevel` and `logger`; README, "Debug logging"): lines made
 * from the client's own events (consent, sessions, uploads, failures), and hooks for what no event tells (the storage in use, this tab
 * becoming the uploading one, a batch's JSON, a failed upload, a tracked record, the offers'
 * verdicts). Below a line's level nothing listens and each hook is undefined, so the parts that
 * would call it check one value and format nothing.
 *
 * @module
 */
import type { ClientEmitter, ClientEvents } from '../bus/index.js';
import type { Log, LogMethod } from '../internal/index.js';
import type { OfferListing } from '../offers/index.js';
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
  const info = log.info ? (text: () => string) => line('info', text) : undefined;
  const debug = log.debug ? (text: () => string) => line('debug', text) : undefined;

  if (log.error) on('error', 'error', errorText);
  if (log.warn) {
    on('warning', 'warn', errorText);
    on('dropped', 'warn', ({ records, reason }) => `dropped ${count(records)} (${reason})`);
    on('invalid', 'warn', (error) => error.message);
    on('dead-letter', 'warn', ({ records, reason }) => `dead-lettered ${count(records)}: ${reason.status ?? reason.code} ${reason.reason}`);
    on('paused', 'warn', ({ reason }) => `uploads paused (${reason})`);
  }
  /** The uploads on their way (info): what their outcome line says of them. */
  const pending = new Map<number, string>();
  /** `120 records (players_login 1, characters_stages 119)`: an upload's records, its line being the last about it. */
  const what = (requestId: number, records = 0): string => {
    const text = pending.get(requestId) ?? count(records);
    pending.delete(requestId);
    return text;
  };
  if (info) {
    on('consent', 'info', ({ state, source }) => `consent ${state} (${source})`);
    on('session:start', 'info', ({ id, index }) => `session ${index} started (${id})`);
    on('session:end', 'info', ({ session, reason }) => `session ${session.index} ended (${reason})`);
    emitter.on('upload', ({ requestId, entries }) => void pending.set(requestId, `${count(entries.length)} (${perKind(entries)})`));
    on('delivered', 'info', ({ requestId, records, bytes }) => `upload #${requestId} delivered: ${what(requestId, records)}, ${bytes.toLocaleString('en-US')} bytes`);
  }
  return {
    started: info && ((o, version) => info(() => `start: ${version}, ${o.baseUrl}, player ${o.playerSlug ?? '(none)'}, consent ${o.consent}`)),
    storage: info && ((shared, dbPrefix) => info(() => `storage: ${shared ? `IndexedDB ${dbPrefix}, shared by the game's tabs` : 'memory, this page only'}`)),
    leader: info && (() => info(() => 'leader: this tab uploads')),
    uploadFailed: info && ((requestId, error) => info(() => `upload #${requestId} failed: ${what(requestId)}; ${(error as Error).message}`)),
    tracked: debug && ((entry, held) => debug(() => `track ${entry.objectName}${held ? ' (waits for identify)' : ''}: ${JSON.stringify(entry.record)}`)),
    batchJson: debug && ((requestId, json) => debug(() => `batch #${requestId} JSON: ${json}`)),
    verdicts: debug && ((listing) => listing.forEach(({ offer, verdict, state }) => debug(() => `offer ${offer.offer_id}: ${verdict.reason ?? 'usable'}, ${state}`))),
  };
}

/** `TpError: message`, and the cause when the message does not say it. */
function errorText(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.cause === undefined ? '' : String(error.cause);
  return `${error.name}: ${error.message}${cause && !error.message.includes(cause) ? ` (cause: ${cause})` : ''}`;
}

/** `players_login 1, characters_stages 119`: records per kind, in the batch's order. */
function perKind(entries: ReadonlyArray<Pick<QueueEntry, 'objectName'>>): string {
  const kinds: Record<string, number> = {};
  for (const { objectName } of entries) kinds[objectName] = (kinds[objectName] ?? 0) + 1;
  return Object.entries(kinds).map((kind) => kind.join(' ')).join(', ');
}

const count = (n: number): string => `${n.toLocaleString('en-US')} record${n === 1 ? '' : 's'}`;
