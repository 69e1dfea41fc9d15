/**
 * The IndexedDB {@link QueueStore}, on idb-keyval's store seam (reopened when its connection
 * dies: internal/idb.ts): one database per namespace, one object store of entries keyed by queue
 * key, and beside them one meta entry (count, bytes, unreported drops) updated in the same
 * transaction as every append and removal, so counts and byte totals stay exact across tabs
 * without reading the whole queue. Every removal also leaves a tombstone (the removed keys, for
 * `TOMBSTONE_MS`), so that a rescued copy of a record delivered in the meantime is not restored
 * (rescue.ts). `!meta` and `!t:…` sort before every entry key (`0…`); entry reads use a key range
 * that leaves them out.
 *
 * @module
 */
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { openStore } from '../internal/idb.js';
import { jsonBytes } from '../records/index.js';
import { TOMBSTONE_MS } from './rescue.js';
import type { QueueEntry, QueueStore, StoredEntry } from './types.js';

const META = '!meta';
const TOMBSTONE = '!t:';

/** A tombstone key for time `at`: base-36 time, so a key range selects the expired ones. */
const tombstoneKey = (at: number): string => `${TOMBSTONE}${Math.max(0, at).toString(36).padStart(9, '0')}:${Math.random().toString(36).slice(2, 8)}`;

interface Meta {
  count: number;
  bytes: number;
  dropped: number;
}

/** True where `indexedDB` exists (it may still refuse to open: private modes, sandboxed iframes). */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB === 'object' && indexedDB !== null;
  } catch {
    // Some sandboxed iframes throw a SecurityError on the mere property access.
    return false;
  }
}

/** Every entry key: base-36 counters, which sort after `!meta`. */
const entryRange = (): IDBKeyRange => IDBKeyRange.lowerBound('0');

/**
 * Reads the meta entry in transaction store `s`, rebuilding it from the entries when it is missing
 * (a database written by an older version), then hands it to `use`.
 */
function withMeta(s: IDBObjectStore, use: (meta: Meta) => void): void {
  const read = s.get(META);
  read.onsuccess = () => {
    const meta = read.result as Meta | undefined;
    if (meta) return use(meta);
    const rebuilt: Meta = { count: 0, bytes: 0, dropped: 0 };
    const cursor = s.openCursor(entryRange());
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return use(rebuilt);
      const e = c.value as QueueEntry;
      rebuilt.count += 1;
      rebuilt.bytes += e.bytes ?? jsonBytes(e.record);
      c.continue();
    };
  };
}

/** Puts the entries whose keys are absent, and counts them in the meta, in transaction store `s`. */
function restoreMissing(s: IDBObjectStore, m: Meta, entries: readonly StoredEntry[]): void {
  if (entries.length === 0) return;
  let added = 0;
  let bytes = 0;
  let pending = entries.length;
  for (const e of entries) {
    const probe = s.getKey(e.key);
    probe.onsuccess = () => {
      if (probe.result === undefined) {
        s.put({ objectName: e.objectName, record: e.record, enqueuedAt: e.enqueuedAt, bytes: e.bytes } satisfies QueueEntry, e.key);
        added += 1;
        bytes += e.bytes ?? 0;
      }
      if (--pending === 0) s.put({ ...m, count: m.count + added, bytes: m.bytes + bytes }, META);
    };
  }
}

