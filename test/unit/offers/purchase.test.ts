/**
 * Purchases from offers (the `purchase` option): which answers are `PurchaseResult`s, where each
 * field of the `characters_purchases` record comes from, and, through a client with the headless
 * adapter, the flow after Buy: the dialog gone before the handler runs, one record for
 * `purchased`, none for the rest, a `warning` naming a field nothing fills, `bad-result` and a
 * throw as `error` events, a handler that never settles holding the placement until its signal
 * aborts, pending attempts settled once, and the double-count warning (happy-dom).
 */
import { describe, expect, it, vi } from 'vitest';
import { createClient, OfferError, type ClientOptions, type HeadlessAdapter, type OfferOutcome, type PurchaseResult } from '../../../src/index.js';
import { purchaseRecord, readPurchaseResult } from '../../../src/offers/purchase-record.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

describe('readPurchaseResult', () => {
  it.each([
    [{ status: 'purchased' }, { status: 'purchased' }],
    [{ status: 'purchased', quantity: 2, unitPrice: 0, currencyCode: 'usd', characterSlug: 'c' }, { status: 'purchased', quantity: 2, unitPrice: 0, currencyCode: 'USD', characterSlug: 'c' }],
    [{ status: 'cancelled', extra: 1 }, { status: 'cancelled' }],
    [{ status: 'failed', reason: 'card declined' }, { status: 'failed', reason: 'card declined' }],
    [{ status: 'pending' }, { status: 'pending' }],
  ])('%j is %j', (answer, read) => expect(readPurchaseResult(answer)).toEqual(read));

  it.each([
    undefined,
    null,
    'purchased',
    [],
    { itemId: 'sword' },
    { status: 'done' },
    { status: 'purchased', unitPrice: -1 },
    { status: 'purchased', totalPrice: Number.NaN },
    { status: 'purchased', quantity: 0 },
    { status: 'purchased', currencyCode: 'dollars' },
    { status: 'purchased', characterSlug: ' ' },
    { status: 'failed', reason: 42 },
  ])('%j is not one', (answer) => expect(readPurchaseResult(answer)).toBeUndefined());
});

describe('purchaseRecord: each field from the result, else the product, else the option', () => {
  const fallback = { productId: 'golden_sword', unitPrice: 4.99, currencyCode: 'USD' };
  const make = (result: object, fb: object = fallback, character: string | null = 'hero') =>
    purchaseRecord({ status: 'purchased', ...result }, { ...fallback, ...fb }, 'p-1', character ?? undefined);

  it('the product’s price and currency, quantity 1, the option’s character', () => {
    expect(make({})).toEqual({
      player_slug: 'p-1',
      character_slug: 'hero',
      purchasable_slug: 'golden_sword',
      purchase_quantity: 1,
      purchase_unit_price: 4.99,
      purchase_total_price: 4.99,
      purchase_currency_code: 'USD',
    });
  });

  it('the result’s fields win; a total alone gives the unit price, a unit price the total', () => {
    expect(make({ quantity: 3, unitPrice: 4.99, currencyCode: 'EUR', characterSlug: 'mage' })).toMatchObject({
      purchase_quantity: 3,
      purchase_unit_price: 4.99,
      purchase_total_price: 14.97,
      purchase_currency_code: 'EUR',
      character_slug: 'mage',
    });
    expect(make({ quantity: 4, totalPrice: 10 })).toMatchObject({ purchase_unit_price: 2.5, purchase_total_price: 10 });
  });

  it.each([
    [{}, { productId: undefined }, 'hero', 'purchasable_slug'],
    [{}, { unitPrice: undefined }, 'hero', 'purchase_unit_price'],
    [{}, { currencyCode: undefined }, 'hero', 'purchase_currency_code'],
    [{}, {}, null, 'character_slug'],
  ])('%j with %j: missing %s', (result, fb, character, missing) => {
    expect(make(result, fb, character)).toEqual({ missing: expect.stringContaining(missing as string) });
  });
});

