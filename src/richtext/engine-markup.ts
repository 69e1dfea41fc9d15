/**
 * {@link toEngineMarkup}: an offer message as the markup of a game engine's own text object
 * (Unity TextMeshPro, Godot 4 `RichTextLabel`, Construct 3's Text), or as plain spans. The message
 * is parsed with {@link parseRichText}; only the spans are written out, so no text of the message
 * can form a tag. docs/markup.md has the rules of each target.
 *
 * @module
 */
import { ConfigError } from '../errors/index.js';
import { parseRichText } from './parse.js';
import type { Line, Span } from './types.js';

/**
 * Where {@link toEngineMarkup}'s output goes:
 *
 * - `'tmp'`: Unity TextMeshPro (`<color>`, `<size>`, `<b>`, `<i>`; text inside `<noparse>`);
 * - `'bbcode-godot'`: Godot 4 `RichTextLabel` with `bbcode_enabled` (`[color]`, `[font_size]`,
 *   `[b]`, `[i]`; brackets as `[lb]` and `[rb]`);
 * - `'bbcode-construct'`: Construct 3's Text object with BBCode on (`[color]`, `[size]`, `[b]`,
 *   `[i]`; brackets become the fullwidth `［` and `］`, Construct having no escape);
 * - `'spans'`: no markup, the lines of spans (one text object per span: Cocos Creator, whose
 *   `RichText` has no escape, and engines without markup).
 */
export type EngineMarkupTarget = 'tmp' | 'bbcode-godot' | 'bbcode-construct' | 'spans';

/** The targets {@link toEngineMarkup} accepts, in the order of {@link EngineMarkupTarget}. */
export const ENGINE_MARKUP_TARGETS: readonly EngineMarkupTarget[] = Object.freeze(['tmp', 'bbcode-godot', 'bbcode-construct', 'spans']);

/** The tags of one markup: the style of a span wrapped around its escaped text. */
interface Markup {
  readonly color: (hex: string) => string;
  readonly size: (px: number) => string;
  readonly bold: readonly [string, string];
  readonly italic: readonly [string, string];
  readonly colorEnd: string;
  readonly sizeEnd: string;
  readonly text: (text: string) => string;
}

/** `#rrggbbaa` as `#rrggbb` when opaque, else unchanged. */
const hexOf = (color: string): string => (color.endsWith('ff') ? color.slice(0, 7) : color);

/**
 * TextMeshPro ends `<noparse>` at the first `</noparse>`, in any case: the `<` of each one in the
 * text closes the block and a new block holds the rest, so `a</noparse>b` is written
 * `<noparse>a<</noparse><noparse>/noparse>b</noparse>` (a `<` right before a tag's `<` is text).
 */
const NOPARSE_END = /<(?=\/noparse>)/gi;

const TMP: Markup = {
  color: (c) => `<color=${hexOf(c)}>`,
  size: (px) => `<size=${px}>`,
  bold: ['<b>', '</b>'],
  italic: ['<i>', '</i>'],
  colorEnd: '</color>',
  sizeEnd: '</size>',
  text: (text) => `<noparse>${text.replace(NOPARSE_END, '<</noparse><noparse>')}</noparse>`,
};

const GODOT: Markup = {
  color: (c) => `[color=${hexOf(c)}]`,
  size: (px) => `[font_size=${px}]`,
  bold: ['[b]', '[/b]'],
  italic: ['[i]', '[/i]'],
  colorEnd: '[/color]',
  sizeEnd: '[/font_size]',
  text: (text) => text.replace(/[[\]]/g, (c) => (c === '[' ? '[lb]' : '[rb]')),
};

const CONSTRUCT: Markup = {
  // Construct's BBCode colors are `#rrggbb`: the alpha is dropped.
  color: (c) => `[color=${c.slice(0, 7)}]`,
  size: (px) => `[size=${px}]`,
  bold: ['[b]', '[/b]'],
  italic: ['[i]', '[/i]'],
  colorEnd: '[/color]',
  sizeEnd: '[/size]',
  text: (text) => text.replace(/[[\]]/g, (c) => (c === '[' ? '\uff3b' : '\uff3d')),
};

const MARKUPS: Readonly<Record<Exclude<EngineMarkupTarget, 'spans'>, Markup>> = {
  tmp: TMP,
  'bbcode-godot': GODOT,
  'bbcode-construct': CONSTRUCT,
};

/** One span in `markup`: color outermost, then size, bold, italic, the text; closed in reverse. */
function writeSpan(markup: Markup, span: Span): string {
  let open = '';
  let close = '';
  if (span.color !== undefined) [open, close] = [markup.color(span.color), markup.colorEnd];
  if (span.size !== undefined) [open, close] = [open + markup.size(span.size), markup.sizeEnd + close];
  if (span.bold) [open, close] = [open + markup.bold[0], markup.bold[1] + close];
  if (span.italic) [open, close] = [open + markup.italic[0], markup.italic[1] + close];
  return open + markup.text(span.text) + close;
}

/**
 * The lines of spans of `richText`, for a game that makes one text object per span: the same as
 * `parseRichText(richText).lines`.
 *
 * @throws {ConfigError} `richText` is not a string (`option` is `richText`).
 */
export function toEngineMarkup(richText: string, target: 'spans'): readonly Line[];
/**
 * `richText` (Unity-style rich text, docs/markup.md) as the markup of `target`'s text object: each
 * span wrapped in its own tags (color, then size, bold, italic), lines joined with `\n`. The only
 * tags written are color, size, bold and italic (plus `<noparse>` for `'tmp'`); the message's text,
 * tags shown as text included, is escaped so that it never forms a tag. Colors are written `#rrggbb`
 * when opaque, `#rrggbbaa` otherwise (`'bbcode-construct'`: always `#rrggbb`); sizes are the
 * message's pixels, unclamped (1 to 1000). Pure; linear in the length of `richText`.
 *
 * @throws {ConfigError} `richText` is not a string (`option` is `richText`), or `target` is not
 * one of {@link ENGINE_MARKUP_TARGETS} (`option` is `target`).
 */
export function toEngineMarkup(richText: string, target: Exclude<EngineMarkupTarget, 'spans'>): string;
/** `richText` in `target`: a string of markup, or the lines of spans for `'spans'`. */
export function toEngineMarkup(richText: string, target: EngineMarkupTarget): string | readonly Line[];
export function toEngineMarkup(richText: string, target: EngineMarkupTarget): string | readonly Line[] {
  if (typeof target !== 'string' || !ENGINE_MARKUP_TARGETS.includes(target)) {
    throw new ConfigError('target', `expected one of ${ENGINE_MARKUP_TARGETS.map((t) => `'${t}'`).join(', ')}`);
  }
  if (typeof richText !== 'string') throw new ConfigError('richText', `expected a string, got ${richText === null ? 'null' : typeof richText}`);
  const { lines } = parseRichText(richText);
  return target === 'spans' ? lines : linesAsMarkup(lines, target);
}

/** Parsed lines (an offer view's `message.lines`) in `target`'s markup, as {@link toEngineMarkup} writes them. */
export function linesAsMarkup(lines: readonly Line[], target: Exclude<EngineMarkupTarget, 'spans'>): string {
  const markup = MARKUPS[target];
  return lines.map((line) => line.map((span) => writeSpan(markup, span)).join('')).join('\n');
}
