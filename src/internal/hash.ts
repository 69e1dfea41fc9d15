/**
 * A short, stable name for a string, for storage names (not for security).
 *
 * @module
 */

/** FNV-1a (32 bits) of `text`'s UTF-16 code units, in base 36 (at most 7 characters). */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
