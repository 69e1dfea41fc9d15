import { describe, expect, it } from 'vitest';
import { decodeOffer } from '../../../src/offers/index.js';
import { buildOfferContent } from '../../../src/offers/content.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

describe('decodeOffer', () => {
  it('decodes an AI offer (offer_type ai) from the offer string', () => {
    const result = decodeOffer(offerRecord(1001, aiBody));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.offer.kind).toBe('ai');
    expect(result.offer.offer_id).toBe(1001);
    expect(result.offer.body).toEqual(aiBody);
    expect('offer' in result.offer).toBe(false);
  });

  it('decodes a personalized offer (no offer_type)', () => {
    const result = decodeOffer(offerRecord(1002, personalizedBody));
    expect(result.ok && result.offer.kind).toBe('personalized');
  });

  it('accepts the spec fields that may be null or missing for AI products', () => {
    const body = { ...aiBody, recommendations: [{ store: 'ios', product_list: [{ product_index: null, purchasable_slug: null }] }] };
    expect(decodeOffer(offerRecord(1, body)).ok).toBe(true);
  });

  it('takes a number as product_name, as it does for product_id (both "null or value" in the spec)', () => {
    const r = decodeOffer(offerRecord(2, { ...personalizedBody, product_id: 100, product_name: 100 }));
    expect(r.ok ? 'ok' : r.error.message).toBe('ok');
    if (r.ok) expect(buildOfferContent(r.offer, { languages: ['en'], store: 'web', now: 0 }).products[0]!.name).toBe('100');
  });

  const malformed: Array<[string, unknown, RegExp]> = [
    ['an offer string that is not JSON', offerRecord(7, '{not json'), /not JSON/],
    ['a javascript: URL', offerRecord(7, { ...personalizedBody, message: { en: { ...personalizedBody.message.en, url: 'javascript:alert(1)' } } }), /message\.en\.url must be an http\(s\) URL/],
    ['a data: image', offerRecord(7, { ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, background_url: 'data:image/png;base64,AAAA' } } }), /background_url/],
    ['no language at all', offerRecord(7, { ...aiBody, display_parameters: {} }), /display_parameters has no language/],
    ['a body of neither kind', offerRecord(7, { hello: 'world' }), /personalized offer body is malformed/],
    ['a record without offer_id', { ...offerRecord(7, aiBody), offer_id: 'seven' }, /record is malformed: offer_id/],
    // Its `interact` could not be reported: `message_detail` holds at most 1024 characters.
    ['a product_id too long to report', offerRecord(7, { ...personalizedBody, product_id: 'x'.repeat(1025) }), /product_id expected a string \(at most 1024 characters\) or a number/],
  ];
  it.each(malformed)('rejects %s with an OfferError naming the offer and the reason', (_, raw, reason) => {
    const result = decodeOffer(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.name).toBe('OfferError');
    expect(result.error.reason).toBe('malformed');
    expect(result.error.message).toMatch(reason);
  });

  it('never throws on random input', () => {
    for (const raw of [null, undefined, 42, 'x', [], {}, { offer: 5 }, offerRecord(1, 'null'), offerRecord(1, '[]')]) {
      expect(() => decodeOffer(raw)).not.toThrow();
      expect(decodeOffer(raw).ok).toBe(false);
    }
  });
});