const T0 = Date.UTC(2026, 0, 1, 12);
const CATALOG = { golden_sword: { price: 4.99, currencyCode: 'USD' } } as const;

/** A client on iOS answering the spec's AI offer (1) and personalized offer (2), recording what it tracks. */
function client(options: Partial<ClientOptions>) {
  const base = memoryClientOptions(async () => okEnvelope([offerRecord(1, aiBody), offerRecord(2, { ...personalizedBody, product_id: 'gems_100' })]));
  const purchases: Record<string, unknown>[] = [];
  const tp = createClient({
    ...base,
    platform: 'ios',
    now: () => T0,
    characterSlug: 'hero',
    productInfo: (p) => (p.id === 'golden_sword' ? CATALOG.golden_sword : undefined),
    beforeSend: (kind, record) => void (kind === 'characters_purchases' && purchases.push({ ...record })),
    ...options,
  });
  const errors: string[] = [];
  const warnings: string[] = [];
  const events: unknown[] = [];
  tp.on('error', (e) => void errors.push(e.message));
  tp.on('warning', (e) => void warnings.push(e.message));
  tp.on('offer:purchase', (e) => void events.push(e));
  const ui = base.ui as HeadlessAdapter;
  /** Shows offer `id` and presses Buy once it is drawn. */
  const buy = async (id = 1, signal?: AbortSignal): Promise<OfferOutcome> => {
    await tp.offers.refresh();
    const shown = tp.offers.show(id, { signal });
    await vi.waitFor(() => expect(ui.current?.offerId).toBe(id));
    ui.current!.interact();
    return shown;
  };
  return { tp, ui, purchases, errors, warnings, events, buy };
}

