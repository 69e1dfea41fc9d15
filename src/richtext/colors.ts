/**
 * Color values of `<color=…>`: `#RRGGBB`, `#RRGGBBAA` (hex digits in either case) and Unity's
 * named colors, from the uGUI rich-text table (docs/markup.md).
 *
 * @module
 */

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
  if (typeof value !== 'string') return undefined;
  // ASCII only: with `i` and without `u`, no other code unit matches `[a-f]` or `[a-z]`
  // (toLowerCase would map the Kelvin sign to `k`, for one). Names are as long as `red` to `lightblue`.
  if (/^#[\da-f]{6}(?:[\da-f]{2})?$/i.test(value)) {
    const hex = value.toLowerCase();
    return value.length === 7 ? `${hex}ff` : hex;
  }
  return /^[a-z]{3,9}$/i.test(value) ? (opaqueNamed ??= new Map(namedColors('ff'))).get(value.toLowerCase()) : undefined;
}
