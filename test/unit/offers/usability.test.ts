import { describe, expect, it } from 'vitest';
import { checkUsability, decodeOffer, type Offer, type OfferLocalState } from '../../../src/offers/index.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

const NOW = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

function offer(body: unknown, overrides: Record<string, unknown> = {}): Offer {
  const result = decodeOffer(offerRecord(1, body, overrides));
  if (!result.ok) throw result.error;
  return result.offer;
}

const verdict = (o: Offer, local?: OfferLocalState, now = NOW, store = 'ios') =>
  checkUsability(o, { now, playerSlug: 'p-1', store, local });

describe('checkUsability', () => {
  it('an active AI offer with a product on sale for the store is usable', () => {
    expect(verdict(offer(aiBody))).toEqual({ usable: true });
  });

  it('is_offer_active other than 1, or an inactive AI body, is inactive', () => {
    expect(verdict(offer(aiBody, { is_offer_active: 0 }))).toEqual({ usable: false, reason: 'inactive' });
    expect(verdict(offer({ ...aiBody, is_offer_active: false }))).toEqual({ usable: false, reason: 'inactive' });
  });

  it('another player’s offer is wrong-player', () => {
    expect(verdict(offer(aiBody, { player_slug: 'p-2' })).reason).toBe('wrong-player');
  });

  it('no recommendation for the store', () => {
    expect(verdict(offer(aiBody), undefined, NOW, 'android')).toEqual({ usable: false, reason: 'no-store-for-platform' });
  });

  it('sale window: start inclusive, end exclusive, nulls open', () => {
    const start = Date.UTC(2025, 11, 1);
    const end = Date.UTC(2026, 1, 1);
    expect(verdict(offer(aiBody), undefined, start).usable).toBe(true);
    expect(verdict(offer(aiBody), undefined, start - 1000).reason).toBe('not-on-sale');
    expect(verdict(offer(aiBody), undefined, end - 1000).usable).toBe(true);
    expect(verdict(offer(aiBody), undefined, end).reason).toBe('not-on-sale');
    const open = { ...aiBody, recommendations: [{ store: 'ios', product_list: [{ purchasable_slug: 'x', start_datetime: null, end_datetime: null }] }] };
    expect(verdict(offer(open), undefined, 0).usable).toBe(true);
  });

  it('valid_until in the spec form, ISO 8601 or Unix seconds: usable until that instant', () => {
    for (const until of ['2026-01-01 01:00:00', '2026-01-01T01:00:00Z', (NOW + HOUR) / 1000]) {
      const o = offer(personalizedBody, { valid_until: until });
      expect(verdict(o, undefined, NOW + HOUR - 1).usable).toBe(true);
      expect(verdict(o, undefined, NOW + HOUR).reason).toBe('expired');
    }
  });

  it('valid_for counts from the first open: the service’s, else the local one, never before', () => {
    const o = offer(personalizedBody, { valid_for: 3600 });
    expect(verdict(o, { opens: 0 }, NOW + 100 * HOUR).usable).toBe(true);
    expect(verdict(o, { opens: 1, firstOpenedAt: NOW }, NOW + HOUR - 1).usable).toBe(true);
    expect(verdict(o, { opens: 1, firstOpenedAt: NOW }, NOW + HOUR).reason).toBe('expired');
    const confirmed = offer(personalizedBody, { valid_for: 3600, first_opened_at: '2026-01-01 00:30:00' });
    expect(verdict(confirmed, { opens: 1, firstOpenedAt: NOW }, NOW + HOUR).usable).toBe(true);
    expect(verdict(confirmed, undefined, NOW + 1.5 * HOUR).reason).toBe('expired');
  });

  it('valid_open_count is the number of opens allowed', () => {
    const o = offer(personalizedBody, { valid_open_count: 2 });
    expect(verdict(o, { opens: 1 }).usable).toBe(true);
    expect(verdict(o, { opens: 2 }).reason).toBe('open-count-reached');
  });

  it('hidden by the player (do-not-show-again)', () => {
    expect(verdict(offer(aiBody), { opens: 1, hidden: true }).reason).toBe('hidden-by-player');
  });

  it('an unreadable limit is malformed, not usable', () => {
    expect(verdict(offer(personalizedBody, { valid_until: 'soon' })).reason).toBe('malformed');
    expect(verdict(offer(personalizedBody, { valid_open_count: 'two' })).reason).toBe('malformed');
  });
});
