import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../src/delivery/index.js';

describe('backoffDelay: exponential windows, full jitter, a cap', () => {
  it('doubles the window from 1 s up to the 5-minute cap', () => {
    const top = (attempt: number) => backoffDelay(attempt, DEFAULT_RETRY, () => 0.999_999);
    expect([0, 1, 2, 3, 8, 9, 10, 30].map(top)).toEqual([999, 1999, 3999, 7999, 255_999, 299_999, 299_999, 299_999]);
  });

  it('draws anywhere in the window, from 0', () => {
    expect(backoffDelay(5, DEFAULT_RETRY, () => 0)).toBe(0);
    expect(backoffDelay(5, DEFAULT_RETRY, () => 0.5)).toBe(16_000);
  });

  it('follows a custom base, factor and cap', () => {
    expect(backoffDelay(2, { baseMs: 100, factor: 3, capMs: 500 }, () => 0.5)).toBe(250);
  });

  it('never waits longer than setTimeout honours (a longer delay would fire at once)', () => {
    const month = { baseMs: 1000, factor: 2, capMs: 30 * 86_400_000 };
    expect(backoffDelay(40, month, () => 0.999_999)).toBeLessThanOrEqual(2_147_483_647);
    expect(backoffDelay(40, month, () => 0.999_999)).toBeGreaterThan(2_147_000_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
  });

  it('a date in the past is now; anything unreadable is ignored', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const bad of ['-1', '1.5', '', 'soon', ' 12 s', null, undefined]) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it('caps a very long wait at one hour', () => {
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
  });
});
