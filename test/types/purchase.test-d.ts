/**
 * Compile-time checks of the `purchase` option: the handler gets the offer, the product and a
 * signal, and answers a `PurchaseResult` (a status outside the four is a compile error); the
 * `interact` outcome carries `purchase`; `settlePurchase` takes a `PurchaseResult`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type Offer, type OfferPurchase, type ProductView, type PurchaseAttempt } from '../../src/index.js';

const base = { baseUrl: 'https://x', clientKey: 'k', authMode: 'client' } as const;

describe('purchase', () => {
  it('a handler of { offer, product, signal } answering a PurchaseResult', () => {
    createClient({
      ...base,
      characterSlug: 'knight',
      purchase: async ({ offer, product, signal }) => {
        expectTypeOf(offer).toEqualTypeOf<Offer>();
        expectTypeOf(product).toEqualTypeOf<ProductView>();
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
        return { status: 'purchased', unitPrice: 4.99, currencyCode: 'USD' };
      },
    });
    // @ts-expect-error not a status of PurchaseResult
    createClient({ ...base, purchase: async () => ({ status: 'paid' }) });
  });

  it('the interact outcome carries purchase; attempts are settled with a PurchaseResult', async () => {
    const tp = createClient({ ...base });
    const outcome = await tp.offers.show(1);
    if (outcome.action === 'interact') expectTypeOf(outcome.purchase).toEqualTypeOf<OfferPurchase | undefined>();
    expectTypeOf(await tp.offers.purchases()).toEqualTypeOf<PurchaseAttempt[]>();
    expectTypeOf(await tp.offers.settlePurchase('a', { status: 'cancelled' })).toEqualTypeOf<OfferPurchase>();
    // @ts-expect-error not a PurchaseResult
    void tp.offers.settlePurchase('a', { status: 'refunded' });
  });
});
