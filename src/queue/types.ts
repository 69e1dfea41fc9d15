/**
 * The queue's data and its storage seam.
 *
 * @module
 */
import type { ObjectName } from '../records/index.js';

/** One tracked record waiting for a 200 from POST /logs. */
export interface QueueEntry {
  readonly objectName: ObjectName;
  /** The validated, enriched record, exactly as it will be uploaded. */
  readonly record: Readonly<Record<string, unknown>>;
  /** When `track` accepted it, in milliseconds since the epoch (local clock). */
  readonly enqueuedAt: number;
  /** The record's size as JSON, in bytes (absent on entries stored by older versions). */
  readonly bytes?: number;
}

/** A queue entry with its storage key. Keys sort in the order the entries were queued. */
export interface StoredEntry extends QueueEntry {
  readonly key: string;
}

/** Keys to leave out: a set, or the keys of a map (the uploader's records in flight). */
export type KeySet = Pick<ReadonlySet<string>, 'has' | 'size'>;

/** What the store needs to delete an entry and keep its byte count right. */
export type EntryRef = Pick<StoredEntry, 'key' | 'bytes'>;

/**
 * Where queued entries live. Every method is one atomic operation (one IndexedDB transaction).
 * Implementations: {@link createIndexedDbStore}, {@link createMemoryStore}; both pass the same
 * contract suite (`test/contract/queue-store.contract.ts`).
 */
export interface QueueStore {
  /** `'indexeddb'` or `'memory'`. */
  readonly kind: 'indexeddb' | 'memory';
  /** Adds entries (all or none). Keys are new and ascending; every entry has `bytes`. */
  append(entries: readonly StoredEntry[]): Promise<void>;
  /**
   * Adds the entries whose keys are not there yet and were not removed lately (a rescued copy,
   * written again): idempotent, and a delivered record does not come back.
   */
  restore(entries: readonly StoredEntry[]): Promise<void>;
  /** The `limit` oldest entries, in key order; with `after`, only those whose key is greater. */
  read(limit: number, after?: string): Promise<StoredEntry[]>;
  /** Deletes these entries (unknown keys are ignored and not counted) and remembers their keys a while. */
  remove(entries: readonly EntryRef[]): Promise<void>;
  /** Number of entries. */
  count(): Promise<number>;
  /** Total `bytes` of the entries. */
  bytes(): Promise<number>;
  /** The greatest key, or undefined when empty. */
  lastKey(): Promise<string | undefined>;
  /** Adds `records` to the count of records dropped and not yet reported. */
  addDropped(records: number): Promise<void>;
  /** The count of records dropped and not yet reported; resets it to 0. */
  takeDropped(): Promise<number>;
}
