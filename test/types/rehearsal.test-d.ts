/**
 * Compile-time checks of `rehearseOffers`: the steps' names and fields are pinned, a `track`
 * step's kind is one of the 43 object names, and a decision narrows on its `outcome`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { rehearseOffers, type RehearsalDecision, type RehearsalStep, type RehearsalStepName, type SkipReason } from '../../src/index.js';

const input = { offers: [], playerSlug: 'p-1', platform: 'web' } as const;

describe('rehearseOffers', () => {
  it('takes the pinned steps and returns decisions', () => {
    const decisions = rehearseOffers({ ...input, script: [{ step: 'advance', ms: 1 }, { step: 'showAt', placement: 'x' }, { step: 'react', action: 'interact', purchase: { status: 'purchased' } }] });
    expectTypeOf(decisions).toEqualTypeOf<RehearsalDecision[]>();
    expectTypeOf<RehearsalStepName>().toEqualTypeOf<'advance' | 'track' | 'showAt' | 'gameplayStart' | 'gameplayStop' | 'hide' | 'show' | 'react' | 'newSession'>();
  });

  it('refuses an unknown step, a missing field, a kind that is not an object name', () => {
    // @ts-expect-error no such step
    rehearseOffers({ ...input, script: [{ step: 'jump' }] });
    // @ts-expect-error advance needs ms
    rehearseOffers({ ...input, script: [{ step: 'advance' }] });
    // @ts-expect-error not an object name
    const step: RehearsalStep = { step: 'track', kind: 'players_flying', record: {} };
    void step;
  });

  it('narrows a decision on its outcome', () => {
    const decision = {} as RehearsalDecision;
    if (decision.outcome === 'shown') expectTypeOf(decision.offerId).toEqualTypeOf<number>();
    else expectTypeOf(decision.reason).toEqualTypeOf<SkipReason>();
  });
});
