/**
 * The queue's caps (src/queue/caps.ts): how far over them the stored records are, which of the
 * oldest records eviction takes, and the browser's quota failure.
 */
import { describe, expect, it } from 'vitest';
import { isQuotaError, overCaps, pickOldest } from '../../../src/queue/caps.js';
import { stored } from '../../support/queue-state.js';

describe('overCaps', () => {
  const count = (records: number, bytes: number, inFlight: Array<[string, number]> = []) => ({ stored: records, storedBytes: bytes, protected: new Map(inFlight) });

  it.each([
    ['within both caps', count(10, 100), 10, 100, [0, 0]],
    ['over the record cap', count(12, 100), 10, 1000, [2, -900]],
    ['over the byte cap', count(5, 150), 10, 100, [-5, 50]],
    ['records in flight are left out of both', count(12, 150, [['a', 30], ['b', 20]]), 10, 100, [0, 0]],
    ['no caps (Infinity) is never over', count(1e9, 1e12), Infinity, Infinity, [-Infinity, -Infinity]],
  ] as const)('%s', (_, q, maxRecords, maxBytes, over) => {
    expect(overCaps(q, maxRecords, maxBytes)).toEqual(over);
  });
});

describe('pickOldest', () => {
  const oldest = [stored(1, 10), stored(2, 20), stored(3, 30), stored(4, 40)];
  const none = new Set<string>();

  it('takes the oldest until enough records are dropped', () => {
    expect(pickOldest(oldest, none, [2, 0], 0, 0)).toEqual([[stored(1, 10), stored(2, 20)], 30]);
  });

  it('takes the oldest until enough bytes are freed', () => {
    expect(pickOldest(oldest, none, [0, 25], 0, 0)).toEqual([[stored(1, 10), stored(2, 20)], 30]);
  });

  it('needs both: records and bytes', () => {
    expect(pickOldest(oldest, none, [1, 50], 0, 0)[0].map((e) => e.record.n)).toEqual([1, 2, 3]);
  });

  it('passes over the records in flight', () => {
    expect(pickOldest(oldest, new Set([stored(1).key, stored(3).key]), [2, 0], 0, 0)).toEqual([[stored(2, 20), stored(4, 40)], 60]);
  });

  it('counts what earlier reads dropped and freed already', () => {
    expect(pickOldest(oldest, none, [3, 0], 2, 5)).toEqual([[stored(1, 10)], 15]);
    expect(pickOldest(oldest, none, [3, 40], 3, 40)).toEqual([[], 40]);
  });

  it('takes all it may when the read does not hold enough', () => {
    expect(pickOldest(oldest, new Set([stored(4).key]), [10, 0], 0, 0)[0]).toHaveLength(3);
  });

  it('an entry without bytes (an older version’s) frees none', () => {
    const { bytes: _, ...old } = stored(1);
    expect(pickOldest([old, stored(2, 20)], none, [0, 10], 0, 0)).toEqual([[old, stored(2, 20)], 20]);
  });
});

describe('isQuotaError', () => {
  it.each([
    [new DOMException('The quota has been exceeded.', 'QuotaExceededError'), true],
    [{ name: 'NS_ERROR_DOM_QUOTA_REACHED', code: 22 }, true],
    [new DOMException('connection lost', 'UnknownError'), false],
    [new Error('QuotaExceededError'), false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (error, quota) => {
    expect(isQuotaError(error)).toBe(quota);
  });
});
