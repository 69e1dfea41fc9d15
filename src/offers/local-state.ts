/**
 * What the client remembers about each offer of a player, persisted so that an offer is impressed
 * once ever, open counts survive reloads, and do-not-show-again sticks.
 *
 * @module
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';

/** Per-offer memory of this player on this device. Times are milliseconds since the epoch. */
export interface OfferLocalState {
  /** When `impress` was reported. */
  readonly impressedAt?: number;
  /** How many times the offer was opened here (counts against `valid_open_count`). */
  readonly opens: number;
  /** The first open seen here; stands in for `first_opened_at` until the service confirms. */
  readonly firstOpenedAt?: number;
  /** True once the service accepted the first-open update. */
  readonly firstOpenSent?: boolean;
  /** The player ticked do-not-show-again. */
  readonly hidden?: boolean;
}

/** offer_id → state, for one player. */
export type PlayerOfferStates = Record<number, OfferLocalState>;

/** Where offer states live: one value per player. */
export interface OfferStateStore {
  load(playerSlug: string): Promise<PlayerOfferStates>;
  save(playerSlug: string, states: PlayerOfferStates): Promise<void>;
}

/** Offer states in IndexedDB database `dbName`, one key per player. */
export function createIndexedDbOfferStateStore(dbName: string): OfferStateStore {
  const store: UseStore = createStore(dbName, 'players');
  return {
    async load(playerSlug) {
      return ((await get(playerSlug, store)) as PlayerOfferStates | undefined) ?? {};
    },
    save(playerSlug, states) {
      return set(playerSlug, states, store);
    },
  };
}

/** Offer states in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export function createMemoryOfferStateStore(): OfferStateStore {
  const players = new Map<string, PlayerOfferStates>();
  return {
    async load(playerSlug) {
      return { ...(players.get(playerSlug) ?? {}) };
    },
    async save(playerSlug, states) {
      players.set(playerSlug, { ...states });
    },
  };
}
