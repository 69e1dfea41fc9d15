/**
 * The caps ledger of one engine (caps.ts reads it): every open of the identified player on this
 * device (from `show()`, `view()`, `report()` and `showAt()`), kept in IndexedDB next to the offer
 * states so that the caps hold across reloads, and the offers bought or dismissed in the current
 * session. Opens are written with an atomic change (store.ts), so tabs never lose each other's.
 *
 * @module
 */
import type { MessageStatus } from '../records/index.js';
import type { CapsLedger, LedgerOpen } from './caps.js';
import { createIndexedDbKeyValueStore, createMemoryKeyValueStore, type KeyValueStore } from './store.js';
import type { Offer } from './types.js';

/** The opens of each player on this device, keyed `[player_slug]`. */
export type CapsStore = KeyValueStore<[playerSlug: string], readonly LedgerOpen[]>;

/** The caps ledger in IndexedDB database `dbName`. */
export const createIndexedDbCapsStore = (dbName: string): CapsStore => createIndexedDbKeyValueStore(dbName, 'opens');

/** The caps ledger in memory (no IndexedDB, or tests). */
export const createMemoryCapsStore = (): CapsStore => createMemoryKeyValueStore();

const DAY_MS = 86_400_000;
/** Opens kept per player: more than any day's cap is ever meant to be. */
const MAX_KEPT = 100;

/**
 * The opens the caps can still read at `now`: those of the last two days (a session ends at a new
 * UTC day), any later than `now` (a clock set back), and the last one, at most {@link MAX_KEPT}.
 */
export function pruneOpens(opens: readonly LedgerOpen[], now: number): LedgerOpen[] {
  const sorted = [...opens].sort((a, b) => a.at - b.at);
  const kept = sorted.filter((open, i) => open.at >= now - 2 * DAY_MS || i === sorted.length - 1);
  return kept.slice(-MAX_KEPT);
}

/** What the ledger reads: the device clock, the identified player and the current session. */
export interface CapsLedgerDeps {
  /** The device clock. */
  readonly now: () => number;
  readonly player: () => string | undefined;
  /** The current session (`startedAt` in Unix seconds); undefined between sessions. */
  readonly session?: () => { readonly id: string; readonly startedAt: number } | undefined;
}

/** The caps ledger of one engine: see the module's description. */
export type CapsLedgerKeeper = ReturnType<typeof createCapsLedger>;

export function createCapsLedger(deps: CapsLedgerDeps, store: CapsStore, fail: (error: unknown) => void) {
  let player: string | undefined;
  let opens: readonly LedgerOpen[] = [];
  let session = { id: '', bought: new Set<number>(), dismissed: new Set<number>() };
  /** The placement `showAt` is showing an offer at: its open is counted there. */
  let placing: { readonly offerId: number; readonly placement: string } | undefined;

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
  /** Adopts `stored` as the opens of `slug`, when it is still the identified player. */
  const adopt = (slug: string, stored: readonly LedgerOpen[] | undefined): void => {
    if (deps.player() !== slug) return;
    if (player !== slug) opens = [];
    player = slug;
    // What this page counted and the store does not have yet (a write under way) stays counted.
    const merged = new Map([...opens, ...(stored ?? [])].map((open) => [`${open.at}/${open.sessionId}/${open.placement ?? ''}`, open]));
    opens = pruneOpens([...merged.values()], deps.now());
  };

  return {
    /** Reads the identified player's opens from the store (what other tabs and earlier pages counted). */
    async load(): Promise<void> {
      const slug = deps.player();
      if (slug === undefined) return;
      try {
        adopt(slug, await store.get([slug]));
      } catch (error) {
        fail(error);
      }
    },
    /** The ledger as {@link pickOffer} reads it now. */
    snapshot(): CapsLedger {
      const { id, start } = current();
      const { bought, dismissed } = ofSession();
      return { opens: player === deps.player() ? opens : [], sessionId: id, sessionStart: start, boughtThisSession: bought, dismissedThisSession: dismissed };
    },
    /** `showAt` shows `offerId` at `placement` (undefined: done). */
    placing(next: typeof placing): void {
      placing = next;
    },
    /** A reaction was applied: an open counts against the caps, a purchase or a dismissal for the session. */
    reacted(offer: Offer, status: MessageStatus): void {
      if (status === 'interact') ofSession().bought.add(offer.offer_id);
      else if (status === 'dismiss') ofSession().dismissed.add(offer.offer_id);
      if (status !== 'open') return;
      const slug = offer.player_slug;
      const now = deps.now();
      const here = placing?.offerId === offer.offer_id ? placing.placement : undefined;
      const open: LedgerOpen = { at: now, sessionId: current().id, ...(here !== undefined && { placement: here }) };
      if (player !== slug) opens = [];
      player = slug;
      opens = pruneOpens([...opens, open], now);
      store.change([slug], (stored) => pruneOpens([...(stored ?? []), open], now)).then((stored) => adopt(slug, stored), fail);
    },
  };
}
