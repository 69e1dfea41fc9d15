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
import type { EntryRef, QueueStore, StoredEntry } from './types.js';

/** What a memory store holds. */
interface Memory {
  /** The entries by key, in key order. */
  readonly entries: Map<string, StoredEntry>;
  /** Total `bytes` of the entries. */
  bytes: number;
  /** Records dropped and not yet reported. */
  dropped: number;
  /** Removed key → when, kept `TOMBSTONE_MS` (as the IndexedDB store does). */
  readonly removed: Map<string, number>;
  /** The greatest key ever added: a key below it may land between keys already there. */
  greatest: string;
}

/** Adds to `m` the entries of `batch` not there yet and not `refused`, keeping key order. */
function addEntries(m: Memory, batch: readonly StoredEntry[], refused: (key: string) => boolean): void {
  const { entries } = m;
  let sorted = true;
  for (const e of batch) {
    if (entries.has(e.key) || refused(e.key)) continue;
    if (e.key < m.greatest) sorted = false;
    else m.greatest = e.key;
    m.bytes += e.bytes ?? 0;
    entries.set(e.key, e);
  }
  if (sorted) return;
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

/** Deletes `refs` from `m` and remembers their keys (time `now`), forgetting expired ones first. */
function removeEntries(m: Memory, refs: readonly EntryRef[], now: number): void {
  const { entries, removed } = m;
  // Insertion order is time order: expired tombstones are at the front (and at most 100,000 kept).
  for (const [key, at] of removed) {
    if (at >= now - TOMBSTONE_MS && removed.size < 100_000) break;
    removed.delete(key);
  }
  for (const { key } of refs) {
    removed.set(key, now);
    const e = entries.get(key);
    if (!e) continue;
    m.bytes -= e.bytes ?? 0;
    entries.delete(key);
  }
}

/** Creates an empty memory store. */
export function createMemoryStore(): QueueStore {
  const m: Memory = { entries: new Map(), bytes: 0, dropped: 0, removed: new Map(), greatest: '' };
  return {
    kind: 'memory',
    async append(batch) {
      addEntries(m, batch, () => false);
    },
    async restore(batch) {
      const since = Date.now() - TOMBSTONE_MS;
      addEntries(m, batch, (key) => (m.removed.get(key) ?? -Infinity) >= since);
    },
    async read(limit, after) {
      return firstEntries(m.entries.values(), limit, after);
    },
    async remove(refs) {
      removeEntries(m, refs, Date.now());
    },
    async count() {
      return m.entries.size;
    },
    async bytes() {
      return m.bytes;
    },
    async lastKey() {
      let last: string | undefined;
      for (const k of m.entries.keys()) last = k;
      return last;
    },
    async addDropped(records) {
      m.dropped += records;
    },
    async takeDropped() {
      const n = m.dropped;
      m.dropped = 0;
      return n;
    },
  };
}
