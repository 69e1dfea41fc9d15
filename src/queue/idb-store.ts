/**
 * The IndexedDB {@link QueueStore}, on idb-keyval's store seam: one database per namespace, one
 * object store of entries keyed by queue key. Range reads (`getAll` with a limit) use the raw
 * object store that idb-keyval's `UseStore` hands out, so a batch read is one transaction.
 *
 * @module
 */
import { createStore, delMany, promisifyRequest, setMany, type UseStore } from 'idb-keyval';
import type { QueueEntry, QueueStore, StoredEntry } from './types.js';

/** True where `indexedDB` exists (it may still refuse to open: private modes, sandboxed iframes). */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB === 'object' && indexedDB !== null;
  } catch {
    // Some sandboxed iframes throw a SecurityError on the mere property access.
    return false;
  }
}

/** Creates the store in database `dbName` (created on first use). */
export function createIndexedDbStore(dbName: string): QueueStore {
  const store: UseStore = createStore(dbName, 'entries');

  return {
    kind: 'indexeddb',
    append(entries) {
      return setMany(
        entries.map((e): [IDBValidKey, QueueEntry] => [
          e.key,
          { objectName: e.objectName, record: e.record, enqueuedAt: e.enqueuedAt, bytes: e.bytes },
        ]),
        store,
      );
    },
    read(limit) {
      return store('readonly', async (s) => {
        const [keys, values] = await Promise.all([
          promisifyRequest(s.getAllKeys(null, limit)),
          promisifyRequest(s.getAll(null, limit) as IDBRequest<QueueEntry[]>),
        ]);
        return keys.map((key, i): StoredEntry => ({ ...values[i]!, key: key as string }));
      });
    },
    remove(keys) {
      return keys.length === 0 ? Promise.resolve() : delMany([...keys], store);
    },
    count() {
      return store('readonly', (s) => promisifyRequest(s.count()));
    },
    lastKey() {
      return store('readonly', async (s) => {
        const cursor = await promisifyRequest(s.openKeyCursor(null, 'prev'));
        return cursor ? (cursor.key as string) : undefined;
      });
    },
  };
}
