/**
 * Color values of `<color=…>`: `#RRGGBB`, `#RRGGBBAA` (hex digits in either case) and Unity's
 * named colors, from the uGUI rich-text table (docs/markup.md).
 *
 * @module
 */

/** uGUI's named colors, as `#rrggbbaa`. Names are matched case-insensitively. */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  aqua: '#00ffffff',
  black: '#000000ff',
  blue: '#0000ffff',
  brown: '#a52a2aff',
  cyan: '#00ffffff',
  darkblue: '#0000a0ff',
  fuchsia: '#ff00ffff',
  green: '#008000ff',
  grey: '#808080ff',
  lightblue: '#add8e6ff',
  lime: '#00ff00ff',
  magenta: '#ff00ffff',
  maroon: '#800000ff',
  navy: '#000080ff',
  olive: '#808000ff',
  orange: '#ffa500ff',
  purple: '#800080ff',
  red: '#ff0000ff',
  silver: '#c0c0c0ff',
  teal: '#008080ff',
  white: '#ffffffff',
  yellow: '#ffff00ff',
};

const HEX = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#rrggbbaa` for a valid color value, or undefined (then the tag is shown as text). */
export function parseColor(value: string): string | undefined {
  if (HEX.test(value)) {
    const lower = value.toLowerCase();
    return lower.length === 7 ? `${lower}ff` : lower;
  }
  return Object.prototype.hasOwnProperty.call(NAMED_COLORS, value.toLowerCase())
    ? NAMED_COLORS[value.toLowerCase()]
    : undefined;
}
