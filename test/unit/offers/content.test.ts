import { describe, expect, it } from 'vitest';
import { plainText } from '../../../src/richtext/index.js';
import { buildOfferContent } from '../../../src/offers/content.js';
import { priceText } from '../../../src/ui/format.js';
import { aiBody, personalizedBody } from '../../fixtures/spec-samples.js';
import { NOW, offerOf } from '../../support/views.js';

describe('buildOfferContent', () => {
  it('an AI offer: the language asked for, the message parsed into spans, the products on sale for the store', () => {
    const c = buildOfferContent(offerOf(aiBody), { languages: ['ko-KR', 'en'], store: 'ios', now: NOW });
    expect(c).toMatchObject({ kind: 'ai', language: 'ko', title: '할인', toggleLabel: '다시 보지 않기', backgroundUrl: 'https://cdn.example.com/bg.png', layout: undefined });
    expect(plainText(c.message)).toBe('황금 검을 지금!');
    expect(c.message.lines[0]![0]).toMatchObject({ text: '황금 검', color: '#ffd700ff' });
    expect(c.products).toEqual([
      {
        id: 'golden_sword',
        name: 'golden_sword',
        price: undefined,
        discountPrice: undefined,
        discountPercent: undefined,
        purchaseUrl: 'https://store.example.com/golden_sword',
        saleEndsAt: Date.UTC(2026, 1, 1),
      },
    ]);
  });

  it('an AI offer for a store it has no recommendation for has no products', () => {
    expect(buildOfferContent(offerOf(aiBody), { languages: ['en'], store: 'android', now: NOW }).products).toEqual([]);
  });

  it('a personalized offer: image, layout, price line with the discount as a percentage', () => {
    const c = buildOfferContent(offerOf(personalizedBody), { languages: ['fr'], store: 'web', now: NOW });
    expect(c).toMatchObject({ kind: 'personalized', language: 'en', title: 'For you', imageUrl: 'https://cdn.example.com/p.png', layout: 'h' });
    expect(c.message.lines).toEqual([[]]);
    expect(c.products[0]).toMatchObject({ price: 9900, discountPrice: 6930, discountPercent: 30, purchaseUrl: 'https://store.example.com/p' });
    expect(priceText(c.products[0]!, 'en-US')).toEqual({ was: '9,900', now: '6,930', discount: '-30%' });
  });

  it('a discount given as a percent stays one', () => {
    const c = buildOfferContent(offerOf({ ...personalizedBody, discount_rate: 15, discount_price: 8415 }), { languages: ['en'], store: 'web', now: NOW });
    expect(c.products[0]!.discountPercent).toBe(15);
    expect(priceText(c.products[0]!, 'en-US')).toEqual({ was: '9,900', now: '8,415', discount: '-15%' });
  });

  it('no strike-through and no badge when the price did not drop: a stated rate alone is no discount', () => {
    // Within the usability tolerance (5 points), so the offer is shown: the player pays the full price.
    const c = buildOfferContent(offerOf({ ...personalizedBody, price: 1000, discount_price: 1000, discount_rate: 0.05 }), { languages: ['en'], store: 'web', now: NOW });
    expect(c.products[0]!.discountPercent).toBeUndefined();
    expect(priceText(c.products[0]!, 'en-US')).toEqual({ was: undefined, now: '1,000', discount: undefined });
  });

  it('prices read alike, struck and to pay: two decimals unless whole (`4.5` → `4.50`); a discount keeps at most two', () => {
    const c = buildOfferContent(offerOf({ ...personalizedBody, price: 4.5, discount_price: 3.99, discount_rate: 0.1133 }), { languages: ['en'], store: 'web', now: NOW });
    expect(priceText(c.products[0]!, 'en-US')).toEqual({ was: '4.50', now: '3.99', discount: '-11.33%' });
    const whole = buildOfferContent(offerOf({ ...personalizedBody, price: 5, discount_price: 4.999 }), { languages: ['en'], store: 'web', now: NOW });
    expect(priceText(whole.products[0]!, 'en-US')).toMatchObject({ was: '5', now: '5.00' });
  });

  it('an offer keyed by region-tagged languages (`en-US`, `ko-KR`) is shown in the player’s language, else in English', () => {
    const tagged = (keys: string[]) => ({ ...aiBody, display_parameters: Object.fromEntries(keys.map((k) => [k, aiBody.display_parameters.en])) });
    expect(buildOfferContent(offerOf(tagged(['en-US', 'ko-KR'])), { languages: ['ko'], store: 'ios', now: NOW }).language).toBe('ko-KR');
    expect(buildOfferContent(offerOf(tagged(['ko-KR', 'en-US'])), { languages: ['fr'], store: 'ios', now: NOW }).language).toBe('en-US');
    expect(buildOfferContent(offerOf(tagged(['ko-KP', 'ko'])), { languages: ['ko'], store: 'ios', now: NOW }).language).toBe('ko'); // exact first
  });
});
