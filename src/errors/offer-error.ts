import { TpError } from './tp-error.js';

/**
 * An offer cannot be used: the service sent a malformed one (emitted as an `error` event, the
 * offer is skipped), or `offers.show`/`offers.report` named an offer that is unknown or unusable
 * (the promise rejects).
 */
export class OfferError extends TpError {
  /** The offer's `offer_id`, when known. */
  readonly offerId: number | undefined;
  /** Short machine-readable reason, for example `malformed`, `unknown-offer`, `not-usable`, `busy`. */
  readonly reason: string;

  constructor(offerId: number | undefined, reason: string, message: string, options?: { cause?: unknown }) {
    super('offer', `Offer ${offerId ?? '(unknown id)'}: ${message}`, options);
    this.name = 'OfferError';
    this.offerId = offerId;
    this.reason = reason;
  }
}
