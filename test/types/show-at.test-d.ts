/**
 * Compile-time checks of `offers.showAt` and `offers.explain`: given a `placements` map inline,
 * its names type their argument (a typo is a compile error); without one, any string. A skip
 * narrows by `action`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type OfferOutcome, type OfferSkipped, type PlacementDecision, type SkipReason } from '../../src/index.js';

const base = { baseUrl: 'https://x', clientKey: 'k', authMode: 'client' } as const;

describe('showAt', () => {
  it('takes the names of the placements map', () => {
    const tp = createClient({ ...base, offerRules: { placements: { 'stage-clear': {}, 'game-over': {} } } });
    void tp.offers.showAt('game-over');
    // @ts-expect-error not a placement of the map
    void tp.offers.showAt('gameover');
    // @ts-expect-error not a placement of the map
    tp.offers.explain('stage_clear');
    expectTypeOf(tp.offers.explain('stage-clear')).toEqualTypeOf<PlacementDecision<'stage-clear' | 'game-over'>>();
  });

  it('takes any string without a map', () => {
    const tp = createClient({ ...base });
    void tp.offers.showAt('anything');
    expectTypeOf(tp.offers.showAt).parameter(0).toEqualTypeOf<string>();
  });

  it('resolves an outcome or a skip, told apart by action', async () => {
    const tp = createClient({ ...base });
    const result = await tp.offers.showAt('x');
    expectTypeOf(result).toEqualTypeOf<OfferOutcome | OfferSkipped<string>>();
    if (result.action === 'skipped') expectTypeOf(result.reason).toEqualTypeOf<SkipReason>();
  });
});
