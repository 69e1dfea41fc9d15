/**
 * The in-memory {@link QueueStore}: for `storage: 'memory'`, for Node, and the fallback when
 * IndexedDB is unavailable. Survives nothing; the client's `stats().storage` says so.
 *
 * One queue writes to a memory store, and its keys only ascend, so insertion order is key order.
 *
 * @module
 */
import type { QueueStore, StoredEntry } from './types.js';

/** Creates an empty memory store. */
export function createMemoryStore(): QueueStore {
  const entries = new Map<string, StoredEntry>();
  let bytes = 0;
  let dropped = 0;
  return {
    kind: 'memory',
    async append(batch) {
      for (const e of batch) {
        if (!entries.has(e.key)) bytes += e.bytes ?? 0;
        entries.set(e.key, e);
      }
    },
    async read(limit) {
      const out: StoredEntry[] = [];
      for (const e of entries.values()) {
        if (out.length >= limit) break;
        out.push(e);
      }
      return out;
    },
    async remove(refs) {
      for (const { key } of refs) {
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