describe('a Buy with the purchase option', () => {
  it('closes the dialog, then runs the handler; purchased tracks exactly one record from the catalog', async () => {
    let onScreen: unknown = 'not asked';
    const handler = vi.fn(async ({ product }: { product: { id: string | undefined } }) => {
      onScreen = c.ui.current;
      expect(product.id).toBe('golden_sword');
      return { status: 'purchased' } as const;
    });
    const c = client({ purchase: handler });
    const outcome = await c.buy();
    expect(onScreen).toBeUndefined();
    expect(c.ui.drawn.at(-1)).toEqual({ op: 'close', offerId: 1 });
    expect(outcome).toMatchObject({ action: 'interact', product: { id: 'golden_sword' }, purchase: { result: { status: 'purchased' }, tracked: true } });
    expect(c.purchases).toEqual([
      expect.objectContaining({ player_slug: 'p-1', character_slug: 'hero', purchasable_slug: 'golden_sword', purchase_quantity: 1, purchase_unit_price: 4.99, purchase_total_price: 4.99, purchase_currency_code: 'USD' }),
    ]);
    expect(c.events).toEqual([{ offerId: 1, productId: 'golden_sword', result: { status: 'purchased' }, tracked: true }]);
    expect(c.errors).toEqual([]);
    await c.tp.shutdown();
  });

  it('a dismissal frees the screen at once, as without the option: the next offer may be shown from it', async () => {
    const c = client({ purchase: async () => ({ status: 'cancelled' }) as const });
    await c.tp.offers.refresh();
    const first = c.tp.offers.show(1);
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    c.ui.current!.dismiss();
    const next = c.tp.offers.show(2);
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(2));
    c.ui.current!.dismiss();
    await expect(first).resolves.toMatchObject({ action: 'dismiss', offerId: 1 });
    await expect(next).resolves.toMatchObject({ action: 'dismiss', offerId: 2 });
    await c.tp.shutdown();
  });

  it('a personalized offer sells at its discount price, in the currencyCode option', async () => {
    const c = client({ purchase: async () => ({ status: 'purchased', characterSlug: 'mage' }), currencyCode: 'krw' });
    await c.buy(2);
    expect(c.purchases).toEqual([expect.objectContaining({ character_slug: 'mage', purchasable_slug: 'gems_100', purchase_unit_price: 6930, purchase_total_price: 6930, purchase_currency_code: 'KRW' })]);
    await c.tp.shutdown();
  });

  it('a field nothing fills: nothing tracked, one warning naming it, tracked false', async () => {
    const c = client({ purchase: async () => ({ status: 'purchased' }), productInfo: () => ({ price: 4.99 }) });
    const outcome = await c.buy();
    expect(outcome).toMatchObject({ purchase: { tracked: false } });
    expect(c.purchases).toEqual([]);
    expect(c.warnings).toEqual([expect.stringContaining('purchase_currency_code')]);
    await c.tp.shutdown();
  });

  it.each([['cancelled'], ['failed']] as const)('%s tracks nothing', async (status) => {
    const c = client({ purchase: async () => ({ status }) });
    expect(await c.buy()).toMatchObject({ purchase: { result: { status }, tracked: false } });
    expect(c.purchases).toEqual([]);
    expect(c.errors).toEqual([]);
    await c.tp.shutdown();
  });

  it.each([[undefined], ['ok'], [{ itemId: 'golden_sword' }], [{ status: 'paid' }], [{ status: 'purchased', unitPrice: -4.99 }]])(
    'an answer of %j is failed with reason bad-result, an error event, nothing tracked',
    async (answer) => {
      const c = client({ purchase: async () => answer as PurchaseResult });
      expect(await c.buy()).toMatchObject({ purchase: { result: { status: 'failed', reason: 'bad-result' }, tracked: false } });
      expect(c.purchases).toEqual([]);
      expect(c.errors).toEqual([expect.stringContaining('not a PurchaseResult')]);
      await c.tp.shutdown();
    },
  );

  it('a handler that throws: an error event, nothing tracked, never thrown into the game', async () => {
    const c = client({
      purchase: () => {
        throw new Error('store offline');
      },
    });
    expect(await c.buy()).toMatchObject({ purchase: { result: { status: 'failed', reason: 'threw' }, tracked: false } });
    expect(c.purchases).toEqual([]);
    expect(c.errors).toEqual([expect.stringContaining('threw')]);
    await c.tp.shutdown();
  });

  it('one that never settles keeps the placement busy until show()’s signal aborts; the attempt is then pending', async () => {
    let signal: AbortSignal | undefined;
    const c = client({ purchase: ({ signal: s }) => ((signal = s), new Promise<never>(() => undefined)) });
    const abort = new AbortController();
    const shown = c.buy(1, abort.signal);
    await vi.waitFor(() => expect(signal).toBeDefined());
    expect(await c.tp.offers.showAt('shop')).toMatchObject({ action: 'skipped', reason: 'busy' });
    await expect(c.tp.offers.show(2)).rejects.toMatchObject({ reason: 'busy' });
    abort.abort();
    const outcome = await shown;
    expect(signal!.aborted).toBe(true);
    expect(outcome).toMatchObject({ purchase: { result: { status: 'pending' }, tracked: false, attemptId: expect.any(String) } });
    const attempts = await c.tp.offers.purchases();
    expect(attempts).toEqual([{ attemptId: (outcome as { purchase: { attemptId: string } }).purchase.attemptId, offerId: 1, productId: 'golden_sword', startedAt: T0 }]);
    await c.tp.shutdown();
  });

  it('the page going (pagehide) aborts a running handler’s signal; the attempt stays pending', async () => {
    let signal: AbortSignal | undefined;
    const c = client({ purchase: ({ signal: s }) => ((signal = s), new Promise<never>(() => undefined)) });
    const shown = c.buy();
    await vi.waitFor(() => expect(signal).toBeDefined());
    dispatchEvent(new Event('pagehide'));
    expect(signal!.aborted).toBe(true);
    expect(await shown).toMatchObject({ purchase: { result: { status: 'pending' }, attemptId: expect.any(String) } });
    expect(await c.tp.offers.purchases()).toHaveLength(1);
    await c.tp.shutdown();
  });

  it('shutdown() aborts a running handler’s signal', async () => {
    let signal: AbortSignal | undefined;
    const c = client({ purchase: ({ signal: s }) => ((signal = s), new Promise<never>(() => undefined)) });
    const shown = c.buy();
    await vi.waitFor(() => expect(signal).toBeDefined());
    await c.tp.shutdown();
    expect(signal!.aborted).toBe(true);
    expect(await shown).toMatchObject({ purchase: { result: { status: 'pending' } } });
  });
});

