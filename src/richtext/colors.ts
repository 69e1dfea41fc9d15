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

const HEX = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#rrggbbaa` for a valid color value, or undefined (then the tag is shown as text). */
export function parseColor(value: string): string | undefined {
  const lower = value.toLowerCase();
  const hex = HEX.test(value) ? lower : Object.prototype.hasOwnProperty.call(NAMED_COLORS, lower) ? NAMED_COLORS[lower] : undefined;
  return hex && hex.length === 7 ? `${hex}ff` : hex;
}
