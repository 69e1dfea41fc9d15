/**
 * The caps ledger of one engine (caps.ts reads it): every open of the identified player on this
 * device (from `show()`, `view()`, `report()` and `showAt()`), the reservations of `showAt` not yet
 * opened, and the offers bought or dismissed in the current session, kept in IndexedDB next to the
 * offer states so that they hold across reloads and tabs. Every write is an atomic change
 * (store.ts), so tabs never lose each other's.
 *
 * @module
 */
import { randomId } from '../internal/index.js';
import type { MessageStatus } from '../records/index.js';
import { counts, type CapsLedger, type LedgerOpen } from './caps.js';
import { createIndexedDbKeyValueStore, createMemoryKeyValueStore, type KeyValueStore } from './store.js';
import type { StoredAttempt } from './purchase-record.js';
import type { Offer } from './types.js';

/** The offers bought (`interact`) and dismissed in session `id`. */
export interface SessionMarks {
  readonly id: string;
  readonly bought: readonly number[];
  readonly dismissed: readonly number[];
}

/** What the caps store keeps of one player. */
export interface CapsEntry {
  /** The opens, and the reservations of opens, that the caps count. */
  readonly opens: readonly LedgerOpen[];
  /** The current session's purchases and dismissals (another session's are not read). */
  readonly session?: SessionMarks;
  /** The purchases from offers whose end is not known yet (purchase.ts). */
  readonly purchases?: readonly StoredAttempt[];
}

/** The caps ledger of each player on this device, keyed `[player_slug]`. */
export type CapsStore = KeyValueStore<[playerSlug: string], CapsEntry>;

/** The caps ledger in IndexedDB database `dbName`. */
export const createIndexedDbCapsStore = (dbName: string, timeoutMs?: number): CapsStore => createIndexedDbKeyValueStore(dbName, 'opens', timeoutMs);

/** The caps ledger in memory (no IndexedDB, or tests). */
export const createMemoryCapsStore = (): CapsStore => createMemoryKeyValueStore();

const DAY_MS = 86_400_000;
/** Opens kept per player: more than any day's cap is ever meant to be. */
const MAX_KEPT = 100;

/**
 * The opens the caps can still read at `now`: those of the last two days (a session ends at a new
 * UTC day), any later than `now` (a clock set back), and the last one, at most {@link MAX_KEPT};
 * reservations that expired are dropped.
 */
export function pruneOpens(opens: readonly LedgerOpen[], now: number): LedgerOpen[] {
  const sorted = opens.filter((open) => counts(open, now)).sort((a, b) => a.at - b.at);
  const last = sorted[sorted.length - 1];
  return sorted.filter((open) => open.at >= now - 2 * DAY_MS || open === last).slice(-MAX_KEPT);
}

/** One open or reservation, the same in every tab's copy. */
const keyOf = (open: LedgerOpen): string => `${open.at}/${open.sessionId}/${open.placement ?? ''}/${open.reservation?.owner ?? ''}`;
/** `opens` without `gone`. */
const without = (opens: readonly LedgerOpen[] | undefined, gone: LedgerOpen | undefined): LedgerOpen[] =>
  (opens ?? []).filter((open) => !gone || keyOf(open) !== keyOf(gone));

/** `marks` (of session `id`, or a new one) with `offerId` added to `kind`. */
const marked = (marks: SessionMarks | undefined, id: string, kind: 'bought' | 'dismissed', offerId: number): SessionMarks => {
  const same = marks?.id === id ? marks : { id, bought: [], dismissed: [] };
  return { ...same, [kind]: [...new Set([...same[kind], offerId])] };
};

/** What the ledger reads: the device clock, the identified player and the current session. */
export interface CapsLedgerDeps {
  /** The device clock. */
  readonly now: () => number;
  readonly player: () => string | undefined;
  /** The current session (`startedAt` in Unix seconds); undefined between sessions. */
  readonly session?: () => { readonly id: string; readonly startedAt: number } | undefined;
  /** The Web Locks of the game's tabs, where there are, and the prefix of the lock names. */
  readonly locks?: LockManager;
  readonly dbPrefix?: string | undefined;
}

