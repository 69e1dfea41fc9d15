/**
 * idb-keyval's store seam, made to survive a dead connection. idb-keyval opens one connection per
 * store and keeps it; it reopens only when the browser fires `close` on it. A connection can die
 * without that event: Safari's "UnknownError: Connection to Indexed Database server lost" (19 % of
 * one large app's IndexedDB errors, and retries on the same connection never succeed), or a
 * closed one (`InvalidStateError`: the connection is closing). Every later transaction then fails,
 * and the SDK would move to memory for the rest of the session.
 *
 * A connection also gives way to another page that upgrades or deletes its database (a newer SDK
 * in another tab, a game's "reset all data"): left open, it would block that page for as long as
 * this one lives. It closes on `versionchange`, and the next transaction reopens it.
 *
 * @module
 */
import { createStore, type UseStore } from 'idb-keyval';

/**
 * The failures a fresh connection cures: `InvalidStateError` (the connection is closed or
 * closing) and `UnknownError` (the connection to the browser's IndexedDB backend was lost, or
 * the backend failed a transaction). Others (quota, a value that cannot be stored) would fail
 * again, and are the caller's to handle.
 */
function isDeadConnection(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'InvalidStateError' || name === 'UnknownError';
}

/** Stores are numbered as they open; the ranges of numbers refused, with their name prefix. */
let opened = 0;
const retired: Array<readonly [prefix: string, from: number, upTo: number]> = [];

/** The number of the last store opened: stores opened after this moment have higher ones. */
export function lastStoreOpened(): number {
  return opened;
}

/**
 * Every store whose database name starts with `prefix` and whose number is from `from` to `upTo`
 * (the stores one client opened) refuses each transaction from now on (an `AbortError`
 * rejection): a client whose consent was withdrawn, or whose data `forget()` erases, must not
 * create its databases again with a late write. Other stores, and stores opened later, work.
 */
export function retireStores(prefix: string, from: number, upTo: number): void {
  retired.push([prefix, from, upTo]);
}

function isRetired(dbName: string, store: number): boolean {
  return retired.some(([prefix, from, upTo]) => store >= from && store <= upTo && dbName.startsWith(prefix));
}

/**
 * Object store `storeName` of database `dbName` (both created on first use), like idb-keyval's
 * `createStore`, but a transaction that fails because its connection is dead is run once more on
 * a new connection (the old one is closed, if it can be). When several fail at once, they share
 * that new connection. If the second attempt fails too, its error is the caller's. Failures
 * always come as a rejection (a browser that denies IndexedDB throws from `indexedDB.open`).
 * Each connection closes when another page upgrades or deletes the database (`versionchange`).
 *
 * Safe because a failed transaction commits nothing: `callback` runs again from the start. It
 * must not resolve before its transaction is done if it writes (the stores resolve on the
 * transaction's `complete`).
 */
export function openStore(dbName: string, storeName: string): UseStore {
  let current = createStore(dbName, storeName);
  const number = ++opened;
  return (mode, callback) => {
    if (isRetired(dbName, number)) return Promise.reject(new DOMException(`${dbName} was retired (consent withdrawn, or forget())`, 'AbortError'));
    const run = async (store: UseStore) =>
      // Async: where IndexedDB is denied (a sandboxed iframe's opaque origin), `indexedDB.open`
      // throws at once; the caller gets a rejection, never a throw inside its own call.
      store(mode, (s) => {
        const db = s.transaction.db;
        db.onversionchange ??= () => db.close();
        return callback(s);
      });
    const used = current;
    return run(used).catch((error: unknown) => {
      // A retired store opens no new connection: that would create its database again.
      if (!isDeadConnection(error) || isRetired(dbName, number)) throw error;
      if (current === used) {
        current = createStore(dbName, storeName);
        used('readonly', (s) => s.transaction.db.close()).catch(() => undefined);
      }
      return run(current);
    });
  };
}
