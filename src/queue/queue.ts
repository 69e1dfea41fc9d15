/**
 * The at-least-once record queue. `enqueue` is synchronous and O(1): it appends to a write buffer
 * that one microtask later becomes a single store transaction for every record tracked in that
 * task. An entry leaves the queue only through {@link RecordQueue.remove}, which the uploader
 * calls after the service answered 200.
 *
 * Storage failures never reach the game: the queue emits a {@link StorageError}, moves to a memory
 * store, and keeps every record it was holding in memory.
 *
 * @module
 */
import { StorageError } from '../errors/index.js';
import type { Clock } from '../internal/time.js';
import { KeyGenerator } from './keys.js';
import { createMemoryStore } from './memory-store.js';
import type { QueueEntry, QueueStore, StoredEntry } from './types.js';

/** How many of the oldest entries the queue keeps in memory for the synchronous unload upload. */
export const DEFAULT_HEAD_LIMIT = 2000;

export interface RecordQueueOptions {
  readonly store: QueueStore;
  readonly tabId: string;
  readonly clock: Clock;
  /** Called on a storage failure, after the queue has fallen back to memory. */
  readonly onStorageError: (error: StorageError) => void;
  /** Called whenever the number of queued records changes. */
  readonly onLengthChange?: (length: number) => void;
  /** Called after each batch of records reached the store. */
  readonly onWritten?: () => void;
  /** See {@link DEFAULT_HEAD_LIMIT}. */
  readonly headLimit?: number;
}

export class RecordQueue {
  #store: QueueStore;
  readonly #keys: KeyGenerator;
  readonly #headLimit: number;
  /** Entries tracked but not yet handed to the store. */
  #buffer: QueueEntry[] = [];
  /** Batches handed to the store whose write has not finished, oldest first (writes run in order). */
  readonly #writing: QueueEntry[][] = [];
  #writingCount = 0;
  #flushScheduled = false;
  /** The chain of store writes; every write waits for the one before it (and for open). */
  #writes: Promise<void>;
  /** The oldest stored entries, in order; `headComplete` when it holds every stored entry. */
  #head: StoredEntry[] = [];
  #headComplete = false;
  #stored = 0;
  #lastStoredKey: string | undefined;

  readonly #options: RecordQueueOptions;

  constructor(options: RecordQueueOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#keys = new KeyGenerator(options.tabId);
    this.#headLimit = options.headLimit ?? DEFAULT_HEAD_LIMIT;
    this.#writes = this.#open();
  }

  /** `'indexeddb'`, or `'memory'` (chosen, or fallen back to). */
  get storageKind(): QueueStore['kind'] {
    return this.#store.kind;
  }

  /** Records this tab knows are queued: stored, being written, or buffered. */
  get length(): number {
    return this.#stored + this.#writingCount + this.#buffer.length;
  }

  /** The greatest key this tab wrote or saw at open, or undefined. */
  get lastKey(): string | undefined {
    return this.#lastStoredKey;
  }

  /** The greatest key in the store now (other tabs' records included). */
  async storeLastKey(): Promise<string | undefined> {
    await this.settled();
    return this.#withFallback('read', () => this.#store.lastKey());
  }

