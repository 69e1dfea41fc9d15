/**
 * The in-memory {@link QueueStore}: for `storage: 'memory'`, for Node, and the fallback when
 * IndexedDB is unavailable. Survives nothing; the client's `stats().storage` says so.
 *
 * Insertion order is key order: a write whose keys fall between keys already there (a restore, or
 * writes whose keys interleave) sorts the entries again.
 *
 * @module
 */
import { TOMBSTONE_MS } from './rescue.js';
import type { QueueStore, StoredEntry } from './types.js';

/** Sorts `entries` again by key (in place: a Map's order is its insertion order). */
function sortByKey(entries: Map<string, StoredEntry>): void {
  const all = [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  entries.clear();
  for (const [k, e] of all) entries.set(k, e);
}

/** The first `limit` of `entries` (in their order) whose key is greater than `after`, if given. */
export function firstEntries(entries: Iterable<StoredEntry>, limit: number, after: string | undefined): StoredEntry[] {
  const out: StoredEntry[] = [];
  for (const e of entries) {
    if (out.length >= limit) break;
    if (after === undefined || e.key > after) out.push(e);
  }
  return out;
}

/**
 * Forgets the tombstones of `removed` (key → when) older than `TOMBSTONE_MS` before `now`, and the
 * oldest beyond 100,000. Insertion order is time order: expired tombstones are at the front.
 */
export function forgetExpired(removed: Map<string, number>, now: number): void {
  for (const [key, at] of removed) {
    if (at >= now - TOMBSTONE_MS && removed.size < 100_000) break;
    removed.delete(key);
  }
}

/** The last of `keys`, or undefined when there is none. */
function lastOf(keys: Iterable<string>): string | undefined {
  let last: string | undefined;
  for (const k of keys) last = k;
  return last;
}

/** Creates an empty memory store. */
export function createMemoryStore(): QueueStore {
  const entries = new Map<string, StoredEntry>();
  let bytes = 0;
  let dropped = 0;
  /** Removed key → when, kept `TOMBSTONE_MS` (as the IndexedDB store does). */
  const removed = new Map<string, number>();
  /** The greatest key ever added: a key below it may land between keys already there. */
  let greatest = '';
  /** Adds the entries not there yet and not `refused`, keeping key order. */
  const add = (batch: readonly StoredEntry[], refused: (key: string) => boolean): void => {
    let sorted = true;
    for (const e of batch) {
      if (entries.has(e.key) || refused(e.key)) continue;
      if (e.key < greatest) sorted = false;
      else greatest = e.key;
      bytes += e.bytes ?? 0;
      entries.set(e.key, e);
    }
    if (!sorted) sortByKey(entries);
  };
  return {
    kind: 'memory',
    append: async (batch) => add(batch, () => false),
    async restore(batch) {
      const since = Date.now() - TOMBSTONE_MS;
      add(batch, (key) => (removed.get(key) ?? -Infinity) >= since);
    },
    read: async (limit, after) => firstEntries(entries.values(), limit, after),
    async remove(refs) {
      const now = Date.now();
      forgetExpired(removed, now);
      for (const { key } of refs) {
        removed.set(key, now);
        const e = entries.get(key);
        if (!e) continue;
        bytes -= e.bytes ?? 0;
        entries.delete(key);
      }
    },
    count: async () => entries.size,
    bytes: async () => bytes,
    lastKey: async () => lastOf(entries.keys()),
    async addDropped(records) {
      dropped += records;
    },
    async takeDropped() {
      const n = dropped;
      dropped = 0;
      return n;
    },
  };
}
