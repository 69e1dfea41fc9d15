/**
 * What a purchase made from an offer came to: the game's answer (`PurchaseResult`) and what the
 * SDK made of it (`OfferPurchase`, on the `interact` outcome of `offers.show()` and `showAt()`).
 *
 * @module
 */

/**
 * What the game's `purchase` handler (or `offers.settlePurchase()`) answers:
 *
 * - `purchased`: the player paid. One `characters_purchases` record is tracked; each field left
 *   out comes from the SDK's sources (docs/decisions.md, "Purchase records"): `quantity` (default
 *   1), `unitPrice` and `totalPrice` (finite numbers >= 0, in the currency's units: `4.99`
 *   dollars, `5500` won; one of them gives the other), `currencyCode` (ISO 4217, three letters,
 *   any case), `characterSlug` (instead of the `characterSlug` option);
 * - `cancelled`: the player closed the store without paying; nothing is tracked;
 * - `failed`: the payment failed (`reason`: the store's words, free text); nothing is tracked;
 * - `pending`: the payment ends later (a redirect, a widget that outlives the page): the attempt
 *   stays on the device, listed by `offers.purchases()` until `offers.settlePurchase()`.
 */
export type PurchaseResult =
  | {
      readonly status: 'purchased';
      readonly quantity?: number;
      readonly unitPrice?: number;
      readonly totalPrice?: number;
      readonly currencyCode?: string;
      readonly characterSlug?: string;
    }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason?: string }
  | { readonly status: 'pending' };

/**
 * What a purchase from an offer came to, as the SDK took it.
 *
 * `result` is the game's answer, checked: an answer that is not a {@link PurchaseResult} (not an
 * object, an unknown status, a negative price) is `{ status: 'failed', reason: 'bad-result' }`; a
 * handler that threw is `{ status: 'failed', reason: 'threw' }`. An attempt whose handler's signal
 * aborted (the page went, `shutdown()`, `show()`'s signal) is `pending`: its end is unknown.
 */
export interface OfferPurchase {
  readonly result: PurchaseResult;
  /**
   * One `characters_purchases` record was tracked. False for anything but `purchased`, and for a
   * `purchased` whose record could not be filled (a `warning` names the field) or that `track()`
   * refused (an `invalid` event).
   */
  readonly tracked: boolean;
  /** The attempt's id, for `offers.settlePurchase()`: set while it is `pending`. */
  readonly attemptId?: string;
}

/**
 * An attempt to buy from an offer whose end is not known yet (`pending`), kept on the device
 * across pages until `offers.settlePurchase()`.
 */
export interface PurchaseAttempt {
  /** The attempt's id, for `offers.settlePurchase()`. */
  readonly attemptId: string;
  /** The offer the player bought from. */
  readonly offerId: number;
  /** `purchasable_slug` (AI) or `product_id` (personalized) of the product, when it has one. */
  readonly productId: string | undefined;
  /** When the purchase handler was called, in milliseconds since the epoch (device time). */
  readonly startedAt: number;
}
