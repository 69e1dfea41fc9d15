/**
 * One offer on screen: draws it through the UI adapter, turns the player's actions into the
 * engine's moves, and closes it when it stops being usable (the player cannot act on an expired
 * offer). Resolves with how it ended.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import type { OfferView, ProductView, UiAdapter } from '../ui/types.js';

/** How a shown offer ended. */
export type OfferOutcome =
  | { readonly action: 'dismiss'; readonly offerId: number; readonly doNotShowAgain: boolean }
  | { readonly action: 'interact'; readonly offerId: number; readonly product: ProductView | undefined }
  /** It stopped being usable while on screen; the SDK closed it (`offer:expired`). */
  | { readonly action: 'expired'; readonly offerId: number };

export interface ShowSession {
  readonly ui: UiAdapter;
  readonly view: OfferView;
  /** Service time now, in milliseconds. */
  readonly now: () => number;
  /** When the offer stops being usable (service time, ms; Infinity: never), asked at each check. */
  readonly usableUntil: () => number;
  /** Whether it is still usable now (asked when the expiry timer fires). */
  readonly stillUsable: () => boolean;
  /** The offer is drawn (report `open`). Actions the adapter calls during `present` wait for it. */
  readonly onOpened: () => void;
  readonly onDismiss: (doNotShowAgain: boolean) => void;
  readonly onInteract: (product: ProductView | undefined, productId: string | undefined) => void;
  /** The SDK closed it: it stopped being usable. */
  readonly onExpired: () => void;
}

/** Longest `setTimeout` delay browsers honour, in milliseconds. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Presents the offer; resolves when the player closed it, took the next step (the SDK then closes
 * it: the game takes over), or it expired. Rejects with an `OfferError` (`ui-failed`) when the
 * adapter throws while presenting; nothing is reported then.
 */
export function runShowSession(session: ShowSession): Promise<OfferOutcome> {
  const { ui, view } = session;
  const offerId = view.offerId;
  return new Promise<OfferOutcome>((resolve, reject) => {
    let drawn = false;
    let done = false;
    let doNotShowAgain = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const early: Array<() => void> = [];
    /** An action the adapter calls before `present` returned runs once the offer counts as open. */
    const whenDrawn = (action: () => void): void => (drawn ? action() : void early.push(action));
    const end = (outcome: OfferOutcome, report: () => void): void => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      report();
      ui.close();
      resolve(outcome);
    };
    const watchExpiry = (): void => {
      const left = session.usableUntil() - session.now();
      if (left === Infinity) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          // Decided again when the timer fires: the service clock estimate may have moved.
          if (!session.stillUsable()) end({ action: 'expired', offerId }, session.onExpired);
          else watchExpiry();
        },
        Math.min(Math.max(0, left), MAX_TIMER_MS),
      );
    };
    try {
      ui.present(view, {
        dismiss: () => whenDrawn(() => end({ action: 'dismiss', offerId, doNotShowAgain }, () => session.onDismiss(doNotShowAgain))),
        interact: (productId) =>
          whenDrawn(() => {
            const product = view.products.find((p) => p.id === productId) ?? (productId === undefined ? view.products[0] : undefined);
            end({ action: 'interact', offerId, product }, () => session.onInteract(product, productId));
          }),
        setDoNotShowAgain: (value) => {
          doNotShowAgain = value === true;
        },
      });
    } catch (cause) {
      done = true;
      reject(new OfferError(offerId, 'ui-failed', 'the UI adapter failed to present the offer', { cause }));
      return;
    }
    drawn = true;
    session.onOpened();
    watchExpiry();
    for (const action of early.splice(0)) action();
  });
}
