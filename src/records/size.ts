/**
 * The size of a record as JSON, cheaply: exact UTF-8 bytes for strings (escapes included), the
 * decimal length of numbers. Measured on the `track` hot path, where `JSON.stringify` would cost
 * ten times more (bench/results.md).
 *
 * @module
 */

/** Largest record `track` accepts by default, in bytes of JSON. */
export const DEFAULT_MAX_RECORD_BYTES = 16_384;

/** Bytes of `JSON.stringify(value)` in UTF-8 (finite numbers), without building it; stops counting past `limit`. */
export function jsonBytes(value: unknown, limit = Infinity): number {
  if (typeof value === 'string') return jsonStringBytes(value) + 2;
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
    n += jsonStringBytes(key) + 4 + jsonBytes((value as Record<string, unknown>)[key], limit);
    if (n > limit) return n;
  }
  return Math.max(2, n);
}

/**
 * UTF-8 bytes of `s` inside a JSON string, as `JSON.stringify` escapes it: a quote, a backslash
 * and the short control escapes (newline, tab, …) take 2; other control characters and lone
 * surrogates take 6 (a `\u` escape).
 */
function jsonStringBytes(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) n += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
    else if (c === 0x22 || c === 0x5c) n += 1;
    else if (c < 0x80) continue;
    else if (c < 0x800) n += 1;
    else if (c < 0xd800 || c > 0xdfff) n += 2;
    else if (c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a surrogate pair: 4 bytes for its 2 code units
      i += 1;
    } else n += 5;
  }
  return n;
}
