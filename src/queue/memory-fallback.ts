/**
 * Moving to memory when IndexedDB fails, written once for every store the SDK keeps there (the
 * record queue, the dead letters, the offer states and cache): the failed operation runs again on
 * a fresh memory store, the owner hears of it once through a StorageError, and the store stays in
 * memory for the rest of the page.
 *
 * @module
 */
import { StorageError, type StorageOperation } from '../errors/index.js';

/** A store that moves to memory when it fails; see {@link memoryFallback}. */
export interface MemoryFallback<S> {
  /** The store in use: the one given, or the memory store after a failure. */
  readonly store: S;
  /**
   * Runs `op` on the store in use. When it fails, moves to memory and runs `op` again there. A
   * failure in memory rejects with a StorageError for `operation` (there is nowhere left to go).
   */
  run<T>(operation: StorageOperation, op: (store: S) => Promise<T>): Promise<T>;
  /** Moves to memory now, and says so: for a failure seen outside {@link MemoryFallback.run}. */
  fallBack(operation: StorageOperation, cause: unknown): void;
}

/**
 * `store`, until it fails: then a store from `toMemory`, and `onFallBack` hears a StorageError for
 * the failed operation (after the move). `inMemory`: `store` is a memory store already.
 */
export function memoryFallback<S>(
  store: S,
  inMemory: boolean,
  toMemory: () => S,
  onFallBack: (error: StorageError) => void,
): MemoryFallback<S> {
  const fallback: MemoryFallback<S> = {
    get store() {
      return store;
    },
    async run(operation, op) {
      try {
        return await op(store);
      } catch (cause) {
        if (inMemory) throw new StorageError(operation, cause);
        fallback.fallBack(operation, cause);
        return op(store);
      }
    },
    fallBack(operation, cause) {
      store = toMemory();
      inMemory = true;
      onFallBack(new StorageError(operation, cause));
    },
  };
  return fallback;
}
