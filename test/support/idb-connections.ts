/**
 * Kills IndexedDB connections the way they die in the field, in real Chromium. Neither way fires
 * the connection's `close` event, as in Safari, so idb-keyval does not reopen by itself:
 *
 * - `closed`: the connection is closed; every later transaction on it throws `InvalidStateError`;
 * - `lost`: closed too, and its transactions throw Safari's `UnknownError` ("Connection to
 *   Indexed Database server lost. Refresh the page to try again").
 */
import { entriesOf } from '../../src/queue/idb-chunks.js';

export type Death = 'closed' | 'lost';

export interface ConnectionWatch {
  /** Connections opened since the watch began, by database name, in order. */
  readonly opened: readonly string[];
  /** Kills every open connection to a database whose name starts with `prefix`; returns how many. */
  kill(prefix: string, how: Death): number;
  /**
   * Makes every transaction on a database whose name starts with `prefix`, on any connection
   * present or future, throw Safari's `UnknownError`: IndexedDB broken for good.
   */
  breakAll(prefix: string): void;
  /** Stops watching (restores `indexedDB.open` and `IDBDatabase.prototype.transaction`). */
  stop(): void;
}

const lost = (): never => {
  throw new DOMException('Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError');
};

/** Watches `indexedDB.open` from now on. */
export function watchConnections(): ConnectionWatch {
  const connections: Array<{ name: string; db: IDBDatabase; dead: boolean }> = [];
  const opened: string[] = [];
  const open = IDBFactory.prototype.open;
  const transaction = IDBDatabase.prototype.transaction;
  const broken: string[] = [];
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    const request = version === undefined ? open.call(this, name) : open.call(this, name, version);
    request.addEventListener('success', () => {
      opened.push(name);
      connections.push({ name, db: request.result, dead: false });
    });
    return request;
  };
  return {
    opened,
    kill(prefix, how) {
      let killed = 0;
      for (const c of connections) {
        if (c.dead || !c.name.startsWith(prefix)) continue;
        c.dead = true;
        c.db.close();
        if (how === 'lost') c.db.transaction = lost;
        killed += 1;
      }
      return killed;
    },
    breakAll(prefix) {
      broken.push(prefix);
      IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
        if (broken.some((p) => this.name.startsWith(p))) lost();
        return transaction.apply(this, args);
      };
    },
    stop() {
      IDBFactory.prototype.open = open;
      IDBDatabase.prototype.transaction = transaction;
    },
  };
}

/**
 * The record keys of a queue database (`!meta` and tombstones left out), read on a connection of
 * their own; none when it does not exist (it is not created).
 */
export async function storedQueueKeys(dbName: string): Promise<string[]> {
  const db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => {
      request.transaction!.abort();
      resolve(undefined);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (request.error?.name === 'AbortError' ? undefined : reject(request.error));
  });
  if (!db) return [];
  try {
    const store = db.transaction('entries').objectStore('entries');
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const range = IDBKeyRange.lowerBound('0');
    const [keys, values] = await Promise.all([read(store.getAllKeys(range)), read(store.getAll(range))]);
    // Many records per stored value (src/queue/idb-chunks.ts): the records' own keys.
    return keys.flatMap((key, i) => entriesOf(key as string, values[i]).map((e) => e.key));
  } finally {
    db.close();
  }
}
