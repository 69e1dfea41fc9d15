/**
 * The offer states of the identified player, as this page sees them, and the one place where a
 * move is checked and applied.
 *
 * - The check is synchronous, against this page's state (state-machine.ts): two quick clicks
 *   cannot both pass, and a refused move throws an `OfferStateError` before anything happens.
 * - The move's effects are then written atomically to the store (local-state.ts), merged with
 *   what other tabs wrote: opens add up, the first open is the earliest, do-not-show-again
 *   sticks. `impress` is decided by the store: if another tab impressed the offer first, this
 *   one does not report it again (once per offer per player, ever).
 * - Offers this page has not moved yet take their state from the store (`restoredState`): an offer
 *   an earlier page left open is `closed`.
 *
 * @module
 */
import { OfferStateError, type StorageError } from '../errors/index.js';
import type { Clock } from '../internal/time.js';
import { EMPTY_STATE, type OfferLocalState, type OfferStateStore } from './local-state.js';
import { nextState, restoredState, type OfferMove, type OfferState } from './state-machine.js';
import { withMemoryFallback } from './store.js';

/**
 * Whether `s` is an impression decided at or before `before` and not reported. A page reports its
 * impression right after deciding it: one still pending a while later was left by a page that
 * died (a page that is only slow must not have it reported twice).
 */
export const isUnreported = (s: OfferLocalState, before: number): boolean => s.impressPending === true && s.impressedAt! <= before;

/** The offer states of the identified player: see the module's description. */
export type OfferStates = ReturnType<typeof createOfferStates>;

/** A change of one offer's state: the new state, or undefined to leave it as it is (a refused move). */
type Change = (current: OfferLocalState) => OfferLocalState | undefined;

/**
 * What `move` (to state `to`) writes, merged with what other tabs wrote: an `impress` only when no
 * impression was decided yet (else undefined: another tab made it first), marked pending since
 * `impressedAt` (device time); an `open` counts against `valid_open_count` and keeps the earliest
 * first open (`now`, service time); `hide` (do-not-show-again) hides the offer.
 */
export function moveChange(move: OfferMove, to: OfferState, now: number, impressedAt: number, hide: boolean): Change {
  return (s) =>
    move === 'impress'
      ? s.impressedAt === undefined
        ? { ...s, state: to, impressedAt, impressPending: true }
        : undefined
      : {
          ...s,
          state: to,
          ...(move === 'open' && { opens: s.opens + 1, firstOpenedAt: Math.min(s.firstOpenedAt ?? now, now) }),
          ...(hide && { hidden: true }),
        };
}

/** What this page knows of the loaded player's offer states. */
interface PageStates {
  /** The player whose states are loaded. */
  player: string | undefined;
  /** What the store holds for `player`, as last read or written. */
  saved: Map<number, OfferLocalState>;
  /** The state of offers this page moved: it wins over the stored one. */
  readonly moved: Map<number, OfferState>;
}

/** What `page` knows, as entries of the store: the seed of a move to memory. */
const knownEntries = (page: PageStates): Array<[[string, number], OfferLocalState]> =>
  page.player === undefined ? [] : [...page.saved].map(([offerId, local]) => [[page.player!, offerId], local]);

/** The state of offer `offerId` for this page. */
const stateOf = (page: PageStates, offerId: number): OfferState => page.moved.get(offerId) ?? restoredState(page.saved.get(offerId)?.state);

/** The state `move` leads to; throws an `OfferStateError` unless the table allows it now. */
function checkMove(page: PageStates, offerId: number, move: OfferMove): OfferState {
  const from = stateOf(page, offerId);
  const to = nextState(from, move);
  if (to === undefined) throw new OfferStateError(offerId, from, move);
  return to;
}

/**
 * Writes `change` to `store`, merged with what other tabs wrote; resolves with the new state, or
 * undefined when `change` refused.
 */
async function writeChange(
  page: PageStates,
  store: OfferStateStore,
  playerSlug: string,
  offerId: number,
  change: Change,
): Promise<OfferLocalState | undefined> {
  const result = await store.change([playerSlug, offerId], (current) => change(current ?? EMPTY_STATE));
  if (result !== undefined && page.player === playerSlug) page.saved.set(offerId, result);
  return result;
}

