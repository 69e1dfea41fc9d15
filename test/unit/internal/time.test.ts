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

  it('rejects offsets that cannot be, and instants the spec form cannot write', () => {
    for (const bad of ['2026-01-02 03:04:05+99:99', '2026-01-02 03:04:05+24:00', '2026-01-02 03:04:05-01:60', '9999-12-31 23:59:59-00:01', '0000-01-01 00:00:00+00:01', 253_402_300_800]) {
      expect(parseDateTime(bad), String(bad)).toBeUndefined();
    }
    expect(parseDateTime('9999-12-31 23:59:59')).toBe(Date.UTC(9999, 11, 31, 23, 59, 59));
    expect(parseDateTime('2026-01-02 03:04:05-23:59')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) + (23 * 60 + 59) * 60_000);
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
