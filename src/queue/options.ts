/**
 * What a `RecordQueue` is given: its store, its tab, its caps and the callbacks through which
 * it reports; and the payload of its `onDropped` report.
 *
 * @module
 */
import type { StorageError } from '../errors/index.js';
import type { Clock } from '../internal/index.js';
import type { RescueStore } from './rescue.js';
import type { SentLedger } from './sent-ledger.js';
import type { QueueStore } from './types.js';

/**
 * How many of the oldest entries the queue keeps in memory: for the synchronous unload upload, and
 * as the read-ahead of a drain (give it at least two batches: `RecordQueue.peek`).
 */
export const DEFAULT_HEAD_LIMIT = 2000;

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
   * then delivered). It keeps them for the others' writes in `RecordQueue.refreshCount`. A
   * tab whose records fell back to memory keeps its own. @default always
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
   * when this tab starts uploading (`RecordQueue.reload`), once the tab that wrote them let
   * go of the upload lock; never at open, while that tab may still be alive and hear its request
   * fail. @default none
   */
  readonly ledger?: SentLedger;
  /** See {@link DEFAULT_HEAD_LIMIT}. */
  readonly headLimit?: number;
  /**
   * The open waits for it, and so every write: the rescue and the ledger can be read once it
   * resolved (they are in IndexedDB behind a copy in memory where localStorage is refused).
   * @default none: at once
   */
  readonly ready?: Promise<void>;
}
