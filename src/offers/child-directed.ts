/**
 * The offers of a child-directed client (`childDirected: true`): off, because purchase
 * offers aimed at children are not allowed on most kids' portals. Nothing is fetched, stored or
 * shown.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import type { OfferSkipped, OffersEngine } from './contract.js';
import type { SkipReason } from './events.js';

/** A placement skipped for `reason` before any decision: no candidates. */
export const skippedAs = <P extends string>(placement: P, reason: SkipReason): OfferSkipped<P> => ({ action: 'skipped', placement, reason, candidates: [] });

/**
 * An engine that opens no database and makes no request: `refresh()`, `show()`, `view()` and
 * `report()` reject with an `OfferError` of reason `child-directed`, `list()` is empty, and the
 * client's hooks do nothing.
 */
export function childDirectedOffers(): OffersEngine {
  const refuse = async (offerId?: number): Promise<never> => {
    throw new OfferError(offerId, 'child-directed', 'offers are off for a child-directed client');
  };
  const idle = (): void => undefined;
  return {
    api: {
      refresh: refuse,
      list: () => [],
      show: refuse,
      view: refuse,
      report: refuse,
      showAt: async (placement) => skippedAs(placement, 'child-directed'),
      explain: (placement) => skippedAs(placement, 'child-directed'),
      purchases: refuse,
      settlePurchase: () => refuse(),
    },
    observeAnswer: idle,
    tracked: idle,
    purchaseTracked: idle,
    kick: idle,
    identified: idle,
    stop: idle,
  };
}
