/**
 * The dead-letter store: records the SDK will not send again by itself, kept aside rather than
 * resent forever or deleted. A batch lands here when the service rejected it with a 400 (a request
 * the SDK built is a bug), and an entry read back from storage lands here when it is corrupt.
 * `client.deadLetters` lists, requeues and clears them.
 *
 * @module
 */
import { delMany, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { StorageError } from '../errors/index.js';
import { openStore } from '../internal/index.js';
import { memoryFallback } from './memory-fallback.js';
import type { QueueEntry } from './types.js';

/** Why records were set aside. */
export interface DeadLetterReason {
  /** `service` (the service rejected the batch) or `corrupt` (unreadable from storage). */
  readonly code: 'service' | 'corrupt';
  /** The HTTP status, for `service`. */
  readonly status?: number;
  /** The envelope's reason (`Invalid Record`, `Missing Body`, …) or what was wrong with the entry. */
  readonly reason: string;
}

/** One set of records put aside together. */
export interface DeadLetter {
  /** Its key in the dead-letter store (time-ordered); `list()` returns letters in this order. */
  readonly key: string;
  /** When it was put aside, in milliseconds since the epoch. */
  readonly at: number;
  /** Why it was put aside: the service's answer, or what was wrong with the stored entry. */
  readonly reason: DeadLetterReason;
  /** The records, as they were queued (a corrupt entry as it was read). */
  readonly entries: readonly QueueEntry[] | readonly unknown[];
}

/** Where dead letters live. */
export interface DeadLetterStore {
  add(letter: DeadLetter): Promise<void>;
  list(): Promise<DeadLetter[]>;
  remove(keys: readonly string[]): Promise<void>;
}

/** Dead letters in IndexedDB database `dbName`; first transactions time out after `timeoutMs` (internal/idb.ts). */
export function createIndexedDbDeadLetterStore(dbName: string, timeoutMs?: number): DeadLetterStore {
  const store: UseStore = openStore(dbName, 'letters', timeoutMs);
  return {
    add: (letter) => set(letter.key, letter, store),
    list: () => store('readonly', (s) => promisifyRequest(s.getAll() as IDBRequest<DeadLetter[]>)),
    remove: (keys) => delMany([...keys], store),
  };
}

/** Dead letters in memory. */
export function createMemoryDeadLetterStore(): DeadLetterStore {
  const letters = new Map<string, DeadLetter>();
  return {
    async add(letter) {
      letters.set(letter.key, letter);
    },
    async list() {
      return [...letters.values()];
    },
    async remove(keys) {
      for (const key of keys) letters.delete(key);
    },
  };
}

/**
 * `store`, moved to memory when putting a letter aside fails: the letter goes to a memory store,
 * which keeps the letters from then on, and `onFallBack` hears a StorageError `dead-letter` (once).
 * Listing and removing use the store in use, and reject as it does.
 */
export function withDeadLetterFallback(store: DeadLetterStore, onFallBack: (error: StorageError) => void): DeadLetterStore {
  const fallback = memoryFallback(store, false, createMemoryDeadLetterStore, onFallBack);
  return {
    add: (letter) => fallback.run('dead-letter', (s) => s.add(letter)),
    list: () => fallback.store.list(),
    remove: (keys) => fallback.store.remove(keys),
  };
}
