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
import { StorageError, type StorageOperation } from '../errors/index.js';
import type { Clock } from '../internal/time.js';
import { KeyGenerator } from './keys.js';
import { jsonBytes } from '../records/index.js';
import { createMemoryStore } from './memory-store.js';
import { NO_RESCUE, type RescueStore } from './rescue.js';
import { NO_LEDGER, type SentLedger } from './sent-ledger.js';
import type { EntryRef, QueueEntry, QueueStore, StoredEntry } from './types.js';

/**
 * How many of the oldest entries the queue keeps in memory: for the synchronous unload upload, and
 * as the read-ahead of a drain (give it at least two batches: {@link RecordQueue.peek}).
 */
export const DEFAULT_HEAD_LIMIT = 2000;
const NOTHING: KeySet = new Set();

/** Keys to leave out: a set, or the keys of a map (the uploader's records in flight). */
export type KeySet = Pick<ReadonlySet<string>, 'has' | 'size'>;

/** Why records were dropped: the queue's cap, or the browser's storage quota. */
export type DropReason = 'queue-full' | 'quota';

/** Payload of the `dropped` event. */
export interface DropInfo {
  readonly records: number;
  readonly reason: DropReason;
}

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
  /**
   * Whether this tab enforces `maxRecords` and `maxBytes` now: only the uploading tab does, since
   * only it knows which records are in flight (another tab would evict them: counted dropped,
   * then delivered). It keeps them for the others' writes in {@link refreshCount}. A tab whose
   * records fell back to memory keeps its own. @default always
   */
  readonly enforcesCaps?: () => boolean;
  /** Most records kept; past it the oldest are dropped. @default Infinity */
  readonly maxRecords?: number;
  /** Most bytes of records kept; past it the oldest are dropped. @default Infinity */
  readonly maxBytes?: number;
  /** Records were dropped (oldest first) to stay within the caps or the storage quota. */
  readonly onDropped?: (info: DropInfo) => void;
  /** At open: records dropped by earlier pages since the previous open (the login-time report). */
  readonly onEarlierDrops?: (records: number) => void;
  /** Where unfinished writes are saved at page unload, and restored from at open. @default none */
  readonly rescue?: RescueStore;
  /**
   * Where pages noted the keys of records they handed to the service (sent-ledger.ts): deleted
   * when this tab starts uploading ({@link reload}), once the tab that wrote them let go of the
   * upload lock; never at open, while that tab may still be alive and hear its request fail.
   * @default none
   */
  readonly ledger?: SentLedger;
  /** See {@link DEFAULT_HEAD_LIMIT}. */
  readonly headLimit?: number;
}

/** A tracked entry and the counter its key will be made from. */
interface PendingEntry {
  readonly entry: QueueEntry;
  readonly counter: number;
}

export class RecordQueue {
  #store: QueueStore;
  readonly #keys: KeyGenerator;
  readonly #headLimit: number;
  /** Entries tracked but not yet handed to the store, with their key counters (drawn at enqueue). */
  #buffer: PendingEntry[] = [];
  /** Batches handed to the store whose write has not finished, oldest first (writes run in order). */
  readonly #writing: PendingEntry[][] = [];
  /** The greatest key in the store when it was opened: a key at or below it is given a new one. */
  #openedLastKey: string | undefined;
  #writingCount = 0;
  #flushScheduled = false;
  /** The chain of store writes; every write waits for the one before it (and for open). */
  #writes: Promise<void>;
  /** The oldest stored entries, in order; `headComplete` when it holds every stored entry. */
  #head: StoredEntry[] = [];
  #headComplete = false;
  /** A background read extending the head (see {@link peek}), and the keys removed meanwhile. */
  #refill: Promise<void> | undefined;
  #forgottenDuringRefill: Set<string> | undefined;
  #stored = 0;
  #storedBytes = 0;
  #lastStoredKey: string | undefined;
  /** Keys eviction leaves alone, with their bytes: the records in a request right now (see {@link protect}). */
  #protected: ReadonlyMap<string, number> = new Map();

  readonly #options: RecordQueueOptions;

  constructor(options: RecordQueueOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#keys = new KeyGenerator(options.tabId);
    this.#headLimit = options.headLimit ?? DEFAULT_HEAD_LIMIT;
    this.#writes = this.#open();
  }

