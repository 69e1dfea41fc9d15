/**
 * The storage under the offer states and the offer cache: a key-value store whose changes are
 * atomic (one IndexedDB transaction reads and writes a value, so tabs of one game never overwrite
 * each other's changes), in IndexedDB or in memory, and the move to memory when IndexedDB fails.
 *
 * @module
 */
import { promisifyRequest } from 'idb-keyval';
import type { StorageError, StorageOperation } from '../errors/index.js';
import { openStore } from '../internal/index.js';
import { memoryFallback } from '../queue/index.js';

/** A key-value store; see the module's description. */
export interface KeyValueStore<K extends IDBValidKey, V> {
  readonly kind: 'indexeddb' | 'memory';
  get(key: K): Promise<V | undefined>;
  /** Every entry, in key order (IndexedDB) or in order of first write (memory). */
  entries(): Promise<Array<[K, V]>>;
  /**
   * Reads the value of `key`, applies `change` and writes the result, atomically. Resolves with
   * the new value, or undefined when `change` returned undefined (nothing written). `change` runs
   * inside the transaction: synchronous, no I/O.
   */
  change(key: K, change: (current: V | undefined) => V | undefined): Promise<V | undefined>;
}

/**
 * Object store `storeName` of IndexedDB database `dbName`. Each transaction that has not answered
 * within `timeoutMs` (the `storageTimeoutMs` option) rejects with a `TimeoutError`, the first and
 * every later one: an offer store's transactions are small, and one that hangs would hold
 * `showAt()` and every later placement `busy`.
 */
export function createIndexedDbKeyValueStore<K extends IDBValidKey, V>(dbName: string, storeName: string, timeoutMs?: number): KeyValueStore<K, V> {
  const store = openStore(dbName, storeName, timeoutMs, true);
  return {
    kind: 'indexeddb',
    get: (key) => store('readonly', (s) => promisifyRequest<V | undefined>(s.get(key))),
    entries: () =>
      store('readonly', async (s) => {
        const [keys, values] = await Promise.all([promisifyRequest(s.getAllKeys()), promisifyRequest(s.getAll())]);
        return keys.map((key, i) => [key as K, values[i] as V]);
      }),
    change: (key, change) =>
      store('readwrite', (s) => {
        let result: V | undefined;
        const read = s.get(key);
        read.onsuccess = () => {
          result = change(read.result as V | undefined);
          if (result !== undefined) s.put(result, key);
        };
        return promisifyRequest(s.transaction).then(() => result);
      }),
  };
}

/** A store in memory (storage `'memory'`, Node, or after an IndexedDB failure). */
export function createMemoryKeyValueStore<K extends IDBValidKey, V>(): KeyValueStore<K, V> {
  const entries = new Map<string, [K, V]>();
  return {
    kind: 'memory',
    get: async (key) => entries.get(JSON.stringify(key))?.[1],
    entries: async () => [...entries.values()],
    async change(key, change) {
      const id = JSON.stringify(key);
      const result = change(entries.get(id)?.[1]);
      if (result !== undefined) entries.set(id, [key, result]);
      return result;
    },
  };
}

/**
 * `store`, moved to memory when it fails: the failed `entries` or `change` runs again on a memory
 * store seeded with `seed()` (what the page knows, so that, say, nothing is impressed twice), and
 * `onFallBack` hears of it (a StorageError for `operation`); after that, memory for good. A
 * failure of a memory store rejects with that StorageError. A failed `get` is the caller's.
 */
export function withMemoryFallback<K extends IDBValidKey, V>(
  store: KeyValueStore<K, V>,
  operation: StorageOperation,
  onFallBack: (error: StorageError) => void,
  seed: () => Array<[K, V]> = () => [],
): KeyValueStore<K, V> {
  const toMemory = (): KeyValueStore<K, V> => {
    const memory = createMemoryKeyValueStore<K, V>();
    for (const [key, value] of seed()) void memory.change(key, () => value);
    return memory;
  };
  const fallback = memoryFallback(store, store.kind === 'memory', toMemory, onFallBack);
  return {
    get kind() {
      return fallback.store.kind;
    },
    get: (key) => fallback.store.get(key),
    entries: () => fallback.run(operation, (s) => s.entries()),
    change: (key, change) => fallback.run(operation, (s) => s.change(key, change)),
  };
}
