/**
 * The at-least-once record queue. `enqueue` is synchronous and O(1): it appends to a write buffer
 * that one microtask later becomes a single store transaction for every record tracked in that
 * task. An entry leaves the queue only through {@link RecordQueue.remove}, which the uploader
 * calls after the service answered 200.
 *
 * Storage failures never reach the game: the queue emits a {@link StorageError}, moves to a memory
 * store, and keeps every record it was holding in memory.
 *
 * The class wires its parts, which share one record of state (state.ts): the write chain
 * (write-chain.ts), the head and its read-ahead (head.ts), the count (counts.ts), the caps and
 * eviction (caps.ts), the open and what other pages left behind (settle.ts), and the move to
 * memory (memory-fallback.ts).
 *
 * @module
 */
import type { StorageError } from '../errors/index.js';
import { enforceCaps } from './caps.js';
import { forget, lengthChanged, queueLength, setCount } from './counts.js';
import { freeInHead, peekHead, resetHead } from './head.js';
import type { RecordQueueOptions } from './options.js';
import { NO_RESCUE } from './rescue.js';
import { adoptRescues, openQueue, settleLedgers } from './settle.js';
import { newQueueState, type QueueState } from './state.js';
import type { EntryRef, KeySet, QueueEntry, QueueStore, StoredEntry } from './types.js';
import { afterWrites, enqueue, settled, unfinished } from './write-chain.js';

export class RecordQueue {
  readonly #q: QueueState;

