/**
 * The options of `createClient` in both entries (`tp-web-sdk` and `tp-web-sdk/logging`): their
 * documentation. Their checks and defaults are in options.ts; the offer options are in the offers
 * domain (offers/options.ts).
 *
 * @module
 */
import type { ConsentState } from '../errors/index.js';
import type { Compression, RetryPolicy } from '../delivery/index.js';
import type { ObjectName } from '../records/index.js';
import type { Logger, LogLevel } from '../internal/index.js';
import type { AutoLogin } from '../session/index.js';

/**
 * The `beforeSend` option: returns the record to send (validated after), `undefined` to keep it as
 * it is now, or `null` to drop it.
 */
export type BeforeSend = (objectName: ObjectName, record: Record<string, unknown>) => Record<string, unknown> | null | undefined;

/**
 * Options of `createClient` in both entries: logging and delivery. Only `baseUrl`, `clientKey`
 * and `authMode` are required; `createClient` throws a `ConfigError` naming the first option it
 * refuses (or does not know). The `createClient` of `tp-web-sdk/logging` takes these only.
 *
 * Times are in milliseconds, sizes in bytes. A time over 2147483647 (about 24.8 days, the longest
 * wait `setTimeout` honours) counts as 2147483647.
 */
export interface LoggingOptions {
  /**
   * The service's `{base_url}`, with its version and client-family segments:
   * `https://api.example.com/v2021.4/web`. Requests go to `${baseUrl}/logs` and
   * `${baseUrl}/offers`; a trailing slash is ignored.
   */
  baseUrl: string;
  /** The `TPClientKey` header of every request (spec: Authentication). */
  clientKey: string;
  /** The `TPAuthMode` header of every request; the service decides which values it allows. */
  authMode: string;
  /**
   * The player: `player_slug`, and the `TPPlayerId` header. Printable ASCII, at most 256
   * characters, without leading or trailing spaces. Can be set later with `identify()`; records
   * tracked until then wait in memory (at most 1,000).
   */
  playerSlug?: string;
  /**
   * Where queued records and offer state live. `'indexeddb'` survives reloads and crashes; where
   * IndexedDB is missing or refuses to open, the client uses memory and emits a `StorageError`.
   * @default 'indexeddb' where available, else 'memory'
   */
  storage?: 'indexeddb' | 'memory';
  /**
   * How long IndexedDB may take to open and answer the first transaction of each store, in
   * milliseconds. A database that has not answered by then (Safari 14.1 could leave
   * `indexedDB.open` pending forever) is left for memory, with a `StorageError` `warning`, as
   * for any other storage failure: records tracked meanwhile are kept and sent from memory, and
   * `flush()` settles. Applies to the record queue, the dead letters and the values kept in
   * IndexedDB where localStorage is refused. The offer stores (states, device copy, caps ledger)
   * have it for every transaction, not only the first: theirs are small, and one that hangs
   * would hold `offers.showAt()` and every later placement `busy`.
   * @default 4000
   */
  storageTimeoutMs?: number;
  /** POST /logs body encoding: `'gzip'` (fflate, `application/octet-stream`) or `'none'` (`application/json`). @default 'gzip' */
  compression?: Compression;
  /**
   * Time between automatic uploads, in milliseconds. `0` turns them off: no timer, no upload at
   * start, at `flushAt` or when back online, no retry after a failed `flush()`. `flush()` and the
   * page-hide upload still work.
   * @default 10000
   */
  flushIntervalMs?: number;
  /** Queued records that start an upload without waiting for the timer. @default 50 */
  flushAt?: number;
  /** Most records in one POST /logs request; `maxBatchBytes` and `maxBatchCompressedBytes` bound it too. @default 2000 */
  maxBatchRecords?: number;
  /** Most bytes of JSON in one POST /logs request, before compression. @default 1048576 (1 MiB) */
  maxBatchBytes?: number;
  /** Most bytes in one POST /logs body as sent (after gzip); a larger batch is split. @default 262144 (256 KiB) */
  maxBatchCompressedBytes?: number;
  /** Largest record `track` accepts, in bytes of JSON (strings as UTF-8); a larger one is invalid. @default 16384 */
  maxRecordBytes?: number;
  /** Time limit of one HTTP request, in ms. A follower tab waits twice this (at most 2147483647) for the uploading tab to answer its `flush()`. @default 30000 */
  requestTimeoutMs?: number;
  /**
   * Backoff after a retryable failure (no answer, time-out, 5xx, 408, 429): attempt n waits the
   * answer's `Retry-After`, or a random time in [0, min(capMs, baseMs × factor^n)) milliseconds.
   * @default { baseMs: 1000, factor: 2, capMs: 300000 }
   */
  retry?: Partial<RetryPolicy>;
  /** Most records kept in the queue; past it the oldest are dropped (a `dropped` event says so). @default 100000 */
  maxQueueRecords?: number;
  /** Most bytes of records (JSON) kept in the queue; past it the oldest are dropped. @default 52428800 (50 MiB) */
  maxQueueBytes?: number;
  /** Upload with `fetch(…, { keepalive: true })` when the page is hidden or unloaded. @default true */
  flushOnHide?: boolean;
  /**
   * Hand the upload made as the page is hidden or unloaded to the page's service worker, which
   * runs the relay of `tp-web-sdk/sw` (README, "Service-worker relay"). It sees the answer after
   * the page is gone and deletes exactly what the service accepted: the next page sends again only
   * what truly failed, and hears what it delivered (the `relayed` event, `stats().relayed`). The
   * worker must be registered with this `baseUrl` (`register('/tp-web-sdk-sw.js?baseUrl=' +
   * encodeURIComponent(baseUrl))`, or `installRelay`'s `baseUrls`). Without such a worker (yet),
   * the keepalive upload is made as without it; a worker that does not relay to this `baseUrl`
   * also gets a `warning` (a `ConfigError` for this option).
   * @default false
   */
  serviceWorkerRelay?: boolean;
  /** The `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Debug mode: `is_tp_debug_mode` is 1, invalid records throw, and `logLevel` is `'warn'`. @default false */
  debug?: boolean;
  /**
   * What the SDK writes to `logger`, each line starting with `[tp-web-sdk]` (README, "Debug
   * logging"). Each level adds to the one before:
   * - `'silent'`: nothing, and nothing is formatted: `track()` costs what it costs without a log;
   * - `'error'`: each `error` event;
   * - `'warn'`: `warning` events, dropped and invalid records, dead letters, pauses;
   * - `'info'`: the start, the storage in use, this tab becoming the uploading one, consent, and
   *   each upload's outcome with its records per kind and its bytes;
   * - `'debug'`: each tracked record, each batch's JSON before compression (what gzip hides in
   *   devtools), and each offer's verdict and state after a refresh.
   * @default 'warn' with `debug: true`, else 'silent'
   */
  logLevel?: LogLevel;
  /**
   * Where the log lines go: an object with `error`, `warn`, `info` and `debug` methods, each
   * called with one string. What it throws is ignored.
   * @default console
   */
  logger?: Logger;
  /**
   * What `track` does with an invalid record: `'throw'` a `ValidationError`, or `'drop'` it,
   * counted, with an `invalid` event (a production game loop never throws).
   * @default 'throw' when `debug`, else 'drop'
   */
  invalidRecords?: 'throw' | 'drop';
  /**
   * Shapes or drops each record before it is checked and queued: called by `track()` after the
   * SDK filled in its fields, with the object name and a copy of the record (the game's own object
   * is never handed over). Also called for the offer reactions the SDK reports (`players_offers`).
   * A record tracked before the first `identify()` is shaped when the player is named.
   *
   * - Return the record (changed, or a new object): it is validated like any record; an invalid
   *   one is refused with an `invalid` event (or thrown, with `invalidRecords: 'throw'`).
   * - Return `undefined`: the record as it is now (changed in place, or not at all).
   * - Return `null`: the record is dropped, counted in `stats().dropped`, with a `dropped` event
   *   of reason `before-send`; `track()` returns false.
   * - Throw: the record goes on unchanged, and an `error` event (`TpError`, code `config`) names
   *   the hook; nothing is thrown into the game.
   */
  beforeSend?: BeforeSend;
  /**
   * Names the game's stored data: the IndexedDB queue, dead letters and offer states, the tab
   * channel and lock, the device id. Clients of one namespace share one queue: the tab that uploads
   * sends every record in it, with its own `baseUrl` and `clientKey`. Left out, the queue is named
   * from `baseUrl` and `clientKey`, so two games on one origin (a portal) never upload each other's
   * records; but records queued when one of them changes (a new key in a new build) stay under the
   * old name, unsent. Set one namespace per game to keep its queue across such a change. `authMode`
   * is not in the name: records a wrong one left in the paused queue are sent by the client created
   * with the right one. The device id is kept per namespace set (under `'default'` when left out),
   * so a new client key keeps it.
   * @default made from `baseUrl` and `clientKey`
   */
  namespace?: string;
  /** `device_unique_id` of join and login records. @default a random id kept in localStorage (in memory, for this page, with `childDirected`) */
  deviceId?: string;
  /**
   * Child-directed mode (COPPA, GDPR-K, kids' portals): no persistent identifier (the
   * device id lives in memory for this page; a `deviceId` given is used as is), and offers are off
   * (kids' portals forbid them): `offers.*` reject with `OfferError` reason `'child-directed'`,
   * `list()` is empty, no offer request or database. Records are queued and enriched as usual.
   * @default false
   */
  childDirected?: boolean;
  /**
   * The player's consent to storing data on the device and sending it (change it with
   * `setConsent`):
   * - `'granted'`: the SDK stores and sends as usual;
   * - `'pending'`: the game waits for its consent banner. `track()` holds valid records in memory
   *   (at most 1,000, oldest dropped first); nothing is stored and no request is made;
   * - `'denied'`: `track()` keeps nothing; nothing is stored or sent.
   * @default 'granted'
   */
  consent?: ConsentState;
  /**
   * Honour the browser's Global Privacy Control signal: when `navigator.globalPrivacyControl` is
   * true, the client starts `'denied'` whatever `consent` says, and emits a `consent` event (source
   * `global-privacy-control`) right after `createClient` returns.
   * @default false
   */
  respectGlobalPrivacyControl?: boolean;
  /**
   * A session ends after this long with every tab of the game hidden (or closed), in ms; a reload
   * within it keeps the session (`client.session`). A session also ends at a new UTC day.
   * @default 1800000 (30 minutes)
   */
  sessionTimeoutMs?: number;
  /**
   * Sends `players_login` by itself, for the identified player (a session that starts before
   * `identify()` sends it then), with the device fields filled in as for any login:
   * - `'session'`: one at the start of each session (the service's activity and attendance
   *   metrics count logins: an idle game left open overnight logs in again at the new day);
   * - `'day'`: at most one per UTC day and player;
   * - `false`: none; the game tracks its logins itself.
   *
   * A game that also tracks `players_login` itself gets one `warning` event (they are sent all the
   * same). The game's tabs send one login between them.
   * @default 'session'
   */
  autoLogin?: AutoLogin;
  /**
   * Sends `players_join` the first time a player is identified on this device (remembered per
   * player in localStorage, erased by `forget()`).
   * @default false
   */
  autoJoin?: boolean;
  /** `region` of join and login records (two letters). @default the region of the browser's language, if any */
  region?: string;
  /** `players_login.app_version`. @default null */
  appVersion?: string;
  /** The clock, in milliseconds since the epoch (tests, simulations). @default Date.now */
  now?: () => number;
}
