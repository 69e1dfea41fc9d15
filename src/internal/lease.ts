/**
 * A lease in IndexedDB: an entry `{ owner, expires }` that one tab at a time holds, where Web Locks
 * are missing. Taken and given back in readwrite transactions, so tabs are serialized.
 *
 * @module
 */
import { promisifyRequest, type UseStore } from 'idb-keyval';

interface Lease {
  readonly owner: string;
  readonly expires: number;
}

/**
 * One atomic read-modify-write of lease `key` in `store` at device time `now`: `owner` keeps or
 * takes it until `now + ms` when it is free, its own, or expired, and with `clockBack` also when it
 * expires later than a lease taken now could (its taker's clock was ahead, or this one was set
 * back). Resolves whether `owner` holds it, once the transaction committed.
 */
export function claimLease(store: UseStore, key: string, owner: string, now: number, ms: number, clockBack = false): Promise<boolean> {
  return store('readwrite', (s) => {
    let mine = false;
    const read = s.get(key);
    read.onsuccess = () => {
      const lease = read.result as Lease | undefined;
      mine = !lease || lease.owner === owner || lease.expires <= now || (clockBack && lease.expires > now + ms);
      if (mine) s.put({ owner, expires: now + ms } satisfies Lease, key);
    };
    return promisifyRequest(s.transaction).then(() => mine);
  });
}

/** Deletes lease `key` of `store` if `owner` holds it, so another takes it at once instead of after it runs out. */
export function giveBackLease(store: UseStore, key: string, owner: string): void {
  void store('readwrite', (s) => {
    const read = s.get(key);
    read.onsuccess = () => {
      if ((read.result as Lease | undefined)?.owner === owner) s.delete(key);
    };
    return promisifyRequest(s.transaction);
  }).catch(() => undefined);
}