describe('pending purchases', () => {
  it('are listed, settled once (one record), and a second settle or an unknown id is refused', async () => {
    const c = client({ purchase: async () => ({ status: 'pending' }) });
    const outcome = await c.buy();
    const { attemptId } = (outcome as { purchase: { attemptId: string } }).purchase;
    expect(c.purchases).toEqual([]);
    expect(await c.tp.offers.purchases()).toEqual([expect.objectContaining({ attemptId, offerId: 1 })]);
    expect(await c.tp.offers.settlePurchase(attemptId, { status: 'purchased', quantity: 2 })).toEqual({ result: { status: 'purchased', quantity: 2 }, tracked: true });
    expect(c.purchases).toEqual([expect.objectContaining({ purchase_quantity: 2, purchase_total_price: 9.98, purchase_currency_code: 'USD' })]);
    expect(await c.tp.offers.purchases()).toEqual([]);
    const again = c.tp.offers.settlePurchase(attemptId, { status: 'purchased' });
    await expect(again).rejects.toBeInstanceOf(OfferError);
    await expect(again).rejects.toMatchObject({ reason: 'unknown-purchase' });
    await expect(c.tp.offers.settlePurchase('nope', { status: 'cancelled' })).rejects.toMatchObject({ reason: 'unknown-purchase' });
    await expect(c.tp.offers.settlePurchase(attemptId, { status: 'bought' } as never)).rejects.toMatchObject({ name: 'ConfigError' });
    expect(c.purchases).toHaveLength(1);
    await c.tp.shutdown();
  });
});

describe('double counting', () => {
  it('the game tracking the same product within 60 s of the SDK’s record: one warning', async () => {
    const c = client({ purchase: async () => ({ status: 'purchased' }) });
    await c.buy();
    const own = { character_slug: 'hero', purchasable_slug: 'golden_sword', purchase_quantity: 1, purchase_unit_price: 4.99, purchase_total_price: 4.99, purchase_currency_code: 'USD' };
    c.tp.track('characters_purchases', own);
    c.tp.track('characters_purchases', { ...own, purchasable_slug: 'other' });
    expect(c.warnings).toEqual([expect.stringMatching(/golden_sword tracked by the game within 60 s.*counted twice/)]);
    await c.tp.shutdown();
  });

  it('the game’s record first, then the SDK’s: one warning too; none after 60 s', async () => {
    let now = T0;
    const c = client({ purchase: async () => ({ status: 'purchased' }), now: () => now });
    const own = { character_slug: 'hero', purchasable_slug: 'golden_sword', purchase_quantity: 1, purchase_unit_price: 4.99, purchase_total_price: 4.99, purchase_currency_code: 'USD' };
    c.tp.track('characters_purchases', own);
    await c.buy();
    expect(c.warnings).toEqual([expect.stringContaining('counted twice')]);
    now += 61_000;
    c.tp.track('characters_purchases', own);
    expect(c.warnings).toHaveLength(1);
    await c.tp.shutdown();
  });
});

describe('without the purchase option', () => {
  it('Buy is today’s: the outcome carries the product and no purchase, nothing tracked', async () => {
    const c = client({});
    const outcome = await c.buy();
    expect(outcome).toEqual({ action: 'interact', offerId: 1, product: expect.objectContaining({ id: 'golden_sword' }), doNotShowAgain: false });
    expect(c.purchases).toEqual([]);
    await c.tp.shutdown();
  });
});
