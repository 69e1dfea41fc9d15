/**
 * `fitBudget`: a prefix of the queued records whose encoded body fits the keepalive budget (or the
 * relay's request size); with records of equal size, the longest one, checked against a search
 * over every prefix.
 */
import { describe, expect, it } from 'vitest';
import { buildLogsBody, encodeLogsBody, type Compression } from '../../../src/delivery/index.js';
import { fitBudget } from '../../../src/delivery/keepalive.js';
import type { QueueEntry } from '../../../src/queue/index.js';

/** `count` records of one name, each of the same JSON size (gzip shrinks them alike too). */
const equal = (count: number): QueueEntry[] =>
  Array.from({ length: count }, (_, i) => ({ objectName: 'players_login', record: { i: 1000 + i, note: 'x'.repeat(40) }, enqueuedAt: i }));

/** Records of mixed names and sizes. */
const mixed: QueueEntry[] = Array.from({ length: 80 }, (_, i) => ({
  objectName: i % 3 === 0 ? 'players_login' : 'players_offers',
  record: { i, note: `${i * 7919}`.repeat(1 + (i % 11)), pad: 'é'.repeat(i % 5) },
  enqueuedAt: i,
}));

const encode = (entries: readonly QueueEntry[], compression: Compression) => encodeLogsBody(buildLogsBody(entries), compression);

/** The longest prefix within `budget`, by trying each. */
function longestFitting(entries: readonly QueueEntry[], budget: number, compression: Compression): number {
  let best = 0;
  for (let n = 1; n <= entries.length; n++) if (encode(entries.slice(0, n), compression).bytes <= budget) best = n;
  return best;
}

describe('fitBudget', () => {
  it.each(['none', 'gzip'] as const)('with records of equal size, takes the longest prefix within the budget (%s)', (compression) => {
    const entries = equal(60);
    const bodies = [1, 2, 17, 59, 60].map((n) => encode(entries.slice(0, n), compression).bytes);
    for (const budget of [...bodies, ...bodies.map((b) => b + 1), 500, 1000, 2000]) {
      const expected = longestFitting(entries, budget, compression);
      expect(fitBudget(entries, budget, compression)?.count, `budget ${budget}`).toBe(expected || undefined);
    }
  });

  it.each(['none', 'gzip'] as const)('returns a prefix that fits, with its encoded body (%s)', (compression) => {
    for (const budget of [300, 700, 1500, 4000]) {
      const fit = fitBudget(mixed, budget, compression)!;
      expect(fit.count).toBeGreaterThan(0);
      expect(fit.encoded).toEqual(encode(mixed.slice(0, fit.count), compression));
      expect(fit.encoded.bytes).toBeLessThanOrEqual(budget);
    }
  });

  it('takes everything when it all fits', () => {
    expect(fitBudget(mixed, encode(mixed, 'none').bytes, 'none')?.count).toBe(80);
    expect(fitBudget(mixed, 1e9, 'gzip')?.count).toBe(80);
  });

  it('is undefined when not even the first record fits, or there is none', () => {
    expect(fitBudget(mixed, encode(mixed.slice(0, 1), 'none').bytes - 1, 'none')).toBeUndefined();
    expect(fitBudget(mixed, 0, 'gzip')).toBeUndefined();
    expect(fitBudget([], 1e9, 'gzip')).toBeUndefined();
  });
});
