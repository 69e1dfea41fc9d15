/**
 * Parses Unity-style rich text (`<color=…>`, `<b>`, `<i>`, `<size=N>`, line breaks) into lines of
 * styled spans, following uGUI's rules: a tag is applied only when it is properly closed, in
 * reverse order of opening; every other tag-like run is shown as the text it is. The grammar and
 * each malformed case are in docs/markup.md.
 *
 * Three linear passes: scan the tags (tags.ts), pair them (pair.ts), write the lines (render.ts).
 *
 * @module
 */
import { MAX_WARNINGS } from './limits.js';
import { limitDepth, pairTags } from './pair.js';
import { renderLines } from './render.js';
import { scanTags } from './tags.js';
import type { MarkupWarning, RichText } from './types.js';

export { MAX_DEPTH, MAX_SIZE_PX, MAX_TAG_LENGTH, MAX_WARNINGS } from './limits.js';

/**
 * Parses `source` into lines of spans, and a warning for each tag shown as text for a reason:
 * the first 100 (`MAX_WARNINGS`), in source order. Unknown tags such as `<u>` or `<script>` are
 * text without a warning.
 *
 * Never throws: `source` that is not a string parses as empty text. O(n) time and memory in the
 * length of `source`, whatever it holds (1 MB of nested tags: about 20 ms; bench/results.md).
 * Offsets and lengths are UTF-16 code units.
 */
export function parseRichText(source: string): RichText {
  const src = typeof source === 'string' ? source : '';
  const tags = scanTags(src);
  pairTags(tags);
  limitDepth(tags);
  const warnings: MarkupWarning[] = [];
  for (let k = 0; k < tags.length && warnings.length < MAX_WARNINGS; k++) {
    const { w, s, e } = tags[k]!;
    if (w) warnings.push({ code: w, offset: s, tag: src.slice(s, e) });
  }
  return { lines: renderLines(src, tags), warnings };
}

/**
 * The text a reader sees: spans joined, lines joined with `\n` (the message without its applied
 * tags). Never throws on a {@link RichText}; O(n) in its text.
 */
export function plainText(rich: RichText): string {
  return rich.lines.map((line) => line.map((span) => span.text).join('')).join('\n');
}
