/**
 * Which tab uploads. Tabs of one game share one IndexedDB queue; exactly one of them, the leader,
 * uploads, so a record is never in two tabs' requests.
 *
 * - With the Web Locks API: the leader holds an exclusive lock for as long as it lives; the browser
 *   releases it when the tab closes or dies, and the next waiting tab becomes leader at once.
 * - Without it (insecure contexts, old WebViews): a lease in IndexedDB, renewed before every upload
 *   pass and every few seconds; a tab takes an expired lease over. A dead leader is replaced once its
 *   lease runs out (`LEASE_MS`).
 *
 * @module
 */
import type { UseStore } from 'idb-keyval';
import { claimLease, giveBackLease, openStore } from '../internal/index.js';

/** How long a fallback lease lasts without renewal, in milliseconds. */
const LEASE_MS = 60_000;
/** How often a fallback lease is renewed or checked, in milliseconds. */
const LEASE_CHECK_MS = 3_000;

/** This tab's part in uploading. */
export interface Leadership {
  /** True while this tab is the one that uploads. */
  readonly isLeader: boolean;
  /** Calls `listener` each time this tab becomes the leader (now, if it is). */
  onLeader(listener: () => void): void;
  /**
   * Confirms leadership right before an upload (renews a fallback lease). False means another tab
   * took over and this one must not upload.
   */
  confirm(): Promise<boolean>;
  /** Gives leadership up (shutdown). */
  release(): void;
}

/** A tab that is always the leader: memory storage, Node, a single context. */
export function soleLeader(): Leadership {
  return { isLeader: true, onLeader: (l) => l(), confirm: async () => true, release: () => undefined };
}

/**
 * Elects through `locks` when given, else through a lease in IndexedDB database `leaseDb`, checked
 * every `leaseCheckMs`.
 */
export function electLeader(
  name: string,
  tabId: string,
  locks: LockManager | undefined,
  leaseDb: string,
  leaseCheckMs = LEASE_CHECK_MS,
): Leadership {
  const lease = (): Leadership => leaseLeader(leaseDb, tabId, leaseCheckMs);
  return locks ? lockLeader(name, locks, lease) : lease();
}

/**
 * Leads while holding lock `name`. Where the browser refuses the lock (a `SecurityError` in an
 * opaque origin, a broken implementation), the election moves to `fallBack` instead of leaving
 * every tab a follower forever.
 */
function lockLeader(name: string, locks: LockManager, fallBack: () => Leadership): Leadership {
  let leader = false;
  let refused: Leadership | undefined;
  let release: () => void = () => undefined;
  const listeners: Array<() => void> = [];
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Released before the lock came (a client shut down while another tab led): the request leaves
  // the lock's queue, so this client never leads after it stopped.
  const waiting = new AbortController();
  // In a promise: a browser that throws instead of rejecting refuses too (no throw in createClient).
  void new Promise((resolve) =>
    resolve(
      locks.request(name, { mode: 'exclusive', signal: waiting.signal }, () => {
        leader = true;
        for (const l of listeners) l();
        return held;
      }),
    ),
  ).catch(() => {
    if (waiting.signal.aborted) return;
    refused = fallBack();
    for (const l of listeners) refused.onLeader(l);
  });
  return {
    get isLeader() {
      return refused ? refused.isLeader : leader;
    },
    onLeader(listener) {
      listeners.push(listener);
      if (refused) refused.onLeader(listener);
      else if (leader) listener();
    },
    confirm: async () => (refused ? refused.confirm() : leader),
    release() {
      leader = false;
      waiting.abort();
      release();
      refused?.release();
    },
  };
}

/** Leads while holding the lease in IndexedDB database `dbName`, checked every `checkMs`. */
function leaseLeader(dbName: string, tabId: string, checkMs: number): Leadership {
  const store: UseStore = openStore(dbName, 'lease');
  let leader = false;
  /** Device time until which this tab's lease surely holds (a second short of its expiry). */
  let holdsUntil = 0;
  let stopped = false;
  const listeners: Array<() => void> = [];
  /** Renews or takes the lease, or finds it another tab's; resolves whether this tab leads now. */
  const check = async (): Promise<boolean> => {
    if (stopped) return false;
    const now = Date.now();
    let mine: boolean;
    try {
      mine = await claimLease(store, 'leader', tabId, now, LEASE_MS);
    } catch {
      mine = false; // storage failing: do not upload from here
    }
    // Released while the claim was on its way: what it took is handed back, and nothing leads here.
    if (stopped) {
      if (mine) giveBackLease(store, 'leader', tabId);
      return false;
    }
    const became = mine && !leader;
    leader = mine;
    holdsUntil = now + LEASE_MS - 1000;
    // Each time, not only the first: a tab that lost the lease (late renewals of a throttled
    // tab) and takes it back reads the queue afresh, since the other leader delivered from it.
    if (became) for (const l of listeners) l();
    return mine;
  };

  void check();
  const timer = setInterval(() => void check(), checkMs);
  (timer as { unref?: () => void }).unref?.();
  return {
    // A lease whose renewals stopped (a sleeping laptop, a frozen tab) may have been taken over:
    // not the leader past it, until a check renews it (the page-hide upload trusts this).
    get isLeader() {
      return leader && Date.now() < holdsUntil;
    },
    onLeader(listener) {
      listeners.push(listener);
      if (leader) listener();
    },
    confirm: check,
    release() {
      stopped = true;
      clearInterval(timer);
      if (leader) giveBackLease(store, 'leader', tabId);
      leader = false;
    },
  };
}
