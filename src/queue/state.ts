/**
 * What a `RecordQueue` knows, as one record its parts share. Each field belongs to one part,
 * whose functions change it (the others only read it): the count (counts.ts), the head (head.ts),
 * the entries not stored yet and the chain of writes (write-chain.ts). `RecordQueue` itself sets
 * what its methods are given (`protect`, `setCount`, the count `refreshCount` read) and starts the
 * chain with the open (settle.ts). The move to memory is memory-fallback.ts.
 *
 * @module
 */
import type { StorageError } from '../errors/index.js';
import { KeyGenerator } from './keys.js';
import { memoryFallback, type MemoryFallback } from './memory-fallback.js';
import { createMemoryStore } from './memory-store.js';
import { DEFAULT_HEAD_LIMIT, type RecordQueueOptions } from './options.js';
import type { QueueEntry, QueueStore, StoredEntry } from './types.js';

/** A tracked entry and the counter its key will be made from. */
export interface PendingEntry {
  readonly entry: QueueEntry;
  readonly counter: number;
  /**
   * Its key when it is not the one its counter makes: renewed because it was at or below the
   * store's greatest key at open. Set once, so the unload upload, the rescue copy and the write
   * all carry the same key.
   */
  key?: string;
}

/** One queue's state; see the module's description. */
export interface QueueState {
  readonly options: RecordQueueOptions;
  /** The store in use: the one given, or memory after a failure. */
  readonly storage: MemoryFallback<QueueStore>;

  // counts.ts
  /** Records in the store (every tab's): as read, plus this tab's writes since, minus its removals. */
  stored: number;
  /** Their bytes. */
  storedBytes: number;
  /** Records left in the store when the queue moved to memory (counted then; 0 before). */
  stranded: number;

  // head.ts
  /** Most entries the head holds. */
  readonly headLimit: number;
  /** The oldest stored entries, in key order. */
  head: StoredEntry[];
  /** True when the head holds every stored entry. */
  headComplete: boolean;
  /** A background read extending the head, and the keys removed meanwhile. */
  refill?: Promise<void> | undefined;
  forgotten?: Set<string> | undefined;

  // write-chain.ts
  readonly keys: KeyGenerator;
  /** Entries tracked but not yet handed to the store, with their key counters (drawn at enqueue). */
  buffer: PendingEntry[];
  /** Batches handed to the store whose write has not finished, oldest first (writes run in order). */
  readonly writing: PendingEntry[][];
  writingCount: number;
  flushing: boolean;
  /** An append is in the chain and has not taken the buffer yet: entries buffered now go with it. */
  appendWaiting: boolean;
  /** `buffer.length` when `onLengthChange` last heard of the buffer. */
  announced: number;
  /** The chain of store operations; each waits for the one before it (the first: the store's open). */
  writes: Promise<void>;
  /** The greatest key in the store when it was opened: a key at or below it is given a new one. */
  floorKey?: string | undefined;
  /** The greatest key this tab wrote or saw in the store. */
  lastKey?: string | undefined;

  // read by caps.ts
  /** Keys eviction leaves alone, with their bytes: the records in a request right now (`RecordQueue.protect`). */
  protected: ReadonlyMap<string, number>;
}

/**
 * The state of a queue not opened yet: nothing counted, an empty head, no write. `onFallBack`
 * hears the StorageError when the store is left for memory.
 */
export function newQueueState(options: RecordQueueOptions, onFallBack: (error: StorageError) => void): QueueState {
  return {
    options,
    storage: memoryFallback(options.store, options.store.kind === 'memory', createMemoryStore, onFallBack),
    stored: 0,
    storedBytes: 0,
    stranded: 0,
    headLimit: options.headLimit ?? DEFAULT_HEAD_LIMIT,
    head: [],
    headComplete: false,
    keys: new KeyGenerator(options.tabId),
    buffer: [],
    writing: [],
    writingCount: 0,
    flushing: false,
    appendWaiting: false,
    announced: 0,
    writes: Promise.resolve(),
    protected: new Map(),
  };
}
