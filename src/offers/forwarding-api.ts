/**
 * `client.offers`: one object for the client's whole life, handing each call to the offer engine
 * of the moment, which comes and goes with consent and `forget()` (client/consented.ts).
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import { skippedAs } from './child-directed.js';
import type { OffersApi, OffersEngine } from './contract.js';

/**
 * The offers of the engine `engine()` returns; without one (consent not granted, data being
 * erased), each call rejects with an `OfferError` of reason `no-consent` (`shut-down` after
 * `shutdown()`), and `list()` is empty.
 */
export function forwardingOffersApi(engine: () => OffersEngine | undefined, shut: () => boolean): OffersApi {
  const refuse = async (offerId?: number): Promise<never> => {
    throw shut()
      ? new OfferError(offerId, 'shut-down', 'the client was shut down')
      : new OfferError(offerId, 'no-consent', 'offers need the player\'s consent (setConsent("granted"))');
  };
  return {
    refresh: () => engine()?.api.refresh() ?? refuse(),
    list: () => engine()?.api.list() ?? [],
    show: (offerId, options) => engine()?.api.show(offerId, options) ?? refuse(offerId),
    view: (offerId) => engine()?.api.view(offerId) ?? refuse(offerId),
    report: (offerId, status, detail) => engine()?.api.report(offerId, status, detail) ?? refuse(offerId),
    // Without consent a break shows nothing: skipped, never rejected (after shutdown(): rejected, as show()).
    showAt: (placement, options) => engine()?.api.showAt(placement, options) ?? (shut() ? refuse() : Promise.resolve(skippedAs(placement, 'no-consent'))),
    explain: (placement) => engine()?.api.explain(placement) ?? skippedAs(placement, 'no-consent'),
    purchases: () => engine()?.api.purchases() ?? refuse(),
    settlePurchase: (attemptId, result) => engine()?.api.settlePurchase(attemptId, result) ?? refuse(),
  };
}
