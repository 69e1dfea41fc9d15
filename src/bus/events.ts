/**
 * The client's typed event map: event name → listener arguments.
 *
 * @module
 */
import { EventEmitter } from 'eventemitter3';
import type { DeadLetterInfo, DeliveryInfo, RelayedInfo, RetryInfo, UploadInfo } from '../delivery/index.js';
import type { ConsentState, PauseReason, ServiceError, TpError, ValidationError } from '../errors/index.js';
import type { OfferEvents } from '../offers/index.js';
import type { SessionEvents } from '../session/index.js';

/** Payload of the `paused` event. */
export interface PausedEvent {
  /**
   * Why: `invalid-client-key`, the service refused the client key (403 `Invalid TPClientKey`;
   * `setClientKey()` resumes); `invalid-auth-headers`, it refused the credential headers (400
   * `Missing Headers`, `Missing TPAuthMode`, `Invalid TPAuthMode`, `Missing TPClientKey`: a client
   * created with the right options sends what waited).
   */
  readonly reason: PauseReason;
  /** The refusal itself (its status and reason). */
  readonly error: ServiceError;
}

/** Payload of the `dropped` event. */
export interface DroppedEvent {
  /** How many records were deleted unsent. */
  readonly records: number;
  /**
   * `queue-full`: past `maxQueueRecords`/`maxQueueBytes`; `quota`: the browser's storage quota;
   * `earlier-session`: emitted once at start (login time), the records earlier pages of the game
   * dropped since the previous start. Each of those drops was also reported live, by its own page,
   * if that page lived long enough: a game that logs its health at login uses this one;
   * `no-player`: at `shutdown()`, records tracked before any `identify()` (they had no player to
   * be sent under);
   * `consent`: records held while consent was `pending`, let go because consent was denied, the
   * client shut down, or more than 1,000 waited (the oldest go; one event per task); and the
   * stored records a denial erased unsent (counted by the tab that erased them);
   * `forget`: records in memory when `forget()` erased the game's data (in this tab or another),
   * and the stored records it erased unsent (counted by the tab that called it);
   * `before-send`: the game's `beforeSend` hook returned `null` for the record.
   */
  readonly reason: 'queue-full' | 'quota' | 'earlier-session' | 'no-player' | 'consent' | 'forget' | 'before-send';
}

/** Payload of the `consent` event. */
export interface ConsentEvent {
  /** The new state. */
  readonly state: ConsentState;
  /**
   * What set it: `setConsent` (the game, or the TCF bridge), or `global-privacy-control` (the
   * browser's Global Privacy Control signal, with `respectGlobalPrivacyControl: true`).
   */
  readonly source: 'setConsent' | 'global-privacy-control';
}

/** Payload of the `gameplay` event. */
export interface GameplayEvent {
  /** True from `gameplayStart()`: the player plays; false from `gameplayStop()`: a natural break. */
  readonly inGameplay: boolean;
}

/** Payload of the `queue` event. */
export interface QueueEvent {
  /** Records queued in this tab, waiting for a 200. */
  readonly queued: number;
}

/**
 * Events of a client: `client.on(name, listener)` (the listener gets the payload shown). Failures
 * of a call you await (`flush()`, `offers.refresh()`) reject that call instead of emitting. The
 * offer events (`offer:impress`, …) are those of `OfferEvents` (offers/events.ts), and the session
 * events (`session:start`, `session:end`) those of `SessionEvents` (session/types.ts), listed below with the rest.
 */
