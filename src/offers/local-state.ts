/**
 * What the device remembers about each offer of each player: its state (state-machine.ts), the
 * opens counted against `valid_open_count`, the first open and whether the service has it, and
 * do-not-show-again. One entry per player and offer, changed atomically (one IndexedDB
 * transaction reads and writes it), so tabs of one game never overwrite each other's changes and
 * exactly one of them wins a move such as the once-ever `impress`.
 *
 * @module
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { OfferState } from './state-machine.js';

/** Per-offer memory of one player on this device. Times are milliseconds since the epoch, service time. */
export interface OfferLocalState {
  /** The offer's state after the last move made on this device (any tab). */
  readonly state?: OfferState;
  /** When `impress` was decided (once per offer per player, ever). */
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

/** A stored state with the player and offer it belongs to. */
export interface OfferStateEntry {
  readonly playerSlug: string;
  readonly offerId: number;
  readonly local: OfferLocalState;
}

/**
 * A change of one offer's state: returns the new state, or undefined to leave it as it is (a
 * refused move). Runs inside the store's transaction: synchronous, no I/O.
 */
export type OfferStateChange = (current: OfferLocalState) => OfferLocalState | undefined;

/** Where offer states live. */
export interface OfferStateStore {
  readonly kind: 'indexeddb' | 'memory';
  /** Every offer state of a player, by `offer_id`. */
  load(playerSlug: string): Promise<Map<number, OfferLocalState>>;
  /** Every stored state, of every player (for the first-open updates still to send). */
  all(): Promise<OfferStateEntry[]>;
  /**
   * Reads one offer's state, applies `change` and writes the result, atomically. Resolves with the
   * new state, or undefined when `change` refused (nothing written).
   */
  change(playerSlug: string, offerId: number, change: OfferStateChange): Promise<OfferLocalState | undefined>;
}

/** The state of an offer this device has never seen. */
export const EMPTY_STATE: OfferLocalState = { opens: 0 };

/** Offer states in IndexedDB database `dbName`, keyed `[player_slug, offer_id]`. */
export function createIndexedDbOfferStateStore(dbName: string): OfferStateStore {
  const store: UseStore = createStore(dbName, 'offers');
  return {
    kind: 'indexeddb',
    load(playerSlug) {
      return store('readonly', async (s) => {
        // Array keys sort after numbers: [player, []] is above every [player, offer_id].
        const range = IDBKeyRange.bound([playerSlug], [playerSlug, []]);
        const [keys, values] = await Promise.all([
          promisifyRequest(s.getAllKeys(range)),
          promisifyRequest(s.getAll(range) as IDBRequest<OfferLocalState[]>),
        ]);
        return new Map(keys.map((key, i) => [(key as [string, number])[1], values[i]!]));
      });
    },
    all() {
      return store('readonly', async (s) => {
        const [keys, values] = await Promise.all([promisifyRequest(s.getAllKeys()), promisifyRequest(s.getAll() as IDBRequest<OfferLocalState[]>)]);
        return keys.map((key, i) => ({ playerSlug: (key as [string, number])[0], offerId: (key as [string, number])[1], local: values[i]! }));
      });
    },
    change(playerSlug, offerId, change) {
      return store('readwrite', (s) => {
        const key = [playerSlug, offerId];
        let result: OfferLocalState | undefined;
        const read = s.get(key);
        read.onsuccess = () => {
          result = change((read.result as OfferLocalState | undefined) ?? EMPTY_STATE);
          if (result !== undefined) s.put(result, key);
        };
        return promisifyRequest(s.transaction).then(() => result);
      });
    },
  };
}

/** Offer states in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export function createMemoryOfferStateStore(): OfferStateStore {
  const states = new Map<string, OfferStateEntry>();
  return {
    kind: 'memory',
    async load(playerSlug) {
      const out = new Map<number, OfferLocalState>();
      for (const e of states.values()) if (e.playerSlug === playerSlug) out.set(e.offerId, e.local);
      return out;
    },
    async all() {
      return [...states.values()];
    },
    async change(playerSlug, offerId, change) {
      const key = JSON.stringify([playerSlug, offerId]);
      const result = change(states.get(key)?.local ?? EMPTY_STATE);
      if (result !== undefined) states.set(key, { playerSlug, offerId, local: result });
      return result;
    },
  };
}