  constructor(options: RecordQueueOptions) {
    const q = (this.#q = newQueueState(options, (error) => this.#fellBack(error)));
    q.writes = openQueue(q);
  }

  /**
   * Keys that eviction (the queue caps, `QuotaExceededError`) must not drop, each with its bytes:
   * the uploader's records in flight, read live. Dropping one of them would count it dropped and
   * then delivered. The caps count the other records (these are about to leave).
   */
  protect(entries: ReadonlyMap<string, number>): void {
    this.#q.protected = entries;
  }

  /** `'indexeddb'`, or `'memory'` (chosen, or fallen back to). */
  get storageKind(): QueueStore['kind'] {
    return this.#q.storage.store.kind;
  }

  /**
   * Records left in the store when it was left for memory, as counted then (0 while it is in use,
   * or when the store failed before counting, at open): this tab will not send them; a later page
   * (or another tab) does.
   */
  get stranded(): number {
    return this.#q.stranded;
  }

  /** Records this tab knows are queued: stored, being written, or buffered. */
  get length(): number {
    return queueLength(this.#q);
  }

  /** The greatest key this tab wrote or saw at open, or undefined. */
  get lastKey(): string | undefined {
    return this.#q.lastKey;
  }

  /** The greatest key in the store now (other tabs' records included). */
  async storeLastKey(): Promise<string | undefined> {
    const { storage } = this.#q;
    await this.settled();
    return storage.run('read', () => storage.store.lastKey());
  }

  /**
   * Reads the number of stored records (every tab's) and their bytes from the store, after this
   * tab's pending writes, and drops the oldest past the caps where this tab enforces them (the
   * uploading tab calls it after each upload pass and when another tab wrote). Resolves with the
   * number of stored records.
   */
  refreshCount(): Promise<number> {
    const q = this.#q;
    const { storage } = q;
    return afterWrites(q, 'remove', async () => {
      const [count, bytes] = await storage.run('read', () => Promise.all([storage.store.count(), storage.store.bytes()]));
      q.storedBytes = bytes;
      this.setCount(count);
      await enforceCaps(q);
    }).then(() => q.stored);
  }

  /**
   * This tab starts uploading: its head and count were read while another tab uploaded, and may
   * hold records delivered since (an unload upload would send them again). Forgets the head at
   * once, then reads the count (keeping the caps) and the head from the store.
   */
  async reload(): Promise<void> {
    const q = this.#q;
    resetHead(q, false);
    // The last leader's ledger: what it handed to the service as it went away.
    await afterWrites(q, 'remove', () => settleLedgers(q));
    await this.refreshCount();
    await this.peek(0);
  }

  /** Sets the number of stored records, as another tab counted it. */
  setCount(stored: number): void {
    if (stored === this.#q.stored) return;
    this.#q.stored = stored;
    lengthChanged(this.#q);
  }

  /**
   * Queues one entry. Synchronous; the store write happens in a microtask, batched, and
   * `onLengthChange` is called then, once for the batch.
   */
  enqueue(entry: QueueEntry): void {
    enqueue(this.#q, entry);
  }

  /** Resolves once every entry enqueued before the call is in the store (or in memory after a failure). */
  settled(): Promise<void> {
    return settled(this.#q);
  }

  /**
   * The `limit` oldest stored entries whose keys are not in `skip` (a batch still on the wire, or
   * being deleted), after pending writes. Also refreshes the in-memory head used by
   * {@link unloadSnapshot}.
   *
   * With `fromHead`, served from the in-memory head when it holds enough (or every stored entry),
   * without reading the store: for the next batches of one drain, whose first peek read the store.
   * The head is then extended in the background, while the caller sends its batch. Records other
   * tabs wrote meanwhile with older keys are read by the next peek without `fromHead`.
   */
  peek(limit: number, options: { readonly fromHead?: boolean; readonly skip?: KeySet } = {}): Promise<StoredEntry[]> {
    return peekHead(this.#q, this.settled(), limit, options);
  }

  /** Deletes delivered entries. Call only after the service answered 200 for them. */
  async remove(entries: readonly EntryRef[]): Promise<void> {
    if (entries.length === 0) return;
    const q = this.#q;
    await q.storage.run('remove', () => q.storage.store.remove(entries));
    forget(q, entries);
    lengthChanged(q);
  }

  /**
   * Writes what pages saved at unload (their own unfinished writes) into the store, by key: call it
   * when another tab saved a rescue (the `storage` event), so that it is restored while the keys of
   * records delivered meanwhile are still remembered. Runs after pending writes.
   */
  adoptRescues(): Promise<void> {
    return afterWrites(this.#q, 'restore', () => adoptRescues(this.#q));
  }

  /**
   * At page unload: saves the entries whose store write has not finished to the rescue store
   * (synchronously), so that the next page writes them if this page's write is aborted.
   */
  rescue(): void {
    (this.#q.options.rescue ?? NO_RESCUE).save(unfinished(this.#q));
  }

  /**
   * The page is back (`pageshow` from the back/forward cache): its own writes carry its records
   * again, so the copy {@link rescue} saved is forgotten. Left there, it would be restored by a
   * page opened after those records were delivered and their keys forgotten (10 minutes): sent twice.
   */
  cancelRescue(): void {
    (this.#q.options.rescue ?? NO_RESCUE).save([]);
  }

  /**
   * What an unload upload may carry, synchronously, oldest first: the in-memory head of stored
   * entries (minus `exclude`, the keys already in flight), then, when `includeUnstored` and the
   * head is the whole stored queue, the entries still being written (they have no key yet).
   */
  unloadSnapshot(exclude: KeySet, includeUnstored: boolean): { stored: StoredEntry[]; unstored: StoredEntry[] } {
    const q = this.#q;
    const stored = freeInHead(q, exclude);
    const unstored = includeUnstored && q.headComplete ? unfinished(q) : [];
    return { stored, unstored };
  }

  /**
   * The store was left for memory. Records already stored stay where they are, for the next page
   * (or another tab) to deliver and delete: copies sent from memory could not be deleted there,
   * and would be sent again. Only what was not stored yet comes to memory (the write that failed,
   * and later ones).
   */
  #fellBack(error: StorageError): void {
    const q = this.#q;
    q.stranded = q.stored;
    resetHead(q, true);
    setCount(q, 0, 0);
    q.options.onStorageError(error);
  }
}
