import { describe, expect, it } from 'vitest';
import { formatUtcDateTime, parseDateTime, toUnixSeconds } from '../../../src/internal/time.js';

describe('time formats', () => {
  const t = Date.UTC(2026, 0, 2, 3, 4, 5);

  it('formats YYYY-MM-DD HH:MM:SS in UTC', () => {
    expect(formatUtcDateTime(t)).toBe('2026-01-02 03:04:05');
  });

  it('parses the spec form (UTC), ISO 8601 with Z or offsets, and Unix seconds', () => {
    expect(parseDateTime('2026-01-02 03:04:05')).toBe(t);
    expect(parseDateTime('2026-01-02T03:04:05Z')).toBe(t);
    expect(parseDateTime('2026-01-02T12:04:05+09:00')).toBe(t);
    expect(parseDateTime('2026-01-02T03:04:05.250Z')).toBe(t + 250);
    expect(parseDateTime(t / 1000)).toBe(t);
  });

  it('rejects impossible dates and other text', () => {
    for (const bad of ['2024-02-30 00:00:00', '2026-13-01 00:00:00', 'tomorrow', '', null, NaN]) {
      expect(parseDateTime(bad)).toBeUndefined();
    }
  });

  it('round-trips and converts to whole seconds', () => {
    expect(parseDateTime(formatUtcDateTime(t))).toBe(t);
    expect(toUnixSeconds(t + 999)).toBe(t / 1000);
  });
});
