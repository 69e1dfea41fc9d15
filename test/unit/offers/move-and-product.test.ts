/**
 * Two pure pieces taken out of the offer states and the view session: what a move writes to an
 * offer's stored state (offer-states.ts `moveChange`), and which product `interact` was given
 * (show-session.ts `chosenProduct`).
 */
import { describe, expect, it } from 'vitest';
import type { OfferLocalState } from '../../../src/offers/index.js';
import { moveChange } from '../../../src/offers/offer-states.js';
import { chosenProduct } from '../../../src/offers/show-session.js';
import type { ProductView } from '../../../src/ui/index.js';

describe('moveChange', () => {
  const empty: OfferLocalState = { opens: 0 };

  it('impress: the first impression, marked pending at the device time given', () => {
    expect(moveChange('impress', 'impressed', 500, 123, false)(empty)).toEqual({ opens: 0, state: 'impressed', impressedAt: 123, impressPending: true });
  });

  it('impress: refused (undefined) when an impression was already decided, by any tab', () => {
    expect(moveChange('impress', 'impressed', 500, 123, false)({ opens: 0, impressedAt: 99 })).toBeUndefined();
  });

  it('open: counts, and keeps the earliest first open (service time)', () => {
    const open = moveChange('open', 'opened', 500, 123, false);
    expect(open(empty)).toEqual({ opens: 1, state: 'opened', firstOpenedAt: 500 });
    expect(open({ opens: 2, firstOpenedAt: 400 })).toEqual({ opens: 3, state: 'opened', firstOpenedAt: 400 });
    expect(open({ opens: 2, firstOpenedAt: 600 })).toEqual({ opens: 3, state: 'opened', firstOpenedAt: 500 });
  });

  it('dismiss and close: the state, hidden only with do-not-show-again, nothing else touched', () => {
    const before: OfferLocalState = { opens: 1, firstOpenedAt: 400, impressedAt: 1 };
    expect(moveChange('dismiss', 'dismissed', 500, 123, false)(before)).toEqual({ ...before, state: 'dismissed' });
    expect(moveChange('dismiss', 'dismissed', 500, 123, true)(before)).toEqual({ ...before, state: 'dismissed', hidden: true });
    expect(moveChange('close', 'closed', 500, 123, true)(before)).toEqual({ ...before, state: 'closed', hidden: true });
  });
});

describe('chosenProduct', () => {
  const product = (id: string | undefined): ProductView => ({ id, name: id ?? '?' }) as ProductView;
  const [a, b, noId] = [product('a'), product('b'), product(undefined)];
  const products = [a, b, noId];

  it('nothing (or null): the first product, no id given', () => {
    expect(chosenProduct(products, undefined)).toEqual([a, undefined]);
    expect(chosenProduct(products, null)).toEqual([a, undefined]);
  });

  it('a product: that one, by identity (even without an id); a copy picks none but its id is reported', () => {
    expect(chosenProduct(products, noId)[0]).toBe(noId);
    expect(chosenProduct(products, b)).toEqual([b, 'b']);
    const copy = { ...b };
    expect(chosenProduct(products, copy)[0]).toBeUndefined();
    expect(chosenProduct(products, copy)[1]).toBe('b');
  });

  it('an id: the product with that id, else none; the id is reported either way', () => {
    expect(chosenProduct(products, 'b')).toEqual([b, 'b']);
    expect(chosenProduct(products, 'zz')).toEqual([undefined, 'zz']);
  });
});
