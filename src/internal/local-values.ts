/**
 * The small values the SDK keeps beside its queue and reads or writes synchronously: the device
 * id, the session record, the notes a page leaves at `pagehide` (rescue, sent ledger) and the
 * service's health. They live in localStorage, which is synchronous. Where localStorage is refused
 * (a read or a write throws: blocked storage, a full one, some WebViews), they live in an
 * IndexedDB database instead, behind a copy in memory: read once at start, then read from memory
 * and written through to IndexedDB, each write its own transaction made and committed at once
 * (so that a write made in `pagehide` survives the page: internal/idb.ts). Where that
 * database fails too, the memory copy is all there is, for this page only.
 *
 * @module
 */
import { del, entries, set } from 'idb-keyval';
import { localStorageOrUndefined } from './env.js';
import { openStore, type StoreWithWrites } from './idb.js';

/** The part of `Storage` the SDK uses. Like localStorage's, its methods may throw (blocked, full). */
export interface LocalValues {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Every key. */
  keys(): string[];
}

/** Where a client's values are: localStorage; IndexedDB (localStorage refused); memory (both refused). */
export type LocalValuesKind = 'localStorage' | 'indexeddb' | 'memory';

/** A client's values, wherever they are. */
export interface PageValues extends LocalValues {
  readonly kind: LocalValuesKind;
  /** True once they can be read: at once in localStorage, once the IndexedDB copy was read otherwise. */
  readonly loaded: boolean;
  /** Resolves when they are loaded (never rejects). */
  readonly ready: Promise<void>;
}

/**
 * The page's localStorage, looked up at each call (it may be replaced, or start refusing). A
 * write where there is none throws, as a blocked one does; a read gives null.
 */
export const browserValues: LocalValues = {
  getItem: (key) => localStorageOrUndefined()?.getItem(key) ?? null,
  setItem: (key, value) => {
    const storage = localStorageOrUndefined();
    if (!storage) throw new DOMException('no localStorage here', 'SecurityError');
    storage.setItem(key, value);
  },
  removeItem: (key) => localStorageOrUndefined()?.removeItem(key),
  keys: () => Object.keys(localStorageOrUndefined() ?? {}),
};

/** Why localStorage cannot keep values (none, or a read or a small write of `probeKey` throws), else undefined. */
export function localStorageRefusal(probeKey: string): unknown {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage; // may throw: sandboxed iframes
    if (!storage) return new DOMException('no localStorage here', 'SecurityError');
    storage.getItem(probeKey);
    storage.setItem(probeKey, '1');
    storage.removeItem(probeKey);
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Hears where the values went, once they are loaded: `indexeddb` (`cause`: localStorage's
 * refusal) or `memory` (`cause`: the database's failure; `refusal`: localStorage's, when it is
 * the first move). A database that fails later is a second move, to `memory`.
 */
export type ValuesMoved = (to: 'indexeddb' | 'memory', cause: unknown, refusal?: unknown) => void;

/**
 * The values of a client whose storage is `dbName`'s: in localStorage when it works (or
 * `dbName` is undefined: nothing is kept in IndexedDB), else in object store `values` of
 * IndexedDB database `dbName`, behind a memory copy; in memory only when that database fails,
 * or has not answered within `timeoutMs`. `onMove` hears each move.
 */
export function openPageValues(dbName: string | undefined, probeKey: string, timeoutMs: number, onMove: ValuesMoved): PageValues {
  const refusal = dbName === undefined ? undefined : localStorageRefusal(probeKey);
  if (refusal === undefined) return { ...browserValues, kind: 'localStorage', loaded: true, ready: Promise.resolve() };
  // A worker has no localStorage by nature: the values belong in IndexedDB there, nothing to warn of.
  const expected = !('localStorage' in globalThis);
  return mirroredValues(openStore(dbName!, 'values', timeoutMs), refusal, (to, cause, first) => {
    if (!(expected && to === 'indexeddb')) onMove(to, cause, first);
  });
}

/** Values in `store`, read once into memory and written through to it. */
function mirroredValues(store: StoreWithWrites, refusal: unknown, onMove: ValuesMoved): PageValues {
  const copy = new Map<string, string>();
  /** Keys written or removed before the stored copy was read: this page's value wins. */
  const touched = new Set<string>();
  let kind: LocalValuesKind = 'indexeddb';
  let loaded = false;
  const fail = (cause: unknown): void => {
    if (kind === 'memory') return;
    kind = 'memory';
    onMove('memory', cause, loaded ? undefined : refusal);
  };
  const ready = entries<string, unknown>(store)
    .then((stored) => {
      for (const [key, value] of stored) if (!touched.has(key) && typeof value === 'string') copy.set(key, value);
      if (kind === 'indexeddb') onMove('indexeddb', refusal);
    })
    .catch(fail)
    .then(() => void (loaded = true));
  const write = (key: string, value: string | undefined): void => {
    if (!loaded) touched.add(key);
    else if (copy.get(key) === value) return;
    if (value === undefined) copy.delete(key);
    else copy.set(key, value);
    if (kind !== 'indexeddb') return;
    const now = store.writeNow((s) => (value === undefined ? s.delete(key) : s.put(value, key)));
    (now ?? (value === undefined ? del(key, store) : set(key, value, store))).catch(fail);
  };
  return {
    get kind() {
      return kind;
    },
    get loaded() {
      return loaded;
    },
    ready,
    getItem: (key) => copy.get(key) ?? null,
    setItem: (key, value) => write(key, String(value)),
    removeItem: (key) => write(key, undefined),
    keys: () => [...copy.keys()],
  };
}
