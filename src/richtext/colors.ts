/**
 * Color values of `<color=…>`: `#RRGGBB`, `#RRGGBBAA` (hex digits in either case) and Unity's
 * named colors, from the uGUI rich-text table (docs/markup.md).
 *
 * @module
 */

/** uGUI's named colors (all fully opaque), as `#rrggbb`. Names are matched case-insensitively. */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  aqua: '#00ffff',
  black: '#000000',
  blue: '#0000ff',
  brown: '#a52a2a',
  cyan: '#00ffff',
  darkblue: '#0000a0',
  fuchsia: '#ff00ff',
  green: '#008000',
  grey: '#808080',
  lightblue: '#add8e6',
  lime: '#00ff00',
  magenta: '#ff00ff',
  maroon: '#800000',
  navy: '#000080',
  olive: '#808000',
  orange: '#ffa500',
  purple: '#800080',
  red: '#ff0000',
  silver: '#c0c0c0',
  teal: '#008080',
  white: '#ffffff',
  yellow: '#ffff00',
};

/** The named colors as `#rrggbbff`, in a map (no prototype keys such as `constructor`). */
const OPAQUE_NAMED = new Map(Object.entries(NAMED_COLORS).map(([name, hex]) => [name, `${hex}ff`]));
const SHORTEST_NAME = 3;
const LONGEST_NAME = 9;

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
  if (src.charCodeAt(from) === 0x23 /* # */) {
    if (length !== 7 && length !== 9) return undefined;
    for (let i = from + 1; i < to; i++) if (!isHexDigit(src.charCodeAt(i))) return undefined;
    const hex = src.slice(from, to).toLowerCase();
    return length === 7 ? `${hex}ff` : hex;
  }
  if (length < SHORTEST_NAME || length > LONGEST_NAME) return undefined;
  // ASCII letters only: toLowerCase would also map the Kelvin sign to `k`, for one.
  for (let i = from; i < to; i++) if (!isAsciiLetter(src.charCodeAt(i))) return undefined;
  return OPAQUE_NAMED.get(src.slice(from, to).toLowerCase());
}

function isAsciiLetter(c: number): boolean {
  return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}
