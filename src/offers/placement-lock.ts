/**
 * The critical section of `showAt` across the game's tabs: the caps ledger is read, the placement
 * decided and the offer picked reserved by one tab at a time, per player, so two tabs deciding at
 * once open one offer (the second reads the first's reservation).
 *
 * - With the Web Locks API: exclusive lock `<dbPrefix>/offer-caps/<player_slug>`, which the browser
 *   releases when the tab closes or dies.
 * - Without it (insecure contexts, old WebViews), or where the browser refuses the lock: a lease in
 *   IndexedDB (`<dbPrefix>/lease`, entry `offer-caps/<player_slug>`), taken in one readwrite
 *   transaction, held for at most {@link LEASE_MS}, deleted when the section ends. A tab that died
 *   in the section holds the others back until the lease runs out.
 * - Without IndexedDB (memory storage): no other tab shares the ledger; the section just runs.
 *
 * @module
 */
import type { UseStore } from 'idb-keyval';
import { claimLease, giveBackLease, openStore, randomId } from '../internal/index.js';

/** How long a lease holds a placement's section, in milliseconds; the section takes milliseconds. */
export const LEASE_MS = 5_000;
/** How often a tab waiting for a lease tries again, in milliseconds. */
const RETRY_MS = 20;

/** Runs `task` alone among the game's tabs for player `slug`; resolves or rejects as `task` does. */
export type PlacementLock = <T>(slug: string, task: () => Promise<T>) => Promise<T>;

/** Runs `task` holding lease `key` of `store`; where IndexedDB fails, without it. */
async function underLease<T>(store: UseStore, key: string, task: () => Promise<T>): Promise<T> {
  const owner = randomId();
  let held = false;
  try {
    for (;;) {
      // A lease expiring later than one taken now could (a clock set back) is taken too.
      held = await claimLease(store, key, owner, Date.now(), LEASE_MS, true);
      if (held) break;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  } catch {
    // Storage failing: the ledger is in memory now, this tab's alone.
  }
  try {
    return await task();
  } finally {
    if (held) giveBackLease(store, key, owner);
  }
}

/** The section of the tabs sharing `dbPrefix` (undefined: memory storage), through `locks` when given. */
export function createPlacementLock(locks: LockManager | undefined, dbPrefix: string | undefined): PlacementLock {
  if (dbPrefix === undefined) return (_, task) => task();
  let leases: UseStore | undefined;
  const lease = <T>(slug: string, task: () => Promise<T>): Promise<T> => underLease((leases ??= openStore(`${dbPrefix}/lease`, 'lease')), `offer-caps/${slug}`, task);
  if (!locks) return lease;
  return <T>(slug: string, task: () => Promise<T>): Promise<T> => {
    let ran = false;
    // In a promise: a browser that throws instead of rejecting refuses too.
    return new Promise<T>((resolve) =>
      resolve(
        locks.request(`${dbPrefix}/offer-caps/${slug}`, { mode: 'exclusive' }, () => {
          ran = true;
          return task();
        }) as Promise<T>,
      ),
    ).catch((error: unknown) => {
      if (ran) throw error;
      return lease(slug, task); // the lock refused (an opaque origin, a broken implementation)
    });
  };
}