/** Reads the states of `playerSlug` from `store` into `page` (a new player starts with this page's moves forgotten). */
async function loadPlayer(page: PageStates, store: OfferStateStore, playerSlug: string): Promise<void> {
  const entries = await store.entries();
  if (page.player !== playerSlug) page.moved.clear();
  page.player = playerSlug;
  page.saved = new Map(entries.filter(([[p]]) => p === playerSlug).map(([[, offerId], local]) => [offerId, local]));
}

/**
 * Makes `move` on `page` at once, then writes it to `store` (see `OfferStates.apply`); the mark of
 * an impression is `device` time.
 */
function applyMove(
  page: PageStates,
  store: OfferStateStore,
  device: Clock,
  offerId: number,
  move: OfferMove,
  now: number,
  hide: boolean,
): { state: OfferState; written: Promise<boolean> } {
  const playerSlug = page.player;
  if (playerSlug === undefined) throw new OfferStateError(offerId, 'received', move);
  const to = checkMove(page, offerId, move);
  // One reading of the device clock for this page's copy and the stored one.
  const change = moveChange(move, to, now, device(), hide);
  page.moved.set(offerId, to);
  const current = page.saved.get(offerId) ?? EMPTY_STATE;
  page.saved.set(offerId, change(current) ?? current);
  return { state: to, written: writeChange(page, store, playerSlug, offerId, change).then((result) => result !== undefined) };
}

/**
 * The offer states in `stored`. When it fails they move to memory, carrying over what this page
 * knows (so nothing is impressed twice), and `onStorageError` hears of it. `device` is the device
 * clock: the time of an impression's mark, compared by other pages of the same device.
 */
export function createOfferStates(stored: OfferStateStore, onStorageError: (error: StorageError) => void, device: Clock) {
  const page: PageStates = { player: undefined, saved: new Map(), moved: new Map() };
  const store = withMemoryFallback(stored, 'offer-state', onStorageError, () => knownEntries(page));
  return {
    /** True once the states moved to memory: this page's own, no other tab sends their updates. */
    get inMemory() {
      return store.kind === 'memory';
    },
    /** The offer's state for this page. */
    state: (offerId: number): OfferState => stateOf(page, offerId),
    /** The state `move` leads to; throws an `OfferStateError` unless the table allows it now. */
    check: (offerId: number, move: OfferMove): OfferState => checkMove(page, offerId, move),
    /**
     * Writes a change that is not a move (the service confirmed the first open; an impression was
     * reported); resolves with the new state, or undefined when `change` refused.
     */
    update: (playerSlug: string, offerId: number, change: Change): Promise<OfferLocalState | undefined> => writeChange(page, store, playerSlug, offerId, change),

    /** Reads the player's states from the store (a new player starts with this page's moves forgotten). */
    load: (playerSlug: string): Promise<void> => loadPlayer(page, store, playerSlug),

    /** What the device remembers of an offer (for the usability verdict; its `state` is the stored one, see `state()`). */
    local: (offerId: number): OfferLocalState => page.saved.get(offerId) ?? EMPTY_STATE,

    /**
     * Makes `move`: checks it against this page's state and applies it (state and effects) at once,
     * synchronously, so a second call in the same task already sees it; then writes its effects to
     * the store, merged with what other tabs wrote. `written` resolves true when the store took it:
     * always, except an `impress` another tab made first (it must not be reported again).
     * `now` is service time, in milliseconds; `hide` (do-not-show-again) goes with a `dismiss`.
     *
     * @throws {OfferStateError} the table does not allow the move; nothing changed.
     */
    apply: (offerId: number, move: OfferMove, now: number, hide = false): { state: OfferState; written: Promise<boolean> } =>
      applyMove(page, store, device, offerId, move, now, hide),

    /**
     * Offers of the loaded player impressed at or before `before` (device time, ms) and still not
     * reported: by a page that died in between (see `impressPending`).
     */
    unreportedImpressions: (before: number): number[] => [...page.saved].filter(([, s]) => isUnreported(s, before)).map(([offerId]) => offerId),

    /** Every stored state, of every player: `[[player_slug, offer_id], state]`. */
    all: () => store.entries(),
  };
}