  /**
   * Keys that eviction (the queue caps, `QuotaExceededError`) must not drop, each with its bytes:
   * the uploader's records in flight, read live. Dropping one of them would count it dropped and
   * then delivered. The caps count the other records (these are about to leave).
   */
  protect(entries: ReadonlyMap<string, number>): void {
    this.#protected = entries;
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

  /**
   * Reads the number of stored records (every tab's) and their bytes from the store, after this
   * tab's pending writes, and drops the oldest past the caps where this tab enforces them (the
   * uploading tab calls it after each upload pass and when another tab wrote). Resolves with the
   * number of stored records.
   */
  refreshCount(): Promise<number> {
    return this.#afterWrites('remove', async () => {
      const [count, bytes] = await this.#withFallback('read', () => Promise.all([this.#store.count(), this.#store.bytes()]));
      this.#storedBytes = bytes;
      this.setCount(count);
      await this.#enforceCaps();
    }).then(() => this.#stored);
  }

  /**
   * This tab starts uploading: its head and count were read while another tab uploaded, and may
   * hold records delivered since (an unload upload would send them again). Forgets the head at
   * once, then reads the count (keeping the caps) and the head from the store.
   */
  async reload(): Promise<void> {
    this.#head = [];
    this.#headComplete = false;
    // The last leader's ledger: what it handed to the service as it went away.
    await this.#afterWrites('remove', () => this.#settleLedgers());
    await this.refreshCount();
    await this.peek(0);
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
    // The key's counter is drawn now, not at the write: a rescued copy and the original then share
    // a key (idempotent). Its string is made later, off the `track()` path.
    this.#buffer.push({ entry, counter: this.#keys.nextCounter(entry.enqueuedAt) });
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
   * The `limit` oldest stored entries whose keys are not in `skip` (a batch still on the wire, or
   * being deleted), after pending writes. Also refreshes the in-memory head used by
   * {@link unloadSnapshot}.
   *
   * With `fromHead`, served from the in-memory head when it holds enough (or every stored entry),
   * without reading the store: for the next batches of one drain, whose first peek read the store.
   * The head is then extended in the background, while the caller sends its batch. Records other
   * tabs wrote meanwhile with older keys are read by the next peek without `fromHead`.
   */
  async peek(limit: number, options: { readonly fromHead?: boolean; readonly skip?: KeySet } = {}): Promise<StoredEntry[]> {
    const skip = options.skip ?? NOTHING;
    await this.settled();
    if (options.fromHead) {
      let free = this.#head.filter((e) => !skip.has(e.key));
      if (free.length < limit && !this.#headComplete && this.#refill) {
        await this.#refill;
        free = this.#head.filter((e) => !skip.has(e.key));
      }
      if (free.length >= limit || this.#headComplete) {
        if (!this.#headComplete && this.#refill === undefined && free.length - limit < this.#headLimit / 2) this.#startRefill(free.length);
        return free.slice(0, limit);
      }
    }
    await this.#refill;
    const want = Math.max(limit, this.#headLimit) + skip.size;
    const items = await this.#withFallback('read', () => this.#store.read(want + 1));
    this.#headComplete = items.length <= want;
    this.#head = items.slice(0, want);
    return this.#head.filter((e) => !skip.has(e.key)).slice(0, limit);
  }

  /** Deletes delivered entries. Call only after the service answered 200 for them. */
  async remove(entries: readonly EntryRef[]): Promise<void> {
    if (entries.length === 0) return;
    await this.#withFallback('remove', () => this.#store.remove(entries));
    this.#forget(entries);
    this.#options.onLengthChange?.(this.length);
  }

  /**
   * Writes what pages saved at unload (their own unfinished writes) into the store, by key: call it
   * when another tab saved a rescue (the `storage` event), so that it is restored while the keys of
   * records delivered meanwhile are still remembered. Runs after pending writes.
   */
  adoptRescues(): Promise<void> {
    return this.#afterWrites('restore', () => this.#adopt());
  }

  async #adopt(): Promise<void> {
    const { items: rescued, forget } = (this.#options.rescue ?? NO_RESCUE).readAll();
    if (rescued.length === 0) return forget(); // copies with nothing readable in them go too
    // Forgotten only once written: a page killed during the write leaves them to the next one
    // (restored by key, and not at all if delivered since: the tombstones).
    await this.#write('restore', rescued);
    forget();
    const [count, bytes, last] = await Promise.all([this.#store.count(), this.#store.bytes(), this.#store.lastKey()]);
    this.#stored = count;
    this.#storedBytes = bytes;
    this.#keys.seed(last);
    this.#openedLastKey = last;
    this.#lastStoredKey = last;
    this.#headComplete = false;
    this.#options.onWritten?.();
    this.#options.onLengthChange?.(this.length);
  }

  /**
   * Deletes the records earlier uploading tabs noted in their sent ledgers (handed to the service
   * as they went away), then forgets those notes. After open's rescue: a rescued copy of such a
   * record was written back and is deleted here (its key is then remembered, as for any removal).
   */
  async #settleLedgers(): Promise<void> {
    const { items: keys, forget } = (this.#options.ledger ?? NO_LEDGER).readAll();
    if (keys.length === 0) return forget();
    const refs = keys.sort().map((key) => ({ key }));
    await this.#store.remove(refs);
    forget();
    this.#forget(refs);
    // Exact again: some keys may have been gone already (delivered and deleted after all).
    const [count, bytes] = await Promise.all([this.#store.count(), this.#store.bytes()]);
    this.#stored = count;
    this.#storedBytes = bytes;
  }

  /**
   * At page unload: saves the entries whose store write has not finished to the rescue store
   * (synchronously), so that the next page writes them if this page's write is aborted.
   */
  rescue(): void {
    (this.#options.rescue ?? NO_RESCUE).save([...this.#writing.flat(), ...this.#buffer].map((p) => this.#keyed(p)));
  }

  /**
   * The page is back (`pageshow` from the back/forward cache): its own writes carry its records
   * again, so the copy {@link rescue} saved is forgotten. Left there, it would be restored by a
   * page opened after those records were delivered and their keys forgotten (10 minutes): sent twice.
   */
  cancelRescue(): void {
    (this.#options.rescue ?? NO_RESCUE).save([]);
  }

  /**
   * What an unload upload may carry, synchronously, oldest first: the in-memory head of stored
   * entries (minus `exclude`, the keys already in flight), then, when `includeUnstored` and the
   * head is the whole stored queue, the entries still being written (they have no key yet).
   */
  unloadSnapshot(exclude: KeySet, includeUnstored: boolean): { stored: StoredEntry[]; unstored: StoredEntry[] } {
    const stored = this.#head.filter((e) => !exclude.has(e.key));
    const unstored = includeUnstored && this.#headComplete ? [...this.#writing.flat(), ...this.#buffer].map((p) => this.#keyed(p)) : [];
    return { stored, unstored };
  }

  async #open(): Promise<void> {
    try {
      const [last, count, bytes, dropped] = await Promise.all([
        this.#store.lastKey(),
        this.#store.count(),
        this.#store.bytes(),
        this.#store.takeDropped(),
      ]);
      this.#keys.seed(last);
      this.#openedLastKey = last;
      this.#lastStoredKey = last;
      this.#stored = count;
      this.#storedBytes = bytes;
      if (dropped > 0) this.#options.onEarlierDrops?.(dropped);
      await this.#adopt();
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
    void this.#afterWrites('append', () => this.#persist(batch));
    this.#options.onLengthChange?.(this.length);
  }

  /**
   * Runs `run` after this tab's pending writes, in their chain. Its failure is reported as a
   * storage error of `operation` (unless it is one already), and does not stop the ones after it
   * (a rejected link would skip every later one).
   */
  #afterWrites(operation: StorageOperation, run: () => Promise<void>): Promise<void> {
    return (this.#writes = this.#writes
      .then(run)
      .catch((cause: unknown) => this.#options.onStorageError(cause instanceof StorageError ? cause : new StorageError(operation, cause))));
  }

  async #persist(batch: PendingEntry[]): Promise<void> {
    const now = this.#options.clock();
    const floor = this.#openedLastKey;
    const entries = batch.map((p): StoredEntry => {
      const keyed = this.#keyed(p);
      // Keyed before the store was opened, at or below a stored key (the clock went back): renew.
      return floor !== undefined && keyed.key <= floor ? { ...keyed, key: this.#keys.next(now) } : keyed;
    });
    const bytes = entries.reduce((n, e) => n + e.bytes!, 0);
    await this.#write('append', entries);
    this.#writing.shift();
    this.#writingCount -= batch.length;
    this.#stored += entries.length;
    this.#storedBytes += bytes;
    this.#lastStoredKey = entries[entries.length - 1]!.key;
    if (this.#headComplete) {
      // The head held every stored entry: it takes what fits of these (a write larger than its
      // room still gives the unload upload its oldest records), and is whole if all fit.
      const room = Math.max(0, this.#headLimit - this.#head.length);
      for (let i = 0; i < Math.min(room, entries.length); i++) this.#head.push(entries[i]!);
      this.#headComplete = entries.length <= room;
    }
    await this.#enforceCaps();
    this.#options.onWritten?.();
  }

  /**
   * Writes `entries` (`append`: new; `restore`: rescued, by their keys). Out of quota, makes room
   * from the oldest records (counted as dropped) and tries once more; a store that still fails is
   * left for memory, and the entries are written there: never lost.
   */
  #write(operation: 'append' | 'restore', entries: StoredEntry[]): Promise<void> {
    return this.#withFallback(operation, async () => {
      try {
        await this.#store[operation](entries);
      } catch (cause) {
        if (!isQuotaError(cause)) throw cause;
        await this.#evict(Math.max(entries.length, Math.ceil(this.#stored / 10)), 0, 'quota');
        await this.#store[operation](entries);
      }
    });
  }

  /** Drops the oldest records past `maxRecords` and `maxBytes`, in the tab that enforces them. */
  async #enforceCaps(): Promise<void> {
    const { maxRecords = Infinity, maxBytes = Infinity, enforcesCaps } = this.#options;
    // Records in flight are about to leave: the caps count the others (the queue is over them by
    // at most the batch on the wire, until its answer).
    let leaving = 0;
    for (const bytes of this.#protected.values()) leaving += bytes;
    const overRecords = this.#stored - this.#protected.size - maxRecords;
    const overBytes = this.#storedBytes - leaving - maxBytes;
    // Records in memory are this tab's alone (its storage failed): it keeps their caps itself.
    if ((enforcesCaps?.() !== false || this.#store.kind === 'memory') && (overRecords > 0 || overBytes > 0)) {
      await this.#evict(Math.max(0, overRecords), Math.max(0, overBytes), 'queue-full');
    }
  }

  /** The stored form of a pending entry: its key made from its counter, its size measured if missing. */
  #keyed({ entry, counter }: PendingEntry): StoredEntry {
    return {
      objectName: entry.objectName,
      record: entry.record,
      enqueuedAt: entry.enqueuedAt,
      bytes: entry.bytes ?? jsonBytes(entry.record),
      key: this.#keys.format(counter),
    };
  }

  /**
   * Drops at least `records` records and `bytes` bytes, oldest first, passing over those in flight
   * (their request decides: the cap holds again once it ends), and says so.
   */
  async #evict(records: number, bytes: number, reason: DropReason): Promise<void> {
    let dropped = 0;
    let freed = 0;
    let after: string | undefined;
    while (dropped < records || freed < bytes) {
      const oldest = await this.#store.read(Math.min(1000, Math.max(records - dropped, 100)), after);
      if (oldest.length === 0) break;
      after = oldest[oldest.length - 1]!.key;
      const take: StoredEntry[] = [];
      for (const e of oldest) {
        if (dropped + take.length >= records && freed >= bytes) break;
        if (this.#protected.has(e.key)) continue;
        take.push(e);
        freed += e.bytes ?? 0;
      }
      await this.#store.remove(take);
      this.#forget(take);
      dropped += take.length;
    }
    if (dropped === 0) return;
    await this.#store.addDropped(dropped).catch(() => undefined);
    this.#options.onDropped?.({ records: dropped, reason });
  }

  /**
   * Appends to the head, in the background, the entries after its last key, up to `headLimit`
   * entries not skipped (`free` of them are there).
   * Entries removed while the read runs are left out of what it brings.
   */
  #startRefill(free: number): void {
    const after = this.#head.at(-1)?.key;
    if (after === undefined) return;
    const room = this.#headLimit - free;
    const forgotten = new Set<string>();
    this.#forgottenDuringRefill = forgotten;
    this.#refill = this.#store
      .read(room + 1, after)
      .then((items) => {
        const last = this.#head.at(-1)?.key ?? after;
        for (const e of items.slice(0, room)) if (e.key > last && !forgotten.has(e.key)) this.#head.push(e);
        this.#headComplete = items.length <= room;
      })
      // A failed read changes nothing: the next full read reports it.
      .catch(() => undefined)
      .finally(() => {
        this.#refill = undefined;
        this.#forgottenDuringRefill = undefined;
      });
  }

  #forget(entries: readonly EntryRef[]): void {
    const gone = new Set(entries.map((e) => e.key));
    for (const key of gone) this.#forgottenDuringRefill?.add(key);
    this.#head = this.#head.filter((e) => !gone.has(e.key));
    this.#stored = Math.max(0, this.#stored - entries.length);
    this.#storedBytes = Math.max(0, this.#storedBytes - entries.reduce((n, e) => n + (e.bytes ?? 0), 0));
  }

  /** Runs a store operation; on failure switches to memory and runs it there. */
  async #withFallback<T>(operation: StorageOperation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (cause) {
      if (this.#store.kind === 'memory') throw new StorageError(operation, cause);
      this.#fallBack(operation, cause);
      return run();
    }
  }

  /**
   * Leaves the store for memory. Records already stored stay where they are, for the next page (or
   * another tab) to deliver and delete: copies sent from memory could not be deleted there, and
   * would be sent again. Only what was not stored yet comes to memory (the write that failed, and
   * later ones).
   */
  #fallBack(operation: StorageOperation, cause: unknown): void {
    this.#store = createMemoryStore();
    this.#head = [];
    this.#stored = 0;
    this.#storedBytes = 0;
    this.#headComplete = true;
    this.#options.onStorageError(new StorageError(operation, cause));
  }
}

/** True for the browser's "storage is full" failure (QuotaExceededError, by name or legacy code 22). */
function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return e?.name === 'QuotaExceededError' || e?.code === 22;
}