/** The names of the Web Locks held now, or undefined where they cannot be asked. */
async function heldLocks(locks: LockManager | undefined): Promise<Set<string> | undefined> {
  try {
    if (typeof locks?.query !== 'function') return undefined;
    return new Set(((await locks.query()).held ?? []).flatMap((lock) => (lock.name === undefined ? [] : [lock.name])));
  } catch {
    return undefined;
  }
}

/** The caps ledger of one engine: see the module's description. */
export type CapsLedgerKeeper = ReturnType<typeof createCapsLedger>;

export function createCapsLedger(deps: CapsLedgerDeps, store: CapsStore, fail: (error: unknown) => void) {
  /** This ledger's tab, the owner of its reservations. */
  const owner = randomId();
  let player: string | undefined;
  let opens: readonly LedgerOpen[] = [];
  let session = { id: '', bought: new Set<number>(), dismissed: new Set<number>() };
  /** The reservations this tab made and has neither opened nor released. */
  let pending: Array<{ readonly slug: string; readonly open: LedgerOpen }> = [];
  /** Reservations of tabs that went away without removing them (their lock was free): never counted again. */
  const dead = new Set<string>();
  // This tab holds its lock from before a reservation is stored until its removal is (`unsettled`: how many).
  const lockName = deps.locks && deps.dbPrefix !== undefined ? `${deps.dbPrefix}/offer-caps/reserving/${owner}` : undefined;
  let unsettled = 0;
  let held: Promise<string | undefined> | undefined;
  let letGo: (() => void) | undefined;
  /** Holds this tab's lock; resolves with its name once granted, undefined where it is not. */
  const holdLock = (): Promise<string | undefined> =>
    (held ??= new Promise((granted) => {
      if (!lockName) return granted(undefined);
      Promise.resolve()
        .then(() => deps.locks!.request(lockName, () => (granted(lockName), new Promise<void>((resolve) => (letGo = resolve)))))
        .catch(() => granted(undefined));
    }));
  /** A reservation of this tab left the store (or failed to): the lock goes with the last one. */
  const settled = (): void => {
    if (--unsettled > 0) return;
    letGo?.();
    held = letGo = undefined;
  };

  /** The current session (id, start in device milliseconds); between sessions, one starting now. */
  const current = (): { id: string; start: number } => {
    const s = deps.session?.();
    return s ? { id: s.id, start: s.startedAt * 1000 } : { id: '', start: deps.now() };
  };
  /** The bought and dismissed offers of the current session (emptied when it changes). */
  const ofSession = () => {
    const { id } = current();
    if (session.id !== id) session = { id, bought: new Set(), dismissed: new Set() };
    return session;
  };
  /** Makes `slug` the player this ledger holds (another player's opens and marks are dropped). */
  const hold = (slug: string): void => {
    if (player !== slug) {
      opens = [];
      session = { id: current().id, bought: new Set(), dismissed: new Set() };
    }
    player = slug;
  };
  /** Adopts `stored` as the entry of `slug`, when it is still the identified player. */
  const adopt = (slug: string, stored: CapsEntry | undefined): void => {
    if (deps.player() !== slug) return;
    hold(slug);
    // What this page counted and the store does not have yet (a write under way) stays counted;
    // reservations come from the store (another tab's may have been released), but for this tab's own.
    const mine = pending.filter((p) => p.slug === slug).map((p) => p.open);
    const merged = new Map([...opens.filter((open) => !open.reservation), ...mine, ...(stored?.opens ?? [])].map((open) => [keyOf(open), open]));
    for (const key of dead) merged.delete(key);
    opens = pruneOpens([...merged.values()], deps.now());
    const marks = ofSession();
    if (stored?.session?.id !== marks.id) return;
    for (const id of stored.session.bought) marks.bought.add(id);
    for (const id of stored.session.dismissed) marks.dismissed.add(id);
  };
  /** Writes `change` to the entry of `slug`, then adopts what the store holds. */
  const write = (slug: string, change: (entry: CapsEntry | undefined) => CapsEntry | undefined): Promise<void> =>
    store.change([slug], change).then((stored) => adopt(slug, stored), fail);

  return {
    /** Reads the identified player's entry from the store (what other tabs and earlier pages counted). */
    async load(): Promise<void> {
      const slug = deps.player();
      if (slug === undefined) return;
      let stored: CapsEntry | undefined;
      try {
        stored = await store.get([slug]);
      } catch {
        // Unreadable (IndexedDB refused, as in a sandboxed iframe): what this page counted stands,
        // and the store warns once a write moves it to memory.
        return;
      }
      const locked = stored?.opens.filter((open) => open.reservation?.lock !== undefined && open.reservation.owner !== owner);
      const live = locked?.length ? await heldLocks(deps.locks) : undefined;
      for (const open of locked ?? []) if (live && !live.has(open.reservation!.lock!)) dead.add(keyOf(open));
      adopt(slug, stored);
    },
    /** The ledger as {@link pickOffer} reads it now. */
    snapshot(): CapsLedger {
      const { id, start } = current();
      const mine = player === deps.player();
      const { bought, dismissed } = mine ? ofSession() : { bought: new Set<number>(), dismissed: new Set<number>() };
      return { opens: mine ? opens : [], sessionId: id, sessionStart: start, boughtThisSession: bought, dismissedThisSession: dismissed };
    },
    /**
     * Reserves an open of `offerId` at `placement` for the identified player, counted as an open
     * for `forMs` milliseconds unless `open` replaces it or {@link release} removes it. Resolves
     * once it is stored (other tabs see it), with the reservation to release.
     */
    async reserve(offerId: number, placement: string, forMs: number): Promise<LedgerOpen | undefined> {
      const slug = deps.player();
      if (slug === undefined) return undefined;
      unsettled++;
      const lock = await holdLock();
      const now = deps.now();
      const open: LedgerOpen = { at: now, sessionId: current().id, placement, reservation: { owner, offerId, expiresAt: now + forMs, ...(lock && { lock }) } };
      hold(slug);
      pending.push({ slug, open });
      opens = pruneOpens([...opens, open], now);
      await write(slug, (entry) => ({ ...entry, opens: pruneOpens([...(entry?.opens ?? []), open], now) }));
      return open;
    },
    /** Whether `reservation` is still one (neither opened nor released). */
    holds: (reservation: LedgerOpen): boolean => pending.some((p) => p.open === reservation),
    /** Removes `reservation` (all of this tab's when undefined) unless `open` replaced it already. */
    release(reservation?: LedgerOpen): void {
      const gone = pending.filter((p) => reservation === undefined || p.open === reservation);
      pending = pending.filter((p) => !gone.includes(p));
      for (const { slug, open } of gone) {
        opens = without(opens, open);
        void write(slug, (entry) => entry && { ...entry, opens: without(entry.opens, open) }).finally(settled);
      }
    },
    /** A reaction was applied: an open counts against the caps (replacing its reservation), a purchase or a dismissal for the session. */
    reacted(offer: Offer, status: MessageStatus): void {
      const slug = offer.player_slug;
      const now = deps.now();
      hold(slug);
      if (status === 'interact' || status === 'dismiss') {
        const kind = status === 'interact' ? 'bought' : 'dismissed';
        const marks = ofSession();
        marks[kind].add(offer.offer_id);
        void write(slug, (entry) => ({ ...entry, opens: entry?.opens ?? [], session: marked(entry?.session, marks.id, kind, offer.offer_id) }));
      }
      if (status !== 'open') return;
      const reserved = pending.find((p) => p.slug === slug && p.open.reservation?.offerId === offer.offer_id);
      pending = pending.filter((p) => p !== reserved);
      const here = reserved?.open.placement;
      const open: LedgerOpen = { at: now, sessionId: current().id, ...(here !== undefined && { placement: here }) };
      opens = pruneOpens([...without(opens, reserved?.open), open], now);
      void write(slug, (entry) => ({ ...entry, opens: pruneOpens([...without(entry?.opens, reserved?.open), open], now) })).finally(() => reserved && settled());
    },
  };
}
