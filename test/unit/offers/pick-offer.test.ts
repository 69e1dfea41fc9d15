/**
 * `pickOffer`, the decision of a placement, run over the table of pick-offer-rows.ts (each cap on
 * both sides, the session grace, placement filters, this session's purchases and dismissals, the
 * default order and `priority`, the UTC day boundary, a clock set back, `accept` and `priority`
 * that throw); then what a decision gives back besides: the errors thrown, and nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { pickOffer, type PickListing } from '../../../src/index.js';
import { ledger, listing, NOW, opened, PICK_ROWS } from './pick-offer-rows.js';

describe('pickOffer: the table', () => {
  it.each(PICK_ROWS.map((row) => [row.name, row] as const))('%s', (_, row) => {
    const result = pickOffer(row.listings, row.rules, row.ledger ?? ledger(), row.placement ?? 'game-over', row.now ?? NOW);
    expect(result.offer?.offer_id ?? result.skipped).toBe(row.expect);
    expect(result.cap).toBe(row.cap);
    expect(result.placement).toBe(row.placement ?? 'game-over');
    // Every listing, in the order given, with its reason (none for the one picked).
    expect(result.candidates.map((c) => c.offerId)).toEqual(row.listings.map((l) => l.offer.offer_id));
    expect(Object.fromEntries(result.candidates.map((c) => [c.offerId, c.reason]))).toEqual(row.reasons);
    expect(result.candidates.filter((c) => c.reason === undefined).map((c) => c.offerId)).toEqual(result.offer ? [result.offer.offer_id] : []);
  });
});

describe('pickOffer: besides the choice', () => {
  const both = [listing(1, 'ai'), listing(2, 'personalized')];

  it('what accept throws comes back with its offer, and nothing is thrown', () => {
    const boom = new Error('accept failed');
    const result = pickOffer(both, { placements: { p: { accept: (o) => (o.kind === 'ai' ? fail(boom) : true) } } }, ledger(), 'p', NOW);
    expect(result.offer?.offer_id).toBe(2);
    expect(result.errors).toEqual([{ offerId: 1, hook: 'accept', error: boom }]);
  });

  it('an async accept (a Promise) accepts nothing: a rule error for each offer it was asked about', () => {
    const result = pickOffer(both, { placements: { p: { accept: (async () => true) as never } } }, ledger(), 'p', NOW);
    expect(result.skipped).toBe('no-offer');
    expect(result.errors.map((e) => [e.offerId, e.hook])).toEqual([[1, 'accept'], [2, 'accept']]);
    expect(result.candidates.map((c) => c.reason)).toEqual(['rule-error', 'rule-error']);
  });

  it('what priority throws comes back with each offer it passed over', () => {
    const boom = new Error('priority failed');
    const result = pickOffer(both, { priority: () => fail(boom) }, ledger(), 'p', NOW);
    expect(result.skipped).toBe('no-offer');
    expect(result.errors).toEqual([
      { offerId: 1, hook: 'priority', error: boom },
      { offerId: 2, hook: 'priority', error: boom },
    ]);
  });

  it('accept is not asked about offers passed over before it, nor when the placement is unknown', () => {
    const asked: number[] = [];
    const accept = (o: PickListing['offer']): boolean => (asked.push(o.offer_id), true);
    const unusable = listing(3, 'ai', { verdict: { usable: false, reason: 'expired' } });
    pickOffer([...both, unusable], { placements: { p: { accept, kinds: ['ai'] } } }, ledger({ boughtThisSession: new Set([1]) }), 'p', NOW);
    pickOffer(both, { placements: { p: { accept } } }, ledger(), 'q' as 'p', NOW);
    expect(asked).toEqual([]);
  });

  it('changes neither the listings nor the ledger', () => {
    const listings = [listing(5, 'ai'), listing(3, 'ai')];
    const caps = ledger({ opens: [opened(10 * 60_000)] });
    const before = JSON.stringify([listings.map((l) => l.offer.offer_id), caps.opens]);
    pickOffer(listings, undefined, caps, 'p', NOW);
    expect(JSON.stringify([listings.map((l) => l.offer.offer_id), caps.opens])).toBe(before);
  });
});

function fail(error: Error): never {
  throw error;
}
