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
import { OfferStateError, StorageError } from '../errors/index.js';
import { createMemoryOfferStateStore, EMPTY_STATE, type OfferLocalState, type OfferStateEntry, type OfferStateStore } from './local-state.js';
import { nextState, restoredState, type OfferMove, type OfferState } from './state-machine.js';

export class OfferStates {
  #store: OfferStateStore;
  readonly #onStorageError: (error: StorageError) => void;
  #player: string | undefined;
  /** What the store holds, as last read or written. */
  #saved = new Map<number, OfferLocalState>();
  /** The state of offers this page moved: it wins over the stored one. */
  readonly #moved = new Map<number, OfferState>();

  constructor(store: OfferStateStore, onStorageError: (error: StorageError) => void) {
    this.#store = store;
    this.#onStorageError = onStorageError;
  }

  /** The store in use (memory after an IndexedDB failure). */
  get store(): OfferStateStore {
    return this.#store;
  }

  /** Reads the player's states from the store (a new player starts with this page's moves forgotten). */
  async load(playerSlug: string): Promise<void> {
    let saved: Map<number, OfferLocalState>;
    try {
      saved = await this.#store.load(playerSlug);
    } catch (cause) {
      this.#fallBack(cause);
      saved = await this.#store.load(playerSlug);
    }
    if (this.#player !== playerSlug) this.#moved.clear();
    this.#player = playerSlug;
    this.#saved = saved;
  }

  /** What the device remembers of an offer (for the usability verdict). */
  local(offerId: number): OfferLocalState {
    const saved = this.#saved.get(offerId) ?? EMPTY_STATE;
    const state = this.state(offerId);
    return saved.state === state ? saved : { ...saved, state };
  }

  /** The offer's state for this page. */
  state(offerId: number): OfferState {
    return this.#moved.get(offerId) ?? restoredState(this.#saved.get(offerId)?.state);
  }

  /** Throws an `OfferStateError` unless the table allows `move` now. */
  check(offerId: number, move: OfferMove): OfferState {
    const from = this.state(offerId);
    const to = nextState(from, move);
    if (to === undefined) throw new OfferStateError(offerId, from, move);
    return to;
  }

  /**
   * Makes `move`: checks it against this page's state and applies it (state and effects) at once,
   * synchronously, so a second call in the same task already sees it; then writes its effects to
   * the store, merged with what other tabs wrote. `written` resolves true when the store took it:
   * always, except an `impress` another tab made first (it must not be reported again).
   * `now` is service time, in milliseconds.
   *
   * @throws {OfferStateError} the table does not allow the move; nothing changed.
   */
  apply(offerId: number, move: OfferMove, now: number, options: { hide?: boolean } = {}): { state: OfferState; written: Promise<boolean> } {
    const player = this.#player;
    if (player === undefined) throw new OfferStateError(offerId, 'received', move);
    const to = this.check(offerId, move);
    const change = (s: OfferLocalState): OfferLocalState | undefined => {
      if (move === 'impress') return s.impressedAt === undefined ? { ...s, state: to, impressedAt: now, impressPending: true } : undefined;
      const next: OfferLocalState = { ...s, state: to };
      if (move === 'open') return { ...next, opens: s.opens + 1, firstOpenedAt: Math.min(s.firstOpenedAt ?? now, now) };
      if (options.hide) return { ...next, hidden: true };
      return next;
    };
    this.#moved.set(offerId, to);
    this.#saved.set(offerId, change(this.#saved.get(offerId) ?? EMPTY_STATE) ?? this.#saved.get(offerId)!);
    const written = this.#write(player, offerId, change).then((result) => result !== undefined);
    return { state: to, written };
  }

  /** Writes a change that is not a move (the service confirmed the first open; an impression was reported). */
  async update(playerSlug: string, offerId: number, change: (s: OfferLocalState) => OfferLocalState | undefined): Promise<void> {
    await this.#write(playerSlug, offerId, change);
  }

  /** Offers of the loaded player impressed by a page that died before reporting it (see `impressPending`). */
  unreportedImpressions(): number[] {
    return [...this.#saved].filter(([, s]) => s.impressPending === true).map(([offerId]) => offerId);
  }

  async #write(playerSlug: string, offerId: number, change: (s: OfferLocalState) => OfferLocalState | undefined): Promise<OfferLocalState | undefined> {
    let result: OfferLocalState | undefined;
    try {
      result = await this.#store.change(playerSlug, offerId, change);
    } catch (cause) {
      this.#fallBack(cause);
      result = await this.#store.change(playerSlug, offerId, change);
    }
    if (result !== undefined && this.#player === playerSlug) this.#saved.set(offerId, result);
    return result;
  }

  /** Every stored state, of every player. */
  all(): Promise<OfferStateEntry[]> {
    return this.#store.all().catch((cause: unknown) => {
      this.#fallBack(cause);
      return this.#store.all();
    });
  }

  /** Moves to a memory store, carrying over what this page knows (so nothing is impressed twice). */
  #fallBack(cause: unknown): void {
    if (this.#store.kind === 'memory') throw new StorageError('offer-state', cause);
    this.#store = createMemoryOfferStateStore();
    if (this.#player !== undefined) for (const [offerId, local] of this.#saved) void this.#store.change(this.#player, offerId, () => local);
    this.#onStorageError(new StorageError('offer-state', cause));
  }
}
