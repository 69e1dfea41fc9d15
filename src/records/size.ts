/**
 * The size of a record as JSON, cheaply: exact UTF-8 bytes for strings (escapes aside), the
 * decimal length of numbers. Measured on the `track` hot path, where `JSON.stringify` would cost
 * ten times more (bench/results.md).
 *
 * @module
 */

/** Largest record `track` accepts by default, in bytes of JSON. */
export const DEFAULT_MAX_RECORD_BYTES = 16_384;

/** Approximate JSON size of `value` in bytes; stops counting past `limit`. */
export function jsonBytes(value: unknown, limit = Infinity): number {
  if (typeof value === 'string') return utf8Length(value) + 2;
  if (typeof value === 'number') return String(value).length;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null || typeof value !== 'object') return 4;
  // Brackets, plus one comma between members: `[a,b]`, `{"k":v,"l":w}`.
  let n = 1;
  if (Array.isArray(value)) {
    for (const item of value) {
      n += jsonBytes(item, limit) + 1;
      if (n > limit) return n;
    }
    return Math.max(2, n);
  }
  for (const key of Object.keys(value)) {
    n += utf8Length(key) + 4 + jsonBytes((value as Record<string, unknown>)[key], limit);
    if (n > limit) return n;
  }
  return Math.max(2, n);
}

function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}
