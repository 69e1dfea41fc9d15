/**
 * What the player sees of a product: the game's `productInfo` gives AI products (a slug, no price)
 * their names and prices, the `currencyCode` option or `productInfo` gives prices a currency, and a
 * `productInfo` that throws or answers junk leaves that product as the offer carries it, with an
 * error. Checked on `buildOfferContent`, the content every adapter draws (happy-dom).
 */
import { describe, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions, type HeadlessAdapter } from '../../../src/index.js';
import { buildOfferContent, type ContentContext } from '../../../src/offers/content.js';
import type { ProductInfoSource } from '../../../src/offers/product-info.js';
import type { TpError } from '../../../src/errors/index.js';
import { priceText } from '../../../src/ui/format.js';
import { buyName } from '../../../src/ui/names.js';
import { DEFAULT_LABELS } from '../../../src/ui/labels.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';
import { NOW, offerOf, twoUnnamedProducts } from '../../support/views.js';

const CATALOG: Record<string, { name: string; price: number }> = { golden_sword: { name: 'Golden Sword', price: 4.99 } };

function build(body: unknown, ctx: Partial<ContentContext> = {}) {
  const errors: TpError[] = [];
  const content = buildOfferContent(offerOf(body), { languages: ['en'], store: 'ios', now: NOW, onError: (e) => void errors.push(e), ...ctx });
  return { content, product: content.products[0]!, errors };
}

/** The spec's AI product as it shows without `productInfo`. */
const AS_IT_CAME = { id: 'golden_sword', name: 'golden_sword', price: undefined, currencyCode: undefined, imageUrl: undefined };

describe('productInfo on an AI product', () => {
  it('gives the slug a name and a price, in the currency it names', () => {
    const asked: unknown[] = [];
    const productInfo: ProductInfoSource = (p) => {
      asked.push({ id: p.id, index: p.index, offerId: p.offer.offer_id });
      return { ...CATALOG[p.id!], currencyCode: 'USD', imageUrl: 'https://cdn.example.com/sword.png' };
    };
    const { product, errors } = build(aiBody, { productInfo });
    expect(asked).toEqual([{ id: 'golden_sword', index: '1', offerId: 1001 }]);
    expect(product).toMatchObject({ id: 'golden_sword', name: 'Golden Sword', price: 4.99, discountPrice: undefined, currencyCode: 'USD', imageUrl: 'https://cdn.example.com/sword.png' });
    expect(priceText(product, 'en-US')).toEqual({ was: undefined, now: '$4.99', discount: undefined });
    expect(buyName(product, DEFAULT_LABELS.en!)).toBe('Buy: Golden Sword, $4.99');
    expect(errors).toEqual([]);
  });

  it('a price without a currency of its own takes the `currencyCode` option; without either it is a bare number', () => {
    expect(priceText(build(aiBody, { productInfo: () => ({ price: 5500 }), currencyCode: 'krw' }).product, 'ko-KR')?.now).toBe('₩5,500');
    expect(priceText(build(aiBody, { productInfo: () => ({ price: 4.5 }) }).product, 'en-US')?.now).toBe('4.50');
  });

  it('its own currency wins over the option', () => {
    const { product } = build(aiBody, { productInfo: () => ({ price: 3, currencyCode: 'eur' }), currencyCode: 'USD' });
    expect(product.currencyCode).toBe('EUR');
    expect(priceText(product, 'en-US')?.now).toBe('€3.00');
  });

  it('undefined, null or an empty object: the product as it came, and no error', () => {
    for (const answer of [undefined, null, {}]) {
      const { product, errors } = build(aiBody, { productInfo: () => answer as never, currencyCode: 'USD' });
      expect(product).toMatchObject(AS_IT_CAME);
      expect(errors).toEqual([]);
    }
  });

  it('a product without a slug is asked by its index', () => {
    const { content } = build(twoUnnamedProducts, { productInfo: (p) => ({ name: `Chest ${p.index}` }) });
    expect(content.products.map((p) => p.name)).toEqual(['Chest 1', 'Chest 2']);
  });
});

describe('currencyCode on a personalized offer', () => {
  it('the service’s prices, struck and to pay, in the option’s currency', () => {
    const { product } = build(personalizedBody, { currencyCode: 'USD' });
    expect(product.currencyCode).toBe('USD');
    expect(priceText(product, 'en-US')).toEqual({ was: '$9,900.00', now: '$6,930.00', discount: '-30%' });
    expect(priceText(build(personalizedBody, { currencyCode: 'KRW' }).product, 'ko-KR')).toEqual({ was: '₩9,900', now: '₩6,930', discount: '-30%' });
  });

  it('productInfo names the product and its currency, never its prices (the personalized ones are the service’s)', () => {
    const body = { ...personalizedBody, product_id: 'gems_100', product_name: 'gems' };
    const { product } = build(body, { productInfo: (p) => (p.id === 'gems_100' ? { name: '100 Gems', price: 1, currencyCode: 'KRW' } : undefined) });
    expect(product).toMatchObject({ id: 'gems_100', name: '100 Gems', price: 9900, discountPrice: 6930, currencyCode: 'KRW' });
    expect(priceText(product, 'ko-KR')?.now).toBe('₩6,930');
  });

  it('without productInfo nor currencyCode, prices stay bare numbers', () => {
    const { product } = build(personalizedBody);
    expect(product.currencyCode).toBeUndefined();
    expect(priceText(product, 'en-US')).toEqual({ was: '9,900', now: '6,930', discount: '-30%' });
  });
});