/** Creates the store in database `dbName` (created on first use). */
export function createIndexedDbStore(dbName: string): QueueStore {
  const store: UseStore = openStore(dbName, 'entries');
  const done = (s: IDBObjectStore): Promise<void> => promisifyRequest(s.transaction);
  /** The meta entry; rejects if the transaction aborts before it was read (it would hang). */
  const meta = (): Promise<Meta> =>
    store(
      'readonly',
      (s) =>
        new Promise<Meta>((resolve, reject) => {
          withMeta(s, resolve);
          done(s).catch(reject);
        }),
    );
  const updateMeta = (change: (m: Meta) => Meta): Promise<void> =>
    store('readwrite', (s) => {
      withMeta(s, (m) => s.put(change({ ...m }), META));
      return done(s);
    });

  return {
    kind: 'indexeddb',
    append(entries) {
      return store('readwrite', (s) => {
        // The meta first: a rebuild must not count the entries this transaction adds.
        withMeta(s, (m) => {
          let bytes = 0;
          for (const e of entries) {
            s.put({ objectName: e.objectName, record: e.record, enqueuedAt: e.enqueuedAt, bytes: e.bytes } satisfies QueueEntry, e.key);
            bytes += e.bytes ?? 0;
          }
          s.put({ ...m, count: m.count + entries.length, bytes: m.bytes + bytes }, META);
        });
        return done(s);
      });
    },
    restore(entries) {
      if (entries.length === 0) return Promise.resolve();
      return store('readwrite', (s) => {
        withMeta(s, (m) => {
          // Keys removed lately (delivered, set aside, dropped) are not brought back.
          const stones = s.getAll(IDBKeyRange.bound(TOMBSTONE, `${TOMBSTONE}\uffff`));
          stones.onsuccess = () => {
            const removed = new Set((stones.result as string[][]).flat());
            restoreMissing(s, m, entries.filter((e) => !removed.has(e.key)));
          };
        });
        return done(s);
      });
    },
    read(limit, after) {
      const range = after === undefined ? entryRange() : IDBKeyRange.lowerBound(after, true);
      return store('readonly', async (s) => {
        const [keys, values] = await Promise.all([
          promisifyRequest(s.getAllKeys(range, limit)),
          promisifyRequest(s.getAll(range, limit) as IDBRequest<QueueEntry[]>),
        ]);
        return keys.map((key, i): StoredEntry => ({ ...values[i]!, key: key as string }));
      });
    },
    remove(refs) {
      if (refs.length === 0) return Promise.resolve();
      return store('readwrite', (s) => {
        // The meta first (a rebuild must not see this transaction's deletes); then only entries
        // still there are counted: another tab may have removed some already.
        withMeta(s, (m) => {
          // One read of the keys between the first and the last ref, not one probe per ref: a batch
          // is nearly always a run of adjacent keys, deleted then with one range delete.
          let low = refs[0]!.key;
          let high = low;
          for (const { key } of refs) {
            if (key < low) low = key;
            if (key > high) high = key;
          }
          const range = IDBKeyRange.bound(low, high);
          const present = s.getAllKeys(range);
          present.onsuccess = () => {
            const there = new Set(present.result as string[]);
            let removed = 0;
            let bytes = 0;
            for (const ref of refs) {
              if (!there.has(ref.key)) continue;
              there.delete(ref.key);
              removed += 1;
              bytes += ref.bytes ?? 0;
            }
            // What is left in `there` is in the range but not ours (another tab's record): keep it.
            if (there.size === 0) s.delete(range);
            else for (const ref of refs) s.delete(ref.key);
            s.put({ ...m, count: Math.max(0, m.count - removed), bytes: Math.max(0, m.bytes - bytes) }, META);
          };
          const now = Date.now();
          s.put(refs.map((r) => r.key), tombstoneKey(now));
          s.delete(IDBKeyRange.bound(TOMBSTONE, tombstoneKey(now - TOMBSTONE_MS)));
        });
        return done(s);
      });
    },
    count: async () => (await meta()).count,
    bytes: async () => (await meta()).bytes,
    lastKey() {
      return store('readonly', async (s) => {
        const cursor = await promisifyRequest(s.openKeyCursor(entryRange(), 'prev'));
        return cursor ? (cursor.key as string) : undefined;
      });
    },
    addDropped: (records) => updateMeta((m) => ({ ...m, dropped: m.dropped + records })),
    async takeDropped() {
      let taken = 0;
      await updateMeta((m) => {
        taken = m.dropped;
        return { ...m, dropped: 0 };
      });
      return taken;
    },
  };
}
