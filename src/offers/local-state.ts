/**
 * What the device remembers about each offer of each player: its state (state-machine.ts), the
 * opens counted against `valid_open_count`, the first open and whether the service has it, and
 * do-not-show-again. One entry per player and offer, changed atomically (store.ts), so tabs of
 * one game never overwrite each other's changes and exactly one of them wins a move such as the
 * once-ever `impress`.
 *
 * @module
 */
import type { OfferState } from './state-machine.js';
import { createIndexedDbKeyValueStore, createMemoryKeyValueStore, type KeyValueStore } from './store.js';

/** Per-offer memory of one player on this device. Times are milliseconds since the epoch, service time. */
export interface OfferLocalState {
  /** The offer's state after the last move made on this device (any tab). */
  readonly state?: OfferState;
  /**
   * When `impress` was decided (once per offer per player, ever), in device time: pages of one
   * device share its clock, while their estimates of the service's time can differ by hours
   * (one page has read a `Date`, another has not yet).
   */
  readonly impressedAt?: number;
  /**
   * The impression is decided but its report not yet queued: set in the same write as
   * `impressedAt`, cleared once reported. A page that died in between leaves it set, and the next
   * one reports it.
   */
  readonly impressPending?: boolean;
  /** How many times the offer was opened here (counts against `valid_open_count`). */
  readonly opens: number;
  /** The first open seen here; stands in for `first_opened_at` until the service confirms. */
  readonly firstOpenedAt?: number;
  /** True once the service has a first open: it accepted this device's update, or sent `first_opened_at`. */
  readonly firstOpenSent?: boolean;
  /** Why the first-open update was given up (an answer that sending again cannot change). */
  readonly firstOpenFailed?: string;
  /** The player ticked do-not-show-again. */
  readonly hidden?: boolean;
}

/**
 * Offer states, keyed `[player_slug, offer_id]`; `change` is how a move is applied, merged with
 * what other tabs wrote.
 */
export type OfferStateStore = KeyValueStore<[playerSlug: string, offerId: number], OfferLocalState>;

/** The state of an offer this device has never seen. */
export const EMPTY_STATE: OfferLocalState = { opens: 0 };

/** Offer states in IndexedDB database `dbName`. */
export const createIndexedDbOfferStateStore = (dbName: string, timeoutMs?: number): OfferStateStore => createIndexedDbKeyValueStore(dbName, 'offers', timeoutMs);

/** Offer states in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export const createMemoryOfferStateStore = (): OfferStateStore => createMemoryKeyValueStore();