  /** Reads the number of stored records (every tab's) from the store. */
  async refreshCount(): Promise<number> {
    this.setCount(await this.#withFallback('read', () => this.#store.count()));
    return this.#stored;
  }

  /** Sets the number of stored records, as another tab counted it. */
  setCount(stored: number): void {
    if (stored === this.#stored) return;
    this.#stored = stored;
    this.#options.onLengthChange?.(this.length);
  }

  /**
   * Queues one entry. Synchronous; the store write happens in a microtask, batched, and
   * `onLengthChange` is called then, once for the batch.
   */
  enqueue(entry: QueueEntry): void {
    this.#buffer.push(entry);
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      queueMicrotask(() => this.#startWrite());
    }
  }

  /** Resolves once every entry enqueued before the call is in the store (or in memory after a failure). */
  settled(): Promise<void> {
    if (this.#buffer.length > 0) this.#startWrite();
    return this.#writes;
  }

  /**
   * The `limit` oldest stored entries, after pending writes. Also refreshes the in-memory head
   * used by {@link unloadSnapshot}.
   */
  async peek(limit: number): Promise<StoredEntry[]> {
    await this.settled();
    const want = Math.max(limit, this.#headLimit);
    const items = await this.#withFallback('read', () => this.#store.read(want + 1));
    this.#headComplete = items.length <= want;
    this.#head = items.slice(0, this.#headLimit);
    return items.slice(0, limit);
  }

  /** Deletes delivered entries. Call only after the service answered 200 for them. */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#withFallback('remove', () => this.#store.remove(keys));
    const gone = new Set(keys);
    this.#head = this.#head.filter((e) => !gone.has(e.key));
    this.#stored = Math.max(0, this.#stored - keys.length);
    this.#options.onLengthChange?.(this.length);
  }

  /**
   * What an unload upload may carry, synchronously, oldest first: the in-memory head of stored
   * entries (minus `exclude`, the keys already in flight), then, when `includeUnstored` and the
   * head is the whole stored queue, the entries still being written (they have no key yet).
   */
  unloadSnapshot(exclude: ReadonlySet<string>, includeUnstored: boolean): { stored: StoredEntry[]; unstored: QueueEntry[] } {
    const stored = this.#head.filter((e) => !exclude.has(e.key));
    const unstored = includeUnstored && this.#headComplete ? [...this.#writing.flat(), ...this.#buffer] : [];
    return { stored, unstored };
  }

  async #open(): Promise<void> {
    try {
      const [last, count] = await Promise.all([this.#store.lastKey(), this.#store.count()]);
      this.#keys.seed(last);
      this.#lastStoredKey = last;
      this.#stored = count;
      this.#head = await this.#store.read(this.#headLimit + 1);
      this.#headComplete = this.#head.length <= this.#headLimit;
      this.#head = this.#head.slice(0, this.#headLimit);
    } catch (cause) {
      this.#fallBack('open', cause);
    }
    this.#options.onLengthChange?.(this.length);
  }

  #startWrite(): void {
    this.#flushScheduled = false;
    if (this.#buffer.length === 0) return;
    const batch = this.#buffer;
    this.#buffer = [];
    // No spread into push(): a batch can be larger than the engine's argument limit.
    this.#writing.push(batch);
    this.#writingCount += batch.length;
    // A failed write must not stop the ones after it (a rejected link would skip every later one).
    this.#writes = this.#writes
      .then(() => this.#persist(batch))
      .catch((cause: unknown) => this.#options.onStorageError(cause instanceof StorageError ? cause : new StorageError('append', cause)));
    this.#options.onLengthChange?.(this.length);
  }

  async #persist(batch: QueueEntry[]): Promise<void> {
    const now = this.#options.clock();
    const entries = batch.map((e): StoredEntry => ({ ...e, key: this.#keys.next(now) }));
    await this.#withFallback('append', () => this.#store.append(entries));
    this.#writing.shift();
    this.#writingCount -= batch.length;
    this.#stored += entries.length;
    this.#lastStoredKey = entries[entries.length - 1]!.key;
    if (this.#headComplete && this.#head.length + entries.length <= this.#headLimit) this.#head.push(...entries);
    else this.#headComplete = false;
    this.#options.onWritten?.();
  }

  /** Runs a store operation; on failure switches to memory (carrying the head over) and runs it there. */
  async #withFallback<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (cause) {
      if (this.#store.kind === 'memory') throw new StorageError(operation, cause);
      this.#fallBack(operation, cause);
      await this.#store.append(this.#head);
      return run();
    }
  }

  #fallBack(operation: string, cause: unknown): void {
    this.#store = createMemoryStore();
    this.#stored = this.#head.length;
    this.#headComplete = true;
    this.#options.onStorageError(new StorageError(operation, cause));
  }
}
