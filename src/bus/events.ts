/**
 * The client's typed event map: event name → listener arguments.
 *
 * @module
 */
import { EventEmitter } from 'eventemitter3';
import type { DeadLetterInfo, DeliveryInfo, UploadInfo } from '../delivery/index.js';
import type { ServiceError, TpError, ValidationError } from '../errors/index.js';
import type { MessageStatus } from '../records/index.js';
import type { OfferState } from '../offers/state-machine.js';
import type { Offer } from '../offers/types.js';
import type { Verdict } from '../offers/usability.js';

/** Payload of the `offer:impress`, `offer:open`, `offer:dismiss` and `offer:interact` events. */
export interface OfferReactionEvent {
  readonly offer: Offer;
  readonly status: MessageStatus;
  /** `message_detail` as reported. */
  readonly detail: string | undefined;
  /** The offer's state after the move (docs/decisions.md, "Offer states"). */
  readonly state: OfferState;
  /** The usability verdict at the move (service time). */
  readonly verdict: Verdict;
}

/** Payload of `offer:close` (the SDK closed an offer: nothing reported) and `offer:expired`. */
export interface OfferClosedEvent {
  readonly offer: Offer;
  /**
   * `interacted`: closed after the player took the next step; `expired`: it stopped being usable
   * on screen; `closed`: the game took it off screen (`view.close()`, `show()`'s signal aborted, or
   * `identify()` changed the player).
   */
  readonly cause: 'interacted' | 'expired' | 'closed';
  readonly verdict: Verdict;
}

/** Payload of the `paused` event. */
export interface PausedEvent {
  /** Why: the service refused the client key (403 `Invalid TPClientKey`). */
  readonly reason: 'invalid-client-key';
  readonly error: ServiceError;
}

/** Payload of the `dropped` event. */
export interface DroppedEvent {
  readonly records: number;
  /**
   * `queue-full`: past `maxQueueRecords`/`maxQueueBytes`; `quota`: the browser's storage quota;
   * `earlier-session`: emitted once at start (login time), the records earlier pages of the game
   * dropped since the previous start. Each of those drops was also reported live, by its own page,
   * if that page lived long enough: a game that logs its health at login uses this one;
   * `no-player`: at `shutdown()`, records tracked before any `identify()` (they had no player to
   * be sent under).
   */
  readonly reason: 'queue-full' | 'quota' | 'earlier-session' | 'no-player';
}

/** Payload of the `queue` event. */
export interface QueueEvent {
  /** Records queued in this tab, waiting for a 200. */
  readonly queued: number;
}

/**
 * Events of a client (`client.on(name, listener)`):
 *
 * - `error`: a failure nobody awaits (a background upload, a malformed offer, a dead-lettered
 *   batch). Failures of a call you await (`flush()`, `offers.refresh()`) reject that call instead.
 * - `warning`: the SDK works on in a lesser way; nothing was lost (IndexedDB missing or failing:
 *   memory storage from now on).
 * - `dropped`: records were deleted unsent to stay within the queue's caps or the storage quota
 *   (oldest first); at start, the drops of earlier pages since the previous start; at
 *   `shutdown()`, the records that still waited for a player.
 * - `invalid`: `track` rejected a record (when `invalidRecords` is `'drop'`).
 * - `queue`: the number of queued records changed (records waiting for the first `identify()` are
 *   not in it; `stats().queued` counts them).
 * - `upload`: a POST /logs request is leaving, with its records (`keepalive` when the page is
 *   hidden or unloading: if the page is gone before the answer, those records are sent again on
 *   the next visit).
 * - `delivered`: the service answered 200 to an upload; its records left the queue.
 * - `paused`: the service refused the client key (403 `Invalid TPClientKey`); uploads wait, nothing
 *   is deleted, until `setClientKey()`.
 * - `dead-letter`: records were put aside in the dead-letter store (a 400 answer, or corrupt in
 *   storage); `client.deadLetters` lists and requeues them.
 * - `offer:impress`, `offer:open`, `offer:dismiss`, `offer:interact`: a reaction was reported
 *   (queued as a `players_offers` record), with the offer's new state and its verdict.
 * - `offer:close`: a shown offer closed without a reaction (the SDK closed it after `interact`, or
 *   because it expired on screen; or the game closed it); `offer:expired` also fires when it expired.
 */
export interface ClientEvents {
  error: [error: TpError];
  warning: [error: TpError];
  dropped: [event: DroppedEvent];
  invalid: [error: ValidationError];
  queue: [event: QueueEvent];
  upload: [info: UploadInfo];
  delivered: [info: DeliveryInfo];
  'dead-letter': [info: DeadLetterInfo];
  paused: [event: PausedEvent];
  'offer:impress': [event: OfferReactionEvent];
  'offer:open': [event: OfferReactionEvent];
  'offer:dismiss': [event: OfferReactionEvent];
  'offer:interact': [event: OfferReactionEvent];
  'offer:close': [event: OfferClosedEvent];
  'offer:expired': [event: OfferClosedEvent];
}

/** The emitter every domain of one client shares. */
export type ClientEmitter = EventEmitter<ClientEvents>;

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
