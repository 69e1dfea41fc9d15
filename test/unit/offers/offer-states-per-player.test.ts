import { describe, expect, it } from 'vitest';
import { EMPTY_STATE, type OfferLocalState } from '../../../src/offers/local-state.js';
import { statesOf, storeEntries } from '../../../src/offers/offer-states.js';

const opened = (opens: number): OfferLocalState => ({ ...EMPTY_STATE, opens });

describe('storeEntries (the seed of a move to memory)', () => {
  it('is nothing before a player is loaded', () => {
    expect(storeEntries(undefined, new Map([[1, opened(1)]]))).toEqual([]);
  });

  it('keys each saved state by [player, offer id]', () => {
    const saved = new Map([
      [7, opened(1)],
      [9, opened(2)],
    ]);
    expect(storeEntries('p1', saved)).toEqual([
      [['p1', 7], opened(1)],
      [['p1', 9], opened(2)],
    ]);
  });
});

describe('statesOf (a player among the stored states)', () => {
  it('keeps only the given player, by offer id', () => {
    const entries: Array<[[string, number], OfferLocalState]> = [
      [['p1', 7], opened(1)],
      [['p2', 7], opened(5)],
      [['p1', 9], opened(2)],
    ];
    expect([...statesOf(entries, 'p1')]).toEqual([
      [7, opened(1)],
      [9, opened(2)],
    ]);
  });

  it('is empty for a player with nothing stored', () => {
    expect(statesOf([[['p1', 7], opened(1)]], 'p3').size).toBe(0);
  });

  it('round-trips what storeEntries gives', () => {
    const saved = new Map([[3, opened(4)]]);
    expect(statesOf(storeEntries('p', saved), 'p')).toEqual(saved);
  });
});
