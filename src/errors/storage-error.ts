/**
 * {@link StorageError}: IndexedDB (or localStorage) failed.
 *
 * @module
 */
import { TpError } from './tp-error.js';

/**
 * What the SDK was doing when storage failed:
 * - the queue's `open`, `append`, `restore`, `read`, `remove`;
 * - the dead-letter store's `dead-letter`;
 * - the offers' `offer-cache`, `offer-state` and `offer-caps` (the caps' count of opens);
 * - `forget`: `forget()` could not erase a database or key (the browser refused);
 * - `local-storage`: localStorage refused a read or a write at start, so the device id, the
 *   session record and the notes kept for the next page are kept in IndexedDB instead (database
 *   `…/values`); a second one when that database failed too (they are then this page's own).
 */
export type StorageOperation = 'open' | 'append' | 'restore' | 'read' | 'remove' | 'dead-letter' | 'offer-cache' | 'offer-state' | 'offer-caps' | 'forget' | 'local-storage';

/**
 * IndexedDB failed: missing, denied, over quota, connection lost.
 *
 * Emitted as a `warning` event: nothing was lost, the SDK keeps running on memory storage
 * (`stats().storage`), and each store that moves says so once.
 *
 * One case comes as an `error` instead, with a `dead-letter` event: a stored entry that cannot be
 * read back as a record (`read`, "corrupt entry") was put aside.
 */
export class StorageError extends TpError {
  /** What the SDK was doing (see {@link StorageOperation}). */
  readonly operation: StorageOperation;

  constructor(operation: StorageOperation, cause: unknown) {
    const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super('storage', `Storage ${operation} failed: ${detail}`, { cause });
    this.name = 'StorageError';
    this.operation = operation;
  }
}
