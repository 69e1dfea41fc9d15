/**
 * `purchase: true`: each Buy asks the engine once (`purchase:request`) and waits for its
 * `purchase.settle`; an attempt the SDK gave up on (its signal aborted) is never asked, nor
 * answered later.
 */
import { expect, it } from 'vitest';
import { createPurchaseAsks } from '../../../src/bridge/init.js';
import type { Offer } from '../../../src/index.js';

const offer = { offer_id: 3 } as Offer;
const product = { id: 'gems', name: 'Gems', price: 1, discountPrice: undefined, discountPercent: undefined, purchaseUrl: undefined, saleEndsAt: undefined };

it('asks once and resolves with the engine\'s answer; a second answer is refused', async () => {
  const posted: unknown[] = [];
  const asks = createPurchaseAsks((event, data) => posted.push({ event, data }));
  const answer = asks.handler({ offer, product, signal: new AbortController().signal });
  expect(posted).toEqual([{ event: 'purchase:request', data: { requestId: 'p1', offerId: 3, product } }]);
  expect(asks.settle('p1', { status: 'purchased' })).toBe(true);
  await expect(answer).resolves.toEqual({ status: 'purchased' });
  expect(asks.settle('p1', { status: 'purchased' })).toBe(false);
});

it('a signal aborted before the handler runs asks nothing: the attempt stays pending', async () => {
  const posted: unknown[] = [];
  const asks = createPurchaseAsks((event, data) => posted.push({ event, data }));
  const controller = new AbortController();
  controller.abort();
  await expect(asks.handler({ offer, product, signal: controller.signal })).resolves.toEqual({ status: 'pending' });
  expect(posted).toEqual([]);
});

it('a signal aborted while waiting: a late answer is refused', () => {
  const asks = createPurchaseAsks(() => undefined);
  const controller = new AbortController();
  void asks.handler({ offer, product, signal: controller.signal });
  controller.abort();
  expect(asks.settle('p1', { status: 'purchased' })).toBe(false);
});
