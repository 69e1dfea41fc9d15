/**
 * Compile-time checks of the `offerRules` option and `pickOffer`: the names of `placements`
 * type every other placement name (triggers, `pickOffer`'s placement), as kinds type `track`; a
 * trigger's kind is one of the 43 object names, and its `when` takes that kind's record.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, pickOffer, type CapsLedger, type OfferRules, type PickListing, type PickResult, type RecordOf } from '../../src/index.js';

const base = { baseUrl: 'https://x', clientKey: 'k', authMode: 'client' };
declare const listings: readonly PickListing[];
declare const ledger: CapsLedger;

describe('offerRules', () => {
  it('a trigger names a placement of the map', () => {
    createClient({
      ...base,
      offerRules: {
        placements: { 'stage-clear': { kinds: ['ai'] }, 'game-over': {} },
        triggers: [{ on: 'characters_stages', placement: 'stage-clear' }],
      },
    });
    createClient({
      ...base,
      offerRules: {
        placements: { 'stage-clear': {}, 'game-over': {} },
        // @ts-expect-error not a placement of the map (a typo must not pass)
        triggers: [{ on: 'characters_stages', placement: 'stage_clear' }],
      },
    });
  });

  it('without a map, a trigger names any placement', () => {
    createClient({ ...base, offerRules: { triggers: [{ on: 'players_login', placement: 'welcome' }] } });
  });

  it('a trigger is on one of the 43 object names, and when takes its record', () => {
    createClient({
      ...base,
      offerRules: {
        triggers: [
          {
            on: 'characters_stages',
            when: (record) => {
              expectTypeOf(record).toEqualTypeOf<Readonly<RecordOf<'characters_stages'>>>();
              return record.stage_result === 'clear';
            },
            placement: 'stage-clear',
          },
        ],
      },
    });
    // @ts-expect-error not an object name
    createClient({ ...base, offerRules: { triggers: [{ on: 'stage_clear', placement: 'x' }] } });
  });

  it('kinds are the two kinds of offer, and a placement takes no other key', () => {
    // @ts-expect-error not a kind of offer
    createClient({ ...base, offerRules: { placements: { shop: { kinds: ['ads'] } } } });
    // @ts-expect-error misspelled key
    createClient({ ...base, offerRules: { placements: { shop: { maxPerSesion: 1 } } } });
  });

  it('accept takes an offer and priority two listings', () => {
    createClient({
      ...base,
      offerRules: {
        placements: { shop: { accept: (offer) => offer.kind === 'ai' && offer.body.recommendations.length > 0 } },
        priority: (a, b) => Number(a.opened) - Number(b.opened) || a.usableUntil - b.usableUntil,
      },
    });
  });
});

describe('pickOffer', () => {
  const rules = { placements: { 'game-over': {}, 'stage-clear': { kinds: ['ai'] } } } as const satisfies OfferRules;

  it('takes only a placement of the map, given as const', () => {
    const result = pickOffer(listings, rules, ledger, 'game-over', 0);
    expectTypeOf(result).toEqualTypeOf<PickResult<'game-over' | 'stage-clear'>>();
    expectTypeOf(result.placement).toEqualTypeOf<'game-over' | 'stage-clear'>();
    // @ts-expect-error not a placement of the map
    pickOffer(listings, rules, ledger, 'gameover', 0);
  });

  it('takes any name without a map, or without rules', () => {
    pickOffer(listings, { maxPerDay: 2 }, ledger, 'anything', 0);
    pickOffer(listings, undefined, ledger, 'anything', 0);
  });

  it('says what it picked or why not', () => {
    const result = pickOffer(listings, undefined, ledger, 'x', 0);
    if (result.offer) expectTypeOf(result.skipped).toEqualTypeOf<undefined>();
    else expectTypeOf(result.skipped).toEqualTypeOf<'no-offer' | 'unknown-placement' | 'capped'>();
  });
});
