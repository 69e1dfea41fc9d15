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
 * A database can also never answer: Safari 14.1 left `indexedDB.open` pending forever on a
 * page's first load. Until one transaction of a store has completed, each transaction that has
 * not within a time-out rejects (`TimeoutError`), and commits nothing, so the caller can move to
 * memory; after that, a slow transaction is only slow.
 *
 * A page going away aborts the transactions it has not committed (Chromium: none of 20 written in
 * `pagehide` survived a reload), unless it asks for the commit in the same task (`commit()`: 20
 * of 20). {@link StoreWithWrites.writeNow} does that, for what a page writes as it leaves.
 *
 * @module
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';

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

/**
 * How long the first transactions of a store may take, in milliseconds, before they reject with
 * a `TimeoutError` (option `storageTimeoutMs`).
 */
export const STORAGE_TIMEOUT_MS = 4000;

/** The rejection of a transaction that did not answer within `ms`. */
const timedOut = (dbName: string, ms: number): DOMException => new DOMException(`${dbName} did not answer within ${ms} ms`, 'TimeoutError');

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

/** A store of {@link openStore}: idb-keyval's seam, and a write made and committed at once. */
export interface StoreWithWrites extends UseStore {
  /**
   * Runs `write` in a readwrite transaction made now, on the connection the store last used,
   * and asks for its commit at once (`IDBTransaction.commit()`, where there is one): a write made
   * in `pagehide` survives the page. Resolves when it committed, rejects when it aborted.
   * Undefined when no connection is open (none used yet, or closed since): then use the store.
   */
  writeNow(write: (store: IDBObjectStore) => void): Promise<void> | undefined;
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
 *
 * Until one transaction has completed (with `everyTransaction`, always), each that has not within
 * `timeoutMs` rejects with a `TimeoutError` and commits nothing: the open that never answered runs
 * no callback when it does, and a transaction already running is aborted.
 */
export function openStore(dbName: string, storeName: string, timeoutMs = STORAGE_TIMEOUT_MS, everyTransaction = false): StoreWithWrites {
  let current = createStore(dbName, storeName);
  const number = ++opened;
  /** A transaction completed: the database answers. */
  let answered = false;
  /** The connection of the last transaction, while it is open. */
  let connection: IDBDatabase | undefined;
  const writeNow = (write: (store: IDBObjectStore) => void): Promise<void> | undefined => {
    if (isRetired(dbName, number)) return Promise.reject(new DOMException(`${dbName} was retired (consent withdrawn, or forget())`, 'AbortError'));
    let transaction: IDBTransaction;
    try {
      transaction = connection!.transaction(storeName, 'readwrite');
    } catch {
      connection = undefined; // none, or closed
      return undefined;
    }
    write(transaction.objectStore(storeName));
    (transaction as { commit?: () => void }).commit?.();
    return promisifyRequest(transaction).catch(() => {
      throw transaction.error ?? new DOMException(`a write to ${dbName} was aborted`, 'AbortError');
    });
  };
  const useStore: UseStore = (mode, callback) => {
    if (isRetired(dbName, number)) return Promise.reject(new DOMException(`${dbName} was retired (consent withdrawn, or forget())`, 'AbortError'));
    let late = false;
    let running: IDBTransaction | undefined;
    const run = async (store: UseStore) =>
      // Async: where IndexedDB is denied (a sandboxed iframe's opaque origin), `indexedDB.open`
      // throws at once; the caller gets a rejection, never a throw inside its own call.
      store(mode, (s) => {
        if (late) {
          s.transaction.abort(); // the caller has moved on: nothing may be written now
          throw timedOut(dbName, timeoutMs);
        }
        running = s.transaction;
        const db = s.transaction.db;
        db.onversionchange ??= () => {
          db.close();
          if (connection === db) connection = undefined;
        };
        connection = db;
        return callback(s);
      });
    const used = current;
    const attempt = run(used)
      .catch((error: unknown) => {
        // A retired store opens no new connection: that would create its database again.
        if (!isDeadConnection(error) || isRetired(dbName, number)) throw error;
        if (current === used) {
          current = createStore(dbName, storeName);
          used('readonly', (s) => s.transaction.db.close()).catch(() => undefined);
        }
        return run(current);
      })
      .then((result) => {
        answered = true;
        return result;
      });
    return answered && !everyTransaction ? attempt : withDeadline(attempt, timeoutMs, () => {
      late = true;
      try {
        running?.abort();
      } catch {
        return false; // finished already: its own answer is on its way
      }
      return true;
    }, () => timedOut(dbName, timeoutMs));
  };
  return Object.assign(useStore, { writeNow });
}

/**
 * `attempt`, or a rejection with `error()` when it has not settled within `ms` and `giveUp()`
 * says it gave up (false: it is about to settle by itself, and is waited for).
 */
function withDeadline<T>(attempt: Promise<T>, ms: number, giveUp: () => boolean, error: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => giveUp() && reject(error()), ms);
    attempt.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(cause);
      },
    );
  });
}
