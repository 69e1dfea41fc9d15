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
    if (sorted) return;
    const all = [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    entries.clear();
    for (const [k, e] of all) entries.set(k, e);
  };
  return {
    kind: 'memory',
    async append(batch) {
      add(batch, () => false);
    },
    async restore(batch) {
      const since = Date.now() - TOMBSTONE_MS;
      add(batch, (key) => (removed.get(key) ?? -Infinity) >= since);
    },
    async read(limit, after) {
      const out: StoredEntry[] = [];
      for (const e of entries.values()) {
        if (out.length >= limit) break;
        if (after === undefined || e.key > after) out.push(e);
      }
      return out;
    },
    async remove(refs) {
      const now = Date.now();
      // Insertion order is time order: expired tombstones are at the front (and at most 100,000 kept).
      for (const [key, at] of removed) {
        if (at >= now - TOMBSTONE_MS && removed.size < 100_000) break;
        removed.delete(key);
      }
      for (const { key } of refs) {
        removed.set(key, now);
        const e = entries.get(key);
        if (!e) continue;
        bytes -= e.bytes ?? 0;
        entries.delete(key);
      }
    },
    async count() {
      return entries.size;
    },
    async bytes() {
      return bytes;
    },
    async lastKey() {
      let last: string | undefined;
      for (const k of entries.keys()) last = k;
      return last;
    },
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
