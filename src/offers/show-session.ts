/**
 * One offer on screen: the {@link OfferView} whose actions turn what the player does into the
 * engine's moves, and which closes by itself when the offer stops being usable (the player cannot
 * act on an expired offer). `closed` resolves with how it ended.
 *
 * @module
 */
import { MAX_TIMER_MS } from '../internal/time.js';
import type { OfferContent, OfferOutcome, OfferView, ProductView } from '../ui/index.js';

export interface ShowSession {
  readonly content: OfferContent;
  /** Milliseconds until the offer stops being usable (service time; Infinity: never), asked at each check. */
  readonly msLeft: () => number;
  /** Whether it is still usable now (asked at `open()`, when the expiry timer fires, and after each refresh). */
  readonly stillUsable: () => boolean;
  /** `open()` was called (report `open`). */
  readonly onOpened: () => void;
  /**
   * The offer ended, whichever way: report it, then remove what was drawn. `productId` is the id
   * `interact` was called with, or its product's id (the outcome's product is undefined when no
   * product has that id).
   */
  readonly onEnd: (outcome: OfferOutcome, productId?: string) => void;
}

/**
 * The product `interact` was given, and the id to report: a product by identity (it may have no
 * id; a copy or another view's product picks none), else by id (none may have it), else (nothing,
 * or null from a JavaScript game) the first.
 */
export function chosenProduct(
  products: readonly ProductView[],
  chosen: ProductView | string | null | undefined,
): [product: ProductView | undefined, productId: string | undefined] {
  const given = chosen ?? undefined;
  const product = typeof given === 'object' ? products.find((p) => p === given) : given === undefined ? products[0] : products.find((p) => p.id === given);
  return [product, typeof given === 'object' ? given.id : given];
}

/** One showing of an offer, as its view and its expiry timer share it. */
interface Showing {
  readonly session: ShowSession;
  /** `open()` was called and the offer was still usable then. */
  opened: boolean;
  /** It ended: nothing more happens. */
  done: boolean;
  doNotShowAgain: boolean;
  /** Fires when the offer may stop being usable. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Endings called before `open()`, run once it is open. */
  readonly early: Array<() => void>;
  /** Resolves the view's `closed`. */
  readonly resolve: (outcome: OfferOutcome) => void;
}

/** Ends the showing (once): reports `outcome` if it was opened, then resolves `closed` with it. */
function end(sh: Showing, outcome: OfferOutcome, productId?: string): void {
  if (sh.done) return;
  sh.done = true;
  clearTimeout(sh.timer);
  try {
    // Closed before it was open: there is nothing to move or report.
    if (sh.opened) sh.session.onEnd(outcome, productId);
  } finally {
    sh.resolve(outcome);
  }
}

/** An ending called before `open()` (an adapter acting during `present`) happens once the offer is open. */
function endWhenOpen(sh: Showing, outcome: () => OfferOutcome, productId?: string): void {
  const action = (): void => end(sh, outcome(), productId);
  if (sh.opened) action();
  else sh.early.push(action);
}

/** Sets the timer that checks the offer again when it may stop being usable (none for never). */
function watchExpiry(sh: Showing): void {
  const left = sh.session.msLeft();
  // Decided again when the timer fires: the service clock estimate may have moved.
  if (left !== Infinity) sh.timer = setTimeout(() => recheck(sh), Math.min(Math.max(0, left), MAX_TIMER_MS));
}

/**
 * Decides again now whether the offer is still usable (the timer fired, or a refresh changed the
 * offer). One not yet opened ends too when it is not (`expired`, nothing reported: a game holding
 * it undrawn learns it is gone).
 */
function recheck(sh: Showing): void {
  if (sh.done) return;
  clearTimeout(sh.timer);
  if (!sh.session.stillUsable()) end(sh, { action: 'expired', offerId: sh.session.content.offerId });
  else if (sh.opened) watchExpiry(sh);
}

/** The view's `open()`: reports the open, unless it stopped being usable, and runs the early endings. */
function openShowing(sh: Showing): void {
  if (sh.opened || sh.done) return;
  // It stopped being usable while the game held it undrawn: it ends unopened (nothing reported).
  if (!sh.session.stillUsable()) return end(sh, { action: 'expired', offerId: sh.session.content.offerId });
  sh.opened = true;
  sh.session.onOpened();
  watchExpiry(sh);
  for (const action of sh.early.splice(0)) action();
}

/**
 * The view of one showing of an offer, and the function that decides again now whether it is still
 * usable (after a refresh changed the offer: it closes `expired` when not). Nothing is reported
 * until `open()`.
 */
export function createOfferView(session: ShowSession): [view: OfferView, recheck: () => void] {
  const { content } = session;
  const offerId = content.offerId;
  let resolve!: (outcome: OfferOutcome) => void;
  const closed = new Promise<OfferOutcome>((r) => (resolve = r));
  const sh: Showing = { session, opened: false, done: false, doNotShowAgain: false, timer: undefined, early: [], resolve };
  const view: OfferView = {
    ...content,
    closed,
    open() {
      openShowing(sh);
    },
    dismiss: () => endWhenOpen(sh, () => ({ action: 'dismiss', offerId, doNotShowAgain: sh.doNotShowAgain })),
    interact: (chosen) => {
      const [product, productId] = chosenProduct(content.products, chosen);
      endWhenOpen(sh, () => ({ action: 'interact', offerId, product, doNotShowAgain: sh.doNotShowAgain }), productId);
    },
    setDoNotShowAgain: (value) => {
      sh.doNotShowAgain = value === true;
    },
    close: () => end(sh, { action: 'closed', offerId }),
  };
  return [view, () => recheck(sh)];
}
