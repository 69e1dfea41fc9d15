/**
 * The validity function, table-driven: every reason, and every boundary on both sides (the instant
 * of expiry, the last allowed open, sale start and end, null limits, each accepted time format).
 * The skewed-clock cases are in server-clock.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkUsability, decodeOffer, usableUntil, type Offer, type OfferLocalState, type ProductCheck, type UnusableReason } from '../../../src/offers/index.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

const NOW = Date.UTC(2026, 0, 1); // 2026-01-01 00:00:00 UTC
const SECOND = 1000;
const HOUR = 3_600_000;
const SALE_START = Date.UTC(2025, 11, 1); // aiBody's product: 2025-12-01 00:00:00 …
const SALE_END = Date.UTC(2026, 1, 1); // … to 2026-02-01 00:00:00

function offer(body: unknown, overrides: Record<string, unknown> = {}): Offer {
  const result = decodeOffer(offerRecord(1, body, overrides));
  if (!result.ok) throw result.error;
  return result.offer;
}

const twoProducts = {
  ...aiBody,
  recommendations: [
    {
      store: 'ios',
      product_list: [
        { purchasable_slug: 'owned_sword', product_index: '1', start_datetime: null, end_datetime: null },
        { purchasable_slug: 'new_shield', product_index: '2', start_datetime: null, end_datetime: null },
      ],
    },
  ],
};
const noSword = (p: ProductCheck): boolean => p.id !== 'owned_sword';
const nothing = (): boolean => false;

interface Row {
  readonly name: string;
  readonly offer: Offer;
  readonly expect: UnusableReason | 'usable';
  readonly local?: OfferLocalState;
  readonly now?: number;
  readonly store?: string;
  readonly canPurchase?: (p: ProductCheck) => boolean;
  readonly validForUnitMs?: number;
}

const rows: Row[] = [
  { name: 'an active AI offer with a product on sale for the store', offer: offer(aiBody), expect: 'usable' },
  { name: 'an active personalized offer with consistent prices', offer: offer(personalizedBody), expect: 'usable' },
  { name: "another player's offer", offer: offer(aiBody, { player_slug: 'p-2' }), expect: 'wrong-player' },
  { name: 'is_offer_active 0', offer: offer(aiBody, { is_offer_active: 0 }), expect: 'inactive' },
  { name: 'is_offer_active 2 (only 1 is active)', offer: offer(aiBody, { is_offer_active: 2 }), expect: 'inactive' },
  { name: 'an AI body whose own flag is false', offer: offer({ ...aiBody, is_offer_active: false }), expect: 'inactive' },
  { name: 'an AI body whose own flag is 0', offer: offer({ ...aiBody, is_offer_active: 0 }), expect: 'inactive' },
  { name: 'do-not-show-again ticked', offer: offer(aiBody), local: { opens: 1, hidden: true }, expect: 'hidden-by-player' },
  { name: 'inactive wins over hidden (checked first)', offer: offer(aiBody, { is_offer_active: 0 }), local: { opens: 1, hidden: true }, expect: 'inactive' },

  // valid_until, each accepted form, one second before and at the instant.
  ...(['2026-01-01 01:00:00', '2026-01-01T01:00:00Z', '2026-01-01T10:00:00+09:00', '2026-01-01T01:00:00.000Z', (NOW + HOUR) / 1000, String((NOW + HOUR) / 1000)] as const).flatMap(
    (until): Row[] => [
      { name: `valid_until ${JSON.stringify(until)}, a second before`, offer: offer(personalizedBody, { valid_until: until }), now: NOW + HOUR - SECOND, expect: 'usable' },
      { name: `valid_until ${JSON.stringify(until)}, at the instant`, offer: offer(personalizedBody, { valid_until: until }), now: NOW + HOUR, expect: 'expired' },
    ],
  ),
  { name: 'valid_until null: no limit', offer: offer(personalizedBody, { valid_until: null }), now: NOW + 1000 * HOUR, expect: 'usable' },

  // valid_for: from the first open (the service's, else this device's), never before.
  { name: 'valid_for, never opened: the period has not started', offer: offer(personalizedBody, { valid_for: 3600 }), local: { opens: 0 }, now: NOW + 100 * HOUR, expect: 'usable' },
  { name: 'valid_for, first open here, a second before the end', offer: offer(personalizedBody, { valid_for: 3600 }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW + HOUR - SECOND, expect: 'usable' },
  { name: 'valid_for, first open here, at the end', offer: offer(personalizedBody, { valid_for: 3600 }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW + HOUR, expect: 'expired' },
  { name: 'valid_for as a numeric string', offer: offer(personalizedBody, { valid_for: '3600' }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW + HOUR, expect: 'expired' },
  {
    name: "valid_for, the service's first_opened_at wins over this device's",
    offer: offer(personalizedBody, { valid_for: 3600, first_opened_at: '2026-01-01 00:30:00' }),
    local: { opens: 1, firstOpenedAt: NOW },
    now: NOW + HOUR,
    expect: 'usable',
  },
  { name: "valid_for, the service's first open, at its end", offer: offer(personalizedBody, { valid_for: 3600, first_opened_at: '2026-01-01 00:30:00' }), now: NOW + 1.5 * HOUR, expect: 'expired' },
  { name: 'valid_for in minutes (validForUnitMs 60000), before the end', offer: offer(personalizedBody, { valid_for: 60 }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW + HOUR - SECOND, validForUnitMs: 60_000, expect: 'usable' },
  { name: 'valid_for in minutes, at the end', offer: offer(personalizedBody, { valid_for: 60 }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW + HOUR, validForUnitMs: 60_000, expect: 'expired' },
  { name: 'valid_for 0: over at the first open', offer: offer(personalizedBody, { valid_for: 0 }), local: { opens: 1, firstOpenedAt: NOW }, now: NOW, expect: 'expired' },

  // valid_open_count: opens allowed, counted here.
  { name: 'valid_open_count 2, one open: the last allowed open is left', offer: offer(personalizedBody, { valid_open_count: 2 }), local: { opens: 1 }, expect: 'usable' },
  { name: 'valid_open_count 2, two opens', offer: offer(personalizedBody, { valid_open_count: 2 }), local: { opens: 2 }, expect: 'open-count-reached' },
  { name: 'valid_open_count 0: never', offer: offer(personalizedBody, { valid_open_count: 0 }), expect: 'open-count-reached' },
  { name: 'valid_open_count "3" (a numeric string), two opens', offer: offer(personalizedBody, { valid_open_count: '3' }), local: { opens: 2 }, expect: 'usable' },
  { name: 'valid_open_count null: no limit', offer: offer(personalizedBody, { valid_open_count: null }), local: { opens: 10_000 }, expect: 'usable' },
  { name: 'expired is decided before the open count', offer: offer(personalizedBody, { valid_until: '2025-01-01 00:00:00', valid_open_count: 0 }), expect: 'expired' },

  // AI sale window: start inclusive, end exclusive, nulls open-ended.
  { name: 'sale, a second before the start', offer: offer(aiBody), now: SALE_START - SECOND, expect: 'not-on-sale' },
  { name: 'sale, at the start', offer: offer(aiBody), now: SALE_START, expect: 'usable' },
  { name: 'sale, a second before the end', offer: offer(aiBody), now: SALE_END - SECOND, expect: 'usable' },
  { name: 'sale, at the end', offer: offer(aiBody), now: SALE_END, expect: 'not-on-sale' },
  { name: 'sale with null start and end: always', offer: offer(twoProducts), now: 0, expect: 'usable' },
  // Sale times in the forms of valid_until: Unix seconds as a number or a string of digits.
  ...([SALE_END / 1000, String(SALE_END / 1000)] as const).flatMap((end): Row[] => {
    const body = { ...aiBody, recommendations: [{ store: 'ios', product_list: [{ purchasable_slug: 'x', start_datetime: SALE_START / 1000, end_datetime: end }] }] };
    return [
      { name: `sale ending at Unix seconds ${JSON.stringify(end)}, a second before`, offer: offer(body), now: SALE_END - SECOND, expect: 'usable' },
      { name: `sale ending at Unix seconds ${JSON.stringify(end)}, at the end`, offer: offer(body), now: SALE_END, expect: 'not-on-sale' },
    ];
  }),
  { name: 'no recommendation for the store', offer: offer(aiBody), store: 'android', expect: 'no-store-for-platform' },
  { name: 'the store matches without regard to case', offer: offer(aiBody), store: 'IOS', expect: 'usable' },
  { name: 'canPurchase refuses one of two products', offer: offer(twoProducts), canPurchase: noSword, expect: 'usable' },
  { name: 'canPurchase refuses every product', offer: offer(twoProducts), canPurchase: nothing, expect: 'not-on-sale' },
  { name: "canPurchase refuses a personalized offer's product", offer: offer(personalizedBody), canPurchase: nothing, expect: 'not-on-sale' },

  // Malformed values never make an offer usable.
  { name: 'valid_until unreadable', offer: offer(personalizedBody, { valid_until: 'soon' }), expect: 'malformed' },
  { name: 'valid_until an impossible date', offer: offer(personalizedBody, { valid_until: '2026-02-30 00:00:00' }), expect: 'malformed' },
  { name: 'valid_for negative', offer: offer(personalizedBody, { valid_for: -1 }), expect: 'malformed' },
  { name: 'first_opened_at unreadable', offer: offer(personalizedBody, { valid_for: 60, first_opened_at: 'yesterday' }), expect: 'malformed' },
  { name: 'valid_open_count not a whole number', offer: offer(personalizedBody, { valid_open_count: 1.5 }), expect: 'malformed' },
  { name: 'valid_open_count a word', offer: offer(personalizedBody, { valid_open_count: 'two' }), expect: 'malformed' },
  {
    name: 'a sale time that is not a time',
    offer: offer({ ...aiBody, recommendations: [{ store: 'ios', product_list: [{ purchasable_slug: 'x', start_datetime: 'soon', end_datetime: null }] }] }),
    expect: 'malformed',
  },
  { name: 'a negative price', offer: offer({ ...personalizedBody, price: -1, discount_price: -1, discount_rate: 0 }), expect: 'malformed' },
  { name: 'a discount price above the price', offer: offer({ ...personalizedBody, discount_price: 9901, discount_rate: 0 }), expect: 'malformed' },
  { name: 'a rate the prices do not imply (0.3 stated, 0.5 implied)', offer: offer({ ...personalizedBody, discount_price: 4950 }), expect: 'malformed' },
  { name: 'a rate as a percentage (30 for 30 %)', offer: offer({ ...personalizedBody, discount_rate: 30 }), expect: 'usable' },
  { name: 'a rate over 100', offer: offer({ ...personalizedBody, discount_rate: 130 }), expect: 'malformed' },
  { name: 'a marketing price within the tolerance (9.99 → 6.99 at 33 %)', offer: offer({ ...personalizedBody, price: 9.99, discount_price: 6.99, discount_rate: 0.33 }), expect: 'usable' },
  { name: 'just outside the tolerance (6 points off)', offer: offer({ ...personalizedBody, price: 100, discount_price: 64, discount_rate: 0.3 }), expect: 'malformed' },
  { name: 'just inside the tolerance (5 points off)', offer: offer({ ...personalizedBody, price: 100, discount_price: 65, discount_rate: 0.3 }), expect: 'usable' },
  { name: 'a free product with no discount', offer: offer({ ...personalizedBody, price: 0, discount_price: 0, discount_rate: 0 }), expect: 'usable' },
];

describe('checkUsability', () => {
  it.each(rows)('$name: $expect', (row) => {
    const verdict = checkUsability(row.offer, {
      now: row.now ?? NOW,
      playerSlug: 'p-1',
      store: row.store ?? 'ios',
      local: row.local,
      canPurchase: row.canPurchase,
      validForUnitMs: row.validForUnitMs,
    });
    expect(verdict).toEqual(row.expect === 'usable' ? { usable: true } : { usable: false, reason: row.expect });
  });

  it('the tolerance is a setting', () => {
    const strict = offer({ ...personalizedBody, price: 9.99, discount_price: 6.99, discount_rate: 0.33 });
    expect(checkUsability(strict, { now: NOW, playerSlug: 'p-1', store: 'ios', local: undefined, discountTolerance: 0.01 }).reason).toBe('malformed');
  });

  it('reads nothing but its arguments: the same inputs give the same verdict', () => {
    const o = offer(personalizedBody, { valid_until: '2026-01-01 01:00:00' });
    const ctx = { now: NOW + HOUR, playerSlug: 'p-1', store: 'ios', local: undefined };
    expect(checkUsability(o, ctx)).toEqual(checkUsability(o, ctx));
    expect(checkUsability(o, { ...ctx, now: NOW }).usable).toBe(true);
  });
});

describe('usableUntil', () => {
  const ctx = (local?: OfferLocalState) => ({ now: NOW, playerSlug: 'p-1', store: 'ios', local });

  it('is the earliest end: valid_until, the valid_for period, the last sale end', () => {
    expect(usableUntil(offer(aiBody), ctx())).toBe(SALE_END);
    expect(usableUntil(offer(aiBody, { valid_until: '2026-01-01 01:00:00' }), ctx())).toBe(NOW + HOUR);
    expect(usableUntil(offer(aiBody, { valid_for: 60 }), ctx({ opens: 1, firstOpenedAt: NOW }))).toBe(NOW + 60 * SECOND);
  });

  it('is Infinity when nothing ends the offer', () => {
    expect(usableUntil(offer(personalizedBody), ctx())).toBe(Infinity);
    expect(usableUntil(offer(twoProducts), ctx())).toBe(Infinity);
  });
});
