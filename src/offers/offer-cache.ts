/**
 * The last offers the service sent for each player, as it sent them (the envelope's `data`), so a
 * game that starts offline can still show an offer that is usable and report it later.
 *
 * @module
 */
import { createIndexedDbKeyValueStore, createMemoryKeyValueStore, type KeyValueStore } from './store.js';

/** One player's last GET /offers answer. */
export interface CachedOffers {
  /** When it arrived, in milliseconds since the epoch (service time). */
  readonly fetchedAt: number;
  /**
   * Service time minus device time, in milliseconds, as learned from the answers' `Date` when it
   * was fetched (undefined when none was read): a page started offline decides with it.
   */
  readonly offsetMs?: number | undefined;
  /** The offer records, undecoded. */
  readonly records: readonly unknown[];
}

/** The cached answers, by player. */
export type OfferCache = KeyValueStore<string, CachedOffers>;

/** The cache in IndexedDB database `dbName`, one entry per player. */
export const createIndexedDbOfferCache = (dbName: string, timeoutMs?: number): OfferCache => createIndexedDbKeyValueStore(dbName, 'players', timeoutMs);

/** The cache in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export const createMemoryOfferCache = (): OfferCache => createMemoryKeyValueStore();
