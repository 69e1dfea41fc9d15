/**
 * The IndexedDB {@link QueueStore}, on idb-keyval's store seam (reopened when its connection
 * dies: internal/idb.ts): one database per namespace, one object store of entries, many per
 * IndexedDB value (idb-chunks.ts), and beside them one meta entry (count, bytes, unreported
 * drops) updated in the same transaction as every append and removal, so counts and byte totals
 * stay exact across tabs without reading the whole queue. Every removal also leaves a tombstone
 * (the removed keys, for `TOMBSTONE_MS`), so that a rescued copy of a record delivered in the
 * meantime is not restored (rescue.ts). `!meta` and `!t:…` sort before every entry key (`0…`);
 * entry reads use a key range that leaves them out.
 *
 * @module
 */
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { openStore } from '../internal/index.js';
import { jsonBytes } from '../records/index.js';
import { byKey } from './keys.js';
import { TOMBSTONE_MS } from './rescue.js';
import { entriesOf, entryRange, overlapping, putChunks, readValues, VALUES_PER_READ, type Stored } from './idb-chunks.js';
import type { EntryRef, QueueStore, StoredEntry } from './types.js';

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
      for (const e of entriesOf(c.key as string, c.value)) {
        rebuilt.count += 1;
        rebuilt.bytes += e.bytes ?? jsonBytes(e.record);
      }
      c.continue();
    };
  };
}

/**
 * Adds `entries` (key order) whose keys are neither stored nor in `removed`, and counts them in
 * meta `m`, in transaction store `s`. Chunks whose key range they fall into are merged with them,
 * so that chunks stay disjoint.
 */
function addEntries(s: IDBObjectStore, m: Meta, entries: readonly StoredEntry[], removed?: ReadonlySet<string>): void {
  if (entries.length === 0) return;
  overlapping(s, entries[0]!.key, entries[entries.length - 1]!.key, (found) => {
    const there = new Set<string>();
    for (const chunk of found) for (const e of chunk.entries) there.add(e.key);
    const added = entries.filter((e) => !there.has(e.key) && !removed?.has(e.key));
    if (added.length === 0) return;
    let merged: readonly StoredEntry[] = added;
    if (found.length > 0) {
      for (const chunk of found) s.delete(chunk.key);
      merged = found.flatMap((chunk) => chunk.entries).concat(added).sort(byKey);
    }
    putChunks(s, merged);
    s.put({ ...m, count: m.count + added.length, bytes: m.bytes + added.reduce((n, e) => n + (e.bytes ?? 0), 0) }, META);
  });
}

/** The end of the transaction of store `s`: resolves when it commits, rejects when it aborts. */
const done = (s: IDBObjectStore): Promise<void> => promisifyRequest(s.transaction);

/** The meta entry of `store`; rejects if the transaction aborts before it was read (it would hang). */
function readMeta(store: UseStore): Promise<Meta> {
  return store(
    'readonly',
    (s) =>
      new Promise<Meta>((resolve, reject) => {
        withMeta(s, resolve);
        done(s).catch(reject);
      }),
  );
}

/** Replaces the meta entry of `store` with `change` of it, in one transaction. */
function updateMeta(store: UseStore, change: (m: Meta) => Meta): Promise<void> {
  return store('readwrite', (s) => {
    withMeta(s, (m) => s.put(change({ ...m }), META));
    return done(s);
  });
}

/**
 * Adds `sorted` (entry keys only, in key order) whose keys are neither stored nor removed lately
 * (a tombstone's), in transaction store `s`, counting them in meta `m`.
 */
function restoreEntries(s: IDBObjectStore, m: Meta, sorted: readonly StoredEntry[]): void {
  // Keys removed lately (delivered, set aside, dropped) are not brought back.
  const stones = s.getAll(IDBKeyRange.bound(TOMBSTONE, `${TOMBSTONE}\uffff`));
  stones.onsuccess = () => addEntries(s, m, sorted, new Set((stones.result as string[][]).flat()));
}

/**
 * Reads, in transaction store `s`, the `limit` oldest entries (with `after`, only those whose key
 * is greater), then hands them to `use`.
 */
function readEntries(s: IDBObjectStore, limit: number, after: string | undefined, use: (entries: StoredEntry[]) => void): void {
  const out: StoredEntry[] = [];
  let values = 0;
  // Values after `from`, a few at a time: as many as the entries per value seen so far
  // say are needed, so that large chunks are not read past the limit.
  const more = (from: string | undefined, count: number): void =>
    readValues(s, from === undefined ? entryRange() : IDBKeyRange.lowerBound(from, true), count, (found) => {
      values += found.length;
      for (const chunk of found) for (const e of chunk.entries) if (after === undefined || e.key > after) out.push(e);
      if (out.length >= limit || found.length < count) return use(out.slice(0, limit));
      more(found[found.length - 1]!.key, Math.min(VALUES_PER_READ, Math.ceil((limit - out.length) / Math.max(1, out.length / values))));
    });
  if (after === undefined) return more(undefined, 1);
  // The chunk that starts at or before `after` may hold entries after it.
  overlapping(s, after, after, (found) => {
    for (const chunk of found) for (const e of chunk.entries) if (e.key > after) out.push(e);
    more(after, 1);
  });
}

