/**
 * Errors about one offer: {@link OfferError} and {@link OfferStateError}.
 *
 * @module
 */
import { TpError } from './tp-error.js';

/**
 * Why an offer cannot be used:
 * - `malformed`: the service sent an offer that does not decode;
 * - `too-large`: the GET /offers answer was larger than `maxOffersBytes` (refused unread, the
 *   known offers kept);
 * - `unknown-offer`: the offer is not in the last refresh;
 * - `bad-offer-id`: the id is not a number;
 * - `not-usable`: the offer is inactive, expired or not on sale;
 * - `bad-status`: not a reaction the spec names;
 * - `bad-transition`: the offer's state does not allow the move ({@link OfferStateError});
 * - `busy`: another offer is on screen;
 * - `no-ui`: the client has no UI adapter;
 * - `ui-failed`: the adapter threw;
 * - `shut-down`: the client was shut down;
 * - `child-directed`: offers are off, the client was created with `childDirected: true`;
 * - `no-consent`: consent is `pending` or `denied` (`setConsent`), or the offer data is being erased (`forget()`);
 * - `unknown-purchase`: `offers.settlePurchase()` named no unsettled purchase attempt of the
 *   identified player on this device (settled already, or never started here).
 */
export type OfferErrorReason =
  | 'malformed'
  | 'too-large'
  | 'unknown-offer'
  | 'bad-offer-id'
  | 'not-usable'
  | 'bad-status'
  | 'bad-transition'
  | 'busy'
  | 'no-ui'
  | 'ui-failed'
  | 'shut-down'
  | 'child-directed'
  | 'no-consent'
  | 'unknown-purchase';

/**
 * An offer cannot be used ({@link OfferError.reason} says why).
 *
 * - The service sent a malformed one: emitted as an `error` event, the offer is skipped.
 * - The GET /offers answer was too large (`too-large`): `offers.refresh()` rejects with it.
 * - `offers.show` or `offers.report` named an offer that is unknown or unusable: the promise
 *   rejects with it.
 */
export class OfferError extends TpError {
  // The fields are `declare`d: the constructor assigns them (no class-field definition first).
  /** The offer's `offer_id`, when known. */
  declare readonly offerId: number | undefined;
  /** Why (see {@link OfferErrorReason}). */
  declare readonly reason: OfferErrorReason;

  constructor(offerId: number | undefined, reason: OfferErrorReason, message: string, options?: { cause?: unknown }) {
    super('offer', `Offer ${offerId ?? '(unknown id)'}: ${message}`, options);
    this.name = 'OfferError';
    this.offerId = offerId;
    this.reason = reason;
  }
}

/**
 * A reaction the offer's state does not allow (docs/decisions.md, "Offer states"): an `open` of an
 * offer already open, a `dismiss` of one never opened, a second `impress`. Nothing was reported.
 * Its `reason` is `bad-transition`.
 */
export class OfferStateError extends OfferError {
  /** The offer's state when the move was refused (`received`, `impressed`, `opened`, …). */
  declare readonly state: string;
  /** The refused move (`impress`, `open`, `dismiss`, `interact`, `close`). */
  declare readonly move: string;

  constructor(offerId: number, state: string, move: string) {
    super(offerId, 'bad-transition', `cannot ${move} an offer that is ${state}`);
    this.name = 'OfferStateError';
    this.state = state;
    this.move = move;
  }
}
