/**
 * How the IndexedDB queue lays out its entries: many records per IndexedDB entry (a chunk), so
 * that a drain reads and deletes a few large values instead of one small value per record (each
 * value costs IndexedDB a lookup, a copy and a deletion of its own: bench/results.md).
 *
 * A chunk holds the entries of one write, in key order, under the key of its first entry; a
 * write of more than {@link CHUNK_RECORDS} records or {@link CHUNK_BYTES} bytes is cut into
 * several. Chunks never overlap: the key ranges `[first, last]` of two chunks are disjoint, so
 * key order across chunks is entry order. A write whose keys fall inside or across existing
 * chunks (two tabs tracking in the same instant, a rescued copy written back) merges with them.
 * Each record keeps its own key: a removal takes keys out of whatever chunks hold them.
 *
 * A value that is not a chunk is one entry stored under its own key (the layout before chunks).
 *
 * @module
 */
import type { QueueEntry, StoredEntry } from './types.js';

/**
 * At most this many records per chunk. A default batch (2,000) then deletes whole chunks, and a
 * batch that ends inside one writes at most 500 records again.
 */
export const CHUNK_RECORDS = 500;
/**
 * At most this many bytes of records (JSON) per chunk, past its first record. Small, because a
 * removal that ends inside a chunk writes the rest of it back, and Chromium checks that write
 * against the quota without counting what the same transaction deletes (docs/decisions.md).
 */
export const CHUNK_BYTES = 65_536;

/** Many entries in key order, stored under the first one's key. */
interface Chunk {
  readonly entries: readonly StoredEntry[];
}

/** A stored value with its key and the entries it holds. */
export interface Stored {
  readonly key: string;
  readonly entries: readonly StoredEntry[];
}

/** Every entry key: base-36 counters, which sort after the meta keys (`!…`). */
export const entryRange = (): IDBKeyRange => IDBKeyRange.lowerBound('0');

/** True for a chunk (a value of the older layout, or a corrupt one, is not). */
const isChunk = (key: string, value: unknown): value is Chunk => {
  const entries = (value as Partial<Chunk> | null)?.entries;
  return Array.isArray(entries) && (entries[0] as StoredEntry | undefined)?.key === key && entries.every((e) => typeof (e as StoredEntry | null)?.key === 'string');
};

/** The entries of a value stored under `key`: a chunk's, or the one entry of the older layout (or a corrupt value). */
export const entriesOf = (key: string, value: unknown): readonly StoredEntry[] => (isChunk(key, value) ? value.entries : [{ ...(value as QueueEntry), key }]);

/** Puts `entries` (key order) as chunks within the bounds, in transaction store `s`. */
export function putChunks(s: IDBObjectStore, entries: readonly StoredEntry[]): void {
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < entries.length; i++) {
    const size = entries[i]!.bytes ?? 0;
    if (i > start && (i - start >= CHUNK_RECORDS || bytes + size > CHUNK_BYTES)) {
      put(s, entries.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  if (start < entries.length) put(s, start === 0 ? entries : entries.slice(start));
}

const put = (s: IDBObjectStore, entries: readonly StoredEntry[]): void => {
  s.put({ entries } satisfies Chunk, entries[0]!.key);
};

/**
 * The stored values holding any key from `low` to `high`, in key order, in transaction store
 * `s`: the one that starts before `low` and reaches it, and those that start in the range.
 */
export function overlapping(s: IDBObjectStore, low: string, high: string, use: (found: Stored[]) => void): void {
  const before = s.openCursor(IDBKeyRange.bound('0', low, false, true), 'prev');
  before.onsuccess = () => {
    const found: Stored[] = [];
    const c = before.result;
    if (c) {
      const entries = entriesOf(c.key as string, c.value);
      if (entries[entries.length - 1]!.key >= low) found.push({ key: c.key as string, entries });
    }
    readAllValues(s, low, high, found, use);
  };
}

/**
 * Most values one request reads: the page turns each answer into objects in one task, and a
 * value holds up to 64 KiB of records (no long task while a backlog drains).
 */
export const VALUES_PER_READ = 2;

/** Every value keyed from `low` to `high`, appended to `found`, read {@link VALUES_PER_READ} at a time. */
function readAllValues(s: IDBObjectStore, low: string, high: string, found: Stored[], use: (found: Stored[]) => void, open = false): void {
  readValues(s, IDBKeyRange.bound(low, high, open), VALUES_PER_READ, (values) => {
    for (const v of values) found.push(v);
    const last = values[values.length - 1]?.key;
    if (values.length < VALUES_PER_READ || last === undefined || last >= high) return use(found);
    readAllValues(s, last, high, found, use, true);
  });
}

/** The values in `range` (at most `count`), with their keys, in transaction store `s`. */
export function readValues(s: IDBObjectStore, range: IDBKeyRange, count: number | undefined, use: (values: Stored[]) => void): void {
  const keys = s.getAllKeys(range, count);
  const values = s.getAll(range, count);
  // Requests of one transaction complete in order: the keys are there.
  values.onsuccess = () => use((values.result as unknown[]).map((v, i) => ({ key: keys.result[i] as string, entries: entriesOf(keys.result[i] as string, v) })));
}