describe('a productInfo that fails leaves the product as the offer carries it, with an error', () => {
  it('one that throws: an error naming the product and the offer, with what was thrown as its cause', () => {
    const thrown = new Error('catalog not loaded');
    const { product, errors } = build(aiBody, {
      productInfo: () => {
        throw thrown;
      },
      currencyCode: 'USD',
    });
    expect(product).toMatchObject(AS_IT_CAME);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'config', cause: thrown });
    expect(errors[0]!.message).toMatch(/productInfo of golden_sword in offer 1001: threw/);
  });

  it('one whose getter throws is one that throws', () => {
    const answer = Object.defineProperty({}, 'name', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    const { product, errors } = build(aiBody, { productInfo: () => answer });
    expect(product).toMatchObject(AS_IT_CAME);
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['a string', 'Golden Sword', /bad answer/],
    ['a number', 4.99, /bad answer/],
    ['an array', ['Golden Sword'], /bad answer/],
    ['a blank name', { name: '  ', price: 1 }, /name/],
    ['a name that is a number', { name: 7 }, /name/],
    ['a negative price', { name: 'Sword', price: -1 }, /price/],
    ['a price of NaN', { price: Number.NaN }, /price/],
    ['a price as text', { price: '4.99' }, /price/],
    ['an infinite price', { price: Infinity }, /price/],
    ['a currency of four letters', { price: 1, currencyCode: 'USDT' }, /currencyCode/],
    ['a currency as a symbol', { price: 1, currencyCode: '$' }, /currencyCode/],
    ['a javascript: image', { name: 'Sword', imageUrl: 'javascript:alert(1)' }, /imageUrl/],
    ['a relative image', { imageUrl: '/sword.png' }, /imageUrl/],
    ['a Promise (an async lookup)', Promise.resolve({ name: 'Sword' }), /Promise/],
  ])('%s: the whole product as it came, and an error', (_, answer, why) => {
    const { product, errors } = build(aiBody, { productInfo: () => answer as never, currencyCode: 'USD' });
    expect(product).toMatchObject(AS_IT_CAME);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(why);
  });

  it('a personalized product keeps the service’s name and the option’s currency', () => {
    const body = { ...personalizedBody, product_id: 'gems_100', product_name: 'gems' };
    const { product, errors } = build(body, { productInfo: () => ({ name: '', currencyCode: 'XX' }), currencyCode: 'USD' });
    expect(product).toMatchObject({ name: 'gems', price: 9900, currencyCode: 'USD', imageUrl: undefined });
    expect(errors).toHaveLength(1);
  });

  it('only the product that failed falls back: the others show the game’s names', () => {
    const productInfo: ProductInfoSource = (p) => {
      if (p.index === '1') throw new Error('no entry');
      return { name: `Chest ${p.index}` };
    };
    const { content, errors } = build(twoUnnamedProducts, { productInfo });
    expect(content.products.map((p) => p.name)).toEqual(['1', 'Chest 2']);
    expect(errors).toHaveLength(1);
  });

  it('without onError (a game calling buildOfferContent itself) nothing is thrown', () => {
    const c = buildOfferContent(offerOf(aiBody), {
      languages: ['en'],
      store: 'ios',
      now: NOW,
      productInfo: () => {
        throw new Error('x');
      },
    });
    expect(c.products[0]!.name).toBe('golden_sword');
  });
});

describe('through the client: the views every adapter draws', () => {
  const T0 = Date.UTC(2026, 0, 1, 12);

  /** A client on the iOS platform whose GET /offers answers the spec's AI offer (1) and personalized offer (2). */
  function client(options: Partial<ClientOptions>) {
    const base = memoryClientOptions(async () => okEnvelope([offerRecord(1, aiBody), offerRecord(2, personalizedBody)]));
    const tp = createClient({ ...base, platform: 'ios', now: () => T0, ...options });
    const errors: string[] = [];
    tp.on('error', (e) => void errors.push(e.message));
    return { tp, ui: base.ui as HeadlessAdapter, errors };
  }

  it('show() presents the game’s name and price, and the option’s currency on personalized prices', async () => {
    const { tp, ui, errors } = client({ productInfo: (p) => (p.id ? { ...CATALOG[p.id], currencyCode: 'USD' } : undefined), currencyCode: 'KRW' });
    await tp.offers.refresh();
    void tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current?.offerId).toBe(1));
    expect(ui.current!.products[0]).toMatchObject({ name: 'Golden Sword', price: 4.99, currencyCode: 'USD' });
    const view = await tp.offers.view(2);
    expect(view.products[0]).toMatchObject({ price: 9900, discountPrice: 6930, currencyCode: 'KRW' });
    expect(errors).toEqual([]);
    await tp.shutdown();
  });

  it('a productInfo that throws is an `error` event, the offer is shown with the slug, and nothing reaches the game', async () => {
    const { tp, errors } = client({
      productInfo: () => {
        throw new Error('catalog not loaded');
      },
    });
    await tp.offers.refresh();
    const view = await tp.offers.view(1);
    expect(view.products[0]!.name).toBe('golden_sword');
    expect(errors).toEqual([expect.stringMatching(/productInfo of golden_sword in offer 1: threw/)]);
    await tp.shutdown();
  });
});