/**
 * Deletes the entries whose keys are in `gone` from `found` (every value from its first key to
 * its last, in transaction store `s`), and takes those still there off meta `m`: another tab may
 * have removed some already.
 */
function deleteFromChunks(s: IDBObjectStore, m: Meta, found: Stored[], gone: ReadonlySet<string>): void {
  let removed = 0;
  let bytes = 0;
  let left = 0;
  const touched: Array<{ key: string; kept: StoredEntry[] }> = [];
  for (const chunk of found) {
    const kept = chunk.entries.filter((e) => !gone.has(e.key));
    left += kept.length;
    if (kept.length === chunk.entries.length) continue;
    for (const e of chunk.entries) if (gone.has(e.key)) bytes += e.bytes ?? 0;
    removed += chunk.entries.length - kept.length;
    touched.push({ key: chunk.key, kept });
  }
  // `found` is every value from its first key to its last: when all of them go (a
  // drain's batch), one range delete; otherwise each touched value, written again
  // with what stays (a batch that ends inside a chunk, another tab's records).
  if (removed > 0 && left === 0) {
    s.delete(IDBKeyRange.bound(found[0]!.key, found[found.length - 1]!.key));
  } else {
    for (const { key, kept } of touched) {
      s.delete(key);
      putChunks(s, kept);
    }
  }
  s.put({ ...m, count: Math.max(0, m.count - removed), bytes: Math.max(0, m.bytes - bytes) }, META);
}

/**
 * Removes `refs` (at least one) in transaction store `s`, with meta `m` read before any delete
 * (a rebuild must not see them), and leaves their keys in a tombstone; expired tombstones go.
 */
function removeEntries(s: IDBObjectStore, m: Meta, refs: readonly EntryRef[]): void {
  let low = refs[0]!.key;
  let high = low;
  for (const { key } of refs) {
    if (key < low) low = key;
    if (key > high) high = key;
  }
  const gone = new Set(refs.map((r) => r.key));
  overlapping(s, low, high, (found: Stored[]) => deleteFromChunks(s, m, found, gone));
  const now = Date.now();
  s.put(refs.map((r) => r.key), tombstoneKey(now));
  s.delete(IDBKeyRange.bound(TOMBSTONE, tombstoneKey(now - TOMBSTONE_MS)));
}

/** The greatest entry key in `store`, or undefined when it holds none. */
function lastEntryKey(store: UseStore): Promise<string | undefined> {
  return store('readonly', async (s) => {
    const cursor = await promisifyRequest(s.openCursor(entryRange(), 'prev'));
    return cursor ? entriesOf(cursor.key as string, cursor.value).at(-1)!.key : undefined;
  });
}

/** The count of dropped records in the meta entry of `store`, set back to 0 in the same transaction. */
async function takeDropped(store: UseStore): Promise<number> {
  let taken = 0;
  await updateMeta(store, (m) => {
    taken = m.dropped;
    return { ...m, dropped: 0 };
  });
  return taken;
}

/**
 * Creates the store in database `dbName` (created on first use); its first transactions reject
 * after `timeoutMs` without an answer (internal/idb.ts).
 */
export function createIndexedDbStore(dbName: string, timeoutMs?: number): QueueStore {
  const store: UseStore = openStore(dbName, 'entries', timeoutMs);
  return {
    kind: 'indexeddb',
    append(entries) {
      // Key order: the queue renews the keys of its first write's oldest records (write-chain.ts, persist).
      const sorted = [...entries].sort(byKey);
      return store('readwrite', (s) => {
        // The meta first: a rebuild must not count the entries this transaction adds.
        withMeta(s, (m) => addEntries(s, m, sorted));
        return done(s);
      });
    },
    restore(entries) {
      // Only entry keys: a rescued copy is read from localStorage, where anything may be.
      const sorted = entries.filter((e) => e.key >= '0').sort(byKey);
      if (sorted.length === 0) return Promise.resolve();
      return store('readwrite', (s) => {
        withMeta(s, (m) => restoreEntries(s, m, sorted));
        return done(s);
      });
    },
    read(limit, after) {
      return store(
        'readonly',
        (s) =>
          new Promise<StoredEntry[]>((resolve, reject) => {
            done(s).catch(reject);
            readEntries(s, limit, after, resolve);
          }),
      );
    },
    remove(refs) {
      if (refs.length === 0) return Promise.resolve();
      return store('readwrite', (s) => {
        // The meta first: a rebuild must not see this transaction's deletes.
        withMeta(s, (m) => removeEntries(s, m, refs));
        return done(s);
      });
    },
    count: async () => (await readMeta(store)).count,
    bytes: async () => (await readMeta(store)).bytes,
    lastKey: () => lastEntryKey(store),
    addDropped: (records) => updateMeta(store, (m) => ({ ...m, dropped: m.dropped + records })),
    takeDropped: () => takeDropped(store),
  };
}
