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
import type { Clock } from '../internal/index.js';
import { EMPTY_STATE, type OfferLocalState, type OfferStateStore } from './local-state.js';
import { nextState, restoredState, type OfferMove, type OfferState } from './state-machine.js';
import { withMemoryFallback } from './store.js';

/**
 * Whether `s` is an impression decided at or before `before` and not reported. A page reports its
 * impression right after deciding it: one still pending a while later was left by a page that
 * died (a page that is only slow must not have it reported twice).
 */
export const isUnreported = (s: OfferLocalState, before: number): boolean => s.impressPending === true && s.impressedAt! <= before;

/** A change of one offer's state: the new state, or undefined to leave it as it is (a refused move). */
type Change = (current: OfferLocalState) => OfferLocalState | undefined;

/** The offer states of the identified player: see the module's description. */
export interface OfferStates {
  /** True once the states moved to memory: this page's own, no other tab sends their updates. */
  readonly inMemory: boolean;
  /** The offer's state for this page. */
  state(offerId: number): OfferState;
  /** The state `move` leads to; throws an `OfferStateError` unless the table allows it now. */
  check(offerId: number, move: OfferMove): OfferState;
  /**
   * Writes a change that is not a move (the service confirmed the first open; an impression was
   * reported), merged with what other tabs wrote; resolves with the new state, or undefined when
   * `change` refused.
   */
  update(playerSlug: string, offerId: number, change: Change): Promise<OfferLocalState | undefined>;
  /** Reads the player's states from the store (a new player starts with this page's moves forgotten). */
  load(playerSlug: string): Promise<void>;
  /** What the device remembers of an offer (for the usability verdict; its `state` is the stored one, see `state()`). */
  local(offerId: number): OfferLocalState;
  /**
   * Makes `move`: checks it against this page's state and applies it (state and effects) at once,
   * synchronously, so a second call in the same task already sees it; then writes its effects to
   * the store, merged with what other tabs wrote. `written` resolves true when the store took it:
   * always, except an `impress` another tab made first (it must not be reported again).
   * `now` is service time, in milliseconds; `hide` (do-not-show-again) goes with a `dismiss`.
   *
   * @throws {OfferStateError} the table does not allow the move; nothing changed.
   */
  apply(offerId: number, move: OfferMove, now: number, hide?: boolean): { state: OfferState; written: Promise<boolean> };
  /**
   * Offers of the loaded player impressed at or before `before` (device time, ms) and still not
   * reported: by a page that died in between (see `impressPending`).
   */
  unreportedImpressions(before: number): number[];
  /** Every stored state, of every player: `[[player_slug, offer_id], state]`. */
  all(): Promise<Array<[[playerSlug: string, offerId: number], OfferLocalState]>>;
}

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

/** The states in `saved` (offer id → state) as entries of the store of `player`: the seed of a move to memory. */
export function storeEntries(player: string | undefined, saved: ReadonlyMap<number, OfferLocalState>): Array<[[string, number], OfferLocalState]> {
  return player === undefined ? [] : [...saved].map(([offerId, local]) => [[player, offerId], local]);
}

/** The states of `playerSlug` among store `entries`, by offer id. */
export function statesOf(entries: ReadonlyArray<[[string, number], OfferLocalState]>, playerSlug: string): Map<number, OfferLocalState> {
  return new Map(entries.filter(([[p]]) => p === playerSlug).map(([[, offerId], local]) => [offerId, local]));
}

/**
 * The offer states in `stored`. When it fails they move to memory, carrying over what this page
 * knows (so nothing is impressed twice), and `onStorageError` hears of it. `device` is the device
 * clock: the time of an impression's mark, compared by other pages of the same device.
 */
export function createOfferStates(stored: OfferStateStore, onStorageError: (error: StorageError) => void, device: Clock): OfferStates {
  let player: string | undefined;
  /** What the store holds for `player`, as last read or written. */
  let saved = new Map<number, OfferLocalState>();
  /** The state of offers this page moved: it wins over the stored one. */
  const moved = new Map<number, OfferState>();
  const store = withMemoryFallback(stored, 'offer-state', onStorageError, () => storeEntries(player, saved));
  const update = async (playerSlug: string, offerId: number, change: Change): Promise<OfferLocalState | undefined> => {
    const result = await store.change([playerSlug, offerId], (current) => change(current ?? EMPTY_STATE));
    if (result !== undefined && player === playerSlug) saved.set(offerId, result);
    return result;
  };
  const state = (offerId: number): OfferState => moved.get(offerId) ?? restoredState(saved.get(offerId)?.state);
  const check = (offerId: number, move: OfferMove): OfferState => {
    const from = state(offerId);
    const to = nextState(from, move);
    if (to === undefined) throw new OfferStateError(offerId, from, move);
    return to;
  };
  return {
    get inMemory() {
      return store.kind === 'memory';
    },
    state,
    check,
    update,
    async load(playerSlug) {
      const entries = await store.entries();
      if (player !== playerSlug) moved.clear();
      player = playerSlug;
      saved = statesOf(entries, playerSlug);
    },
    local: (offerId) => saved.get(offerId) ?? EMPTY_STATE,
    apply(offerId, move, now, hide = false) {
      const playerSlug = player;
      if (playerSlug === undefined) throw new OfferStateError(offerId, 'received', move);
      const to = check(offerId, move);
      // One reading of the device clock for this page's copy and the stored one.
      const change = moveChange(move, to, now, device(), hide);
      moved.set(offerId, to);
      const current = saved.get(offerId) ?? EMPTY_STATE;
      saved.set(offerId, change(current) ?? current);
      return { state: to, written: update(playerSlug, offerId, change).then((result) => result !== undefined) };
    },
    unreportedImpressions: (before) => [...saved].filter(([, s]) => isUnreported(s, before)).map(([offerId]) => offerId),
    all: () => store.entries(),
  };
}
