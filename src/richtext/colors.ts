/**
 * Color values of `<color=…>`: `#RRGGBB`, `#RRGGBBAA` (hex digits in either case) and Unity's
 * named colors, from the uGUI rich-text table (docs/markup.md).
 *
 * @module
 */
import { HASH } from './codes.js';

/** uGUI's named colors, alphabetical, in one string for size: each name, then its `rrggbb`. */
const TABLE =
  'aqua00ffff black000000 blue0000ff browna52a2a cyan00ffff darkblue0000a0 fuchsiaff00ff green008000 ' +
  'grey808080 lightblueadd8e6 lime00ff00 magentaff00ff maroon800000 navy000080 olive808000 orangeffa500 ' +
  'purple800080 redff0000 silverc0c0c0 teal008080 whiteffffff yellowffff00';

/** {@link TABLE} as `[name, '#rrggbb' + suffix]` entries. */
function namedColors(suffix: string): [string, string][] {
  return TABLE.split(' ').map((entry) => [entry.slice(0, -6), `#${entry.slice(-6)}${suffix}`]);
}

/** uGUI's named colors (all fully opaque), as `#rrggbb`. Names are matched case-insensitively. */
export const NAMED_COLORS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ namedColors(''));

/** The named colors as `#rrggbbaa`, in a map (no prototype keys such as `constructor`); made at first use. */
let opaqueNamed: Map<string, string> | undefined;

/**
 * `#rrggbbaa` (lowercase) for a valid `<color=…>` value (`#RRGGBB`, `#RRGGBBAA` or a name of
 * {@link NAMED_COLORS}, any case, no quotes or blanks), else undefined. Never throws; O(length).
 */
export function parseColor(value: string): string | undefined {
  return typeof value === 'string' ? colorAt(value, 0, value.length) : undefined;
}

/** {@link parseColor} of `src.slice(from, to)`, without slicing unless the value is valid. */
export function colorAt(src: string, from: number, to: number): string | undefined {
  const length = to - from;
  if (src.charCodeAt(from) === HASH) {
    if (length !== 7 && length !== 9) return undefined;
    for (let i = from + 1; i < to; i++) {
      const c = src.charCodeAt(i);
      // `| 0x20` lowercases an ASCII letter and maps no other code unit onto one.
      if (!((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66))) return undefined;
    }
    const hex = src.slice(from, to).toLowerCase();
    return length === 7 ? `${hex}ff` : hex;
  }
  // As long as `red` to `lightblue`, ASCII letters only: toLowerCase would also map the Kelvin
  // sign to `k`, for one.
  if (length < 3 || length > 9) return undefined;
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) return undefined;
  }
  return (opaqueNamed ??= new Map(namedColors('ff'))).get(src.slice(from, to).toLowerCase());
}
