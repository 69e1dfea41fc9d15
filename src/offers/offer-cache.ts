/**
 * The last offers the service sent for each player, as it sent them (the envelope's `data`), so a
 * game that starts offline can still show an offer that is usable and report it later.
 *
 * @module
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';

/** One player's last GET /offers answer. */
export interface CachedOffers {
  /** When it arrived, in milliseconds since the epoch (service time). */
  readonly fetchedAt: number;
  /** The offer records, undecoded. */
  readonly records: readonly unknown[];
}

export interface OfferCache {
  load(playerSlug: string): Promise<CachedOffers | undefined>;
  save(playerSlug: string, cached: CachedOffers): Promise<void>;
}

/** The cache in IndexedDB database `dbName`, one entry per player. */
export function createIndexedDbOfferCache(dbName: string): OfferCache {
  const store: UseStore = createStore(dbName, 'players');
  return {
    load: (playerSlug) => get<CachedOffers>(playerSlug, store),
    save: (playerSlug, cached) => set(playerSlug, cached, store),
  };
}

/** The cache in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export function createMemoryOfferCache(): OfferCache {
  const players = new Map<string, CachedOffers>();
  return {
    load: async (playerSlug) => players.get(playerSlug),
    save: async (playerSlug, cached) => void players.set(playerSlug, cached),
  };
}