export interface ClientEvents extends OfferEvents, SessionEvents {
  /**
   * A failure nobody awaits that the game may have to act on: an upload the SDK will not retry by
   * itself (a 404 from a wrong `baseUrl`, a 401), a malformed offer, a dead-lettered batch. A
   * transient failure the SDK retries is a `retry` event instead.
   */
  error: [error: TpError];
  /**
   * A background request failed with a transient failure (no answer, a time-out, 5xx, 408, 429, a
   * 200 that is not the envelope) and its records stay queued: an upload or a first-open update
   * (sent again after `delayMs`), or a keepalive upload the page saw fail (its records go with the
   * next upload; with `flushIntervalMs: 0`, the game's next `flush()`). Nothing was lost; a game
   * need not report it as a crash.
   */
  retry: [info: RetryInfo];
  /**
   * The SDK works on in a lesser way and nothing was lost: IndexedDB missing or failing (memory
   * storage from now on), offers served from the device's copy, a service worker that does not
   * relay uploads to this `baseUrl` (a `ConfigError` for option `serviceWorkerRelay`: keepalive
   * uploads are made instead; once per worker). Also, once, a `TpError` of code `config` when the
   * game tracks `players_login` itself while `autoLogin` sends them.
   */
  warning: [error: TpError];
  /**
   * Records were deleted unsent: to stay within the queue's caps or the storage quota (oldest
   * first); at start, the drops of earlier pages since the previous start; at `shutdown()`, the
   * records that still waited for a player.
   */
  dropped: [event: DroppedEvent];
  /** `track` rejected a record (when `invalidRecords` is `'drop'`): the kind, field path and reason. */
  invalid: [error: ValidationError];
  /** The number of records queued in this tab changed (records waiting for the first `identify()` are not in it; `stats().queued` counts them). */
  queue: [event: QueueEvent];
  /**
   * A POST /logs request is leaving, with its records (`keepalive` when the page is hidden or
   * unloading; `trusted` when such an upload counts as delivered as it leaves, docs/decisions.md,
   * "Delivery: exactly once on reload and close").
   */
  upload: [info: UploadInfo];
  /** The service answered 200 to an upload; its records left the queue. */
  delivered: [info: DeliveryInfo];
  /**
   * The service-worker relay (option `serviceWorkerRelay`) delivered, and deleted from the queue,
   * records that earlier pages handed it as they went away and that were gone before its answer.
   * Told to the page that takes over uploading, once, when it asks the worker about those records
   * (at its start); counted in `stats().relayed`, not in `delivered`. A handing page that heard the
   * answer itself emitted `delivered` instead.
   */
  relayed: [info: RelayedInfo];
  /** Records were put aside in the dead-letter store (a 400 answer, or corrupt in storage); `client.deadLetters` lists and requeues them. */
  'dead-letter': [info: DeadLetterInfo];
  /**
   * The service refused the client key (403 `Invalid TPClientKey`: until `setClientKey()`) or the
   * credential headers (400 `Invalid TPAuthMode`, …: until a client with the right options):
   * uploads wait, nothing is deleted.
   */
  paused: [event: PausedEvent];
  /** Consent changed (`setConsent`, or Global Privacy Control at start): see `TpClient.consent`. */
  consent: [event: ConsentEvent];
  /**
   * The game started or stopped gameplay (`gameplayStart()`, `gameplayStop()`): only when the
   * state changes, so a second `gameplayStart()` in a row emits nothing. See `LoggingClient.inGameplay`.
   */
  gameplay: [event: GameplayEvent];
}

/** The emitter every domain of one client shares. */
export type ClientEmitter = EventEmitter<ClientEvents>;

/** What the parts of a client use of its emitter: they emit; only the client's front listens. */
export type EventSink = Pick<ClientEmitter, 'emit'>;

/**
 * `emitter`'s `emit` while `live()` is true; after, only `delivered`: the parts of a client's
 * storage that `setConsent('denied')` or `forget()` retired may still settle something (a write
 * refused, a deletion), and the game must not hear of it, but a batch accepted is news.
 */
export function liveSink(emitter: ClientEmitter, live: () => boolean): EventSink {
  const emit = emitter.emit.bind(emitter) as (event: keyof ClientEvents, ...args: unknown[]) => boolean;
  // A batch on the wire at the end is delivered all the same: the game hears it (stats count it).
  return { emit: ((event: keyof ClientEvents, ...args: unknown[]) => (live() || event === 'delivered') && emit(event, ...args)) as EventSink['emit'] };
}

type Listener = (...args: any[]) => void;
const guards = new WeakMap<Listener, Listener>();

/**
 * `listener`, made safe to call from inside the SDK: what it throws is reported as an uncaught
 * error (`reportError`, as the DOM does for an event listener) instead of breaking the step of
 * the SDK that emitted (an upload, a reaction) or the listeners after it. The same function gets
 * the same guard, so `off()` finds it.
 */
export function guardListener<L extends Listener>(listener: L): L {
  let guard = guards.get(listener);
  if (!guard) {
    guard = (...args) => {
      try {
        listener(...args);
      } catch (error) {
        // `reportError` where the platform has it; else thrown from a task of its own.
        typeof reportError === 'function' ? reportError(error) : setTimeout(() => { throw error; });
      }
    };
    guards.set(listener, guard);
  }
  return guard as L;
}

/** Creates a client's emitter. */
export function createEmitter(): ClientEmitter {
  return new EventEmitter<ClientEvents>();
}
