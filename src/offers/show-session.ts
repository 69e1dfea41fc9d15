/**
 * One offer on screen: the {@link OfferView} whose actions turn what the player does into the
 * engine's moves, and which closes by itself when the offer stops being usable (the player cannot
 * act on an expired offer). `closed` resolves with how it ended.
 *
 * @module
 */
import { MAX_TIMER_MS } from '../internal/index.js';
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

/**
 * A timer that calls `recheck` once `msLeft` (milliseconds; Infinity: never) have passed, at most
 * `MAX_TIMER_MS`: the offer is decided again then, since the service clock estimate may have moved.
 */
export function expiryTimer(msLeft: number, recheck: () => void): ReturnType<typeof setTimeout> | undefined {
  return msLeft === Infinity ? undefined : setTimeout(recheck, Math.min(Math.max(0, msLeft), MAX_TIMER_MS));
}

/**
 * Ends a showing: reports `outcome` through `session` if it was `opened` (closed before it was
 * open, there is nothing to move or report), then gives it to `resolve`, even when reporting threw.
 */
export function settle(
  session: ShowSession,
  opened: boolean,
  resolve: (outcome: OfferOutcome) => void,
  outcome: OfferOutcome,
  productId?: string,
): void {
  try {
    if (opened) session.onEnd(outcome, productId);
  } finally {
    resolve(outcome);
  }
}

/**
 * The view of one showing of an offer, and the function that decides again now whether it is still
 * usable (the timer fired, or a refresh changed the offer): one not yet opened ends too when it is
 * not (`expired`, nothing reported: a game holding it undrawn learns it is gone). Nothing is
 * reported until `open()`.
 */
export function createOfferView(session: ShowSession): [view: OfferView, recheck: () => void] {
  const { content } = session;
  const offerId = content.offerId;
  let opened = false;
  let done = false;
  let doNotShowAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolve!: (outcome: OfferOutcome) => void;
  const closed = new Promise<OfferOutcome>((r) => (resolve = r));
  const early: Array<() => void> = [];
  const end = (outcome: OfferOutcome, productId?: string): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    settle(session, opened, resolve, outcome, productId);
  };
  /** An ending called before `open()` (an adapter acting during `present`) happens once the offer is open. */
  const endWhenOpen = (outcome: () => OfferOutcome, productId?: string): void => {
    const action = (): void => end(outcome(), productId);
    if (opened) action();
    else early.push(action);
  };
  /** Decides again now whether the offer is still usable: see above. */
  const recheck = (): void => {
    if (done) return;
    clearTimeout(timer);
    if (!session.stillUsable()) end({ action: 'expired', offerId });
    else if (opened) timer = expiryTimer(session.msLeft(), recheck);
  };
  const view: OfferView = {
    ...content,
    closed,
    // Set by `offers.show()` around the adapter's `prepare` (images.ts).
    imageState: content.backgroundUrl === undefined && content.imageUrl === undefined ? 'none' : 'loading',
    open() {
      if (opened || done) return;
      // It stopped being usable while the game held it undrawn: it ends unopened (nothing reported).
      if (!session.stillUsable()) return end({ action: 'expired', offerId });
      opened = true;
      session.onOpened();
      timer = expiryTimer(session.msLeft(), recheck);
      for (const action of early.splice(0)) action();
    },
    dismiss: () => endWhenOpen(() => ({ action: 'dismiss', offerId, doNotShowAgain })),
    interact: (chosen) => {
      const [product, productId] = chosenProduct(content.products, chosen);
      endWhenOpen(() => ({ action: 'interact', offerId, product, doNotShowAgain }), productId);
    },
    setDoNotShowAgain: (value) => void (doNotShowAgain = value === true),
    close: () => end({ action: 'closed', offerId }),
  };
  return [view, recheck];
}
