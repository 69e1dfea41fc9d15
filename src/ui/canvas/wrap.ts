/**
 * Text layout for the canvas adapter, pure: lines of styled spans → rows of positioned runs, wrapped
 * to a width the way the DOM dialog wraps (`white-space: pre-wrap; word-break: keep-all;
 * overflow-wrap: anywhere`):
 *
 * - a row may end after a run of spaces (the spaces hang: they are not drawn at the break);
 * - letters and digits of every script stay together (`keep-all`: Hangul, Han, kana and Latin
 *   words break at spaces and punctuation, not between letters);
 * - elsewhere the break opportunities are those Chromium's line breaker gives the DOM dialog for
 *   the characters offers use (measured, test/browser/wrap-like-dom.test.ts): after `!` `%` `)`
 *   `/` and the like before Hangul or CJK, after `?`, full-width punctuation, U+3000, `…`, en and
 *   em dashes, after a hyphen inside a word (`well-|known`, not `-50%`), before an em dash and
 *   beside emoji; never before closing punctuation or any quote mark, never after opening
 *   punctuation;
 * - a word wider than the box is broken between grapheme clusters (`Intl.Segmenter` when present),
 *   never inside a surrogate pair, a combining sequence, a skin-tone or ZWJ emoji sequence;
 * - each parsed line starts a new row; an empty line keeps its height.
 *
 * Every piece of text is measured once (twice at most for a word broken by graphemes): linear in
 * the text's length.
 *
 * @module
 */
import type { Line, Span } from '../../richtext/index.js';

/** Width of `text` drawn in `font` (a CSS font shorthand such as `bold 16px system-ui`), in CSS pixels. */
export type Measure = (text: string, font: string) => number;

/** Text of one span on one row. */
interface TextRun {
  readonly text: string;
  /** Offset from the row's left edge, in CSS pixels. */
  readonly x: number;
  /** Measured width, in CSS pixels. */
  readonly width: number;
  /** The CSS font shorthand it was measured with (draw it with the same). */
  readonly font: string;
  /** Font size in CSS pixels (`<size=N>` clamped to 0.5×–3× of the base). */
  readonly size: number;
  /** The span it came from (its color, its identity). A span split across rows gives a run on each. */
  readonly span: Span;
}

/** One drawn row. */
export interface TextRow {
  readonly runs: readonly TextRun[];
  /** The largest font size on the row (the base size for an empty row), in CSS pixels. */
  readonly size: number;
  /** `size` × line height, in CSS pixels. */
  readonly height: number;
}

interface Chunk {
  t: string;
  w: number;
  sp: boolean;
  /** No break opportunity between this chunk and the one before. */
  glue: boolean;
  s: Span;
  f: string;
  z: number;
}

const SPACE = /[ \t]/;
/** Letters and digits: no break between two of them (`keep-all`). */
const WORD = /[\p{L}\p{N}\p{M}]/u;
/** Combining marks, variation selectors among them. */
const MARK = /\p{M}/u;
/** Hangul, Han and kana. */
const CJK = /[\p{sc=Hangul}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
/** Pictographs, skin tones and regional indicators (flags). */
const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}]/u;
/** Two regional indicators: one flag. */
const FLAG = /^[\u{1F1E6}-\u{1F1FF}]{2}$/u;
/** Never a break before: closing brackets, any quote mark, trailing punctuation, what extends a grapheme cluster. */
const NO_BEFORE = /[\p{Pe}\p{Pf}\p{Pi}"'!?.,;:%…。、！？，．：；\u3000\p{M}\u200D\u{1F3FB}-\u{1F3FF}]/u;
/** Never a break after: opening brackets and quotes, a currency sign that leads a price, a zero-width joiner. */
const NO_AFTER = /[\p{Ps}\p{Pi}"'$\u200D]/u;
/** A break after, before anything but what {@link NO_BEFORE} holds. */
const BREAK_AFTER = /[」』）】〕〉》］｝？！。、，．：；…\u3000?–—]/;
/** A grapheme cluster, where `Intl.Segmenter` is missing: a flag, or a code point with its marks, skin tones and ZWJ sequence. */
const CLUSTER = /[\u{1F1E6}-\u{1F1FF}]{2}|[^][\p{M}\u{1F3FB}-\u{1F3FF}\u1160-\u11FF\uD7B0-\uD7FF]*(?:\u200D[^][\p{M}\u{1F3FB}-\u{1F3FF}]*)*/gu;

/**
 * A break opportunity between non-space characters `a` and `b`, `p` the one before `a` (`''` at
 * the start of a line or after a space).
 */
export const opportunity = (p: string, a: string, b: string): boolean =>
  // A mark breaks as the character it follows (UAX #14, LB9): `❤️` (with U+FE0F, emoji style) as `❤`.
  MARK.test(a) && p !== ''
    ? opportunity('', p, b)
    : !NO_AFTER.test(a) &&
      !NO_BEFORE.test(b) &&
      !FLAG.test(a + b) &&
      (b === '—' ||
        BREAK_AFTER.test(a) ||
        (a === '-' && WORD.test(p)) ||
        EMOJI.test(a) ||
        EMOJI.test(b) ||
        (WORD.test(a) ? CJK.test(a) && !WORD.test(b) && b !== '-' && b !== '/' : CJK.test(b) || /\p{Ps}/u.test(b)));

/** The grapheme clusters of `text`. */
export function graphemes(text: string): string[] {
  const S = Intl.Segmenter;
  return S ? Array.from(new S().segment(text), (g) => g.segment) : (text.match(CLUSTER) ?? []);
}

/** The CSS font shorthand of `span` and its size in pixels (`<size=N>` clamped to 0.5×–3× of `base`). */
function fontOf(span: Span, base: number, family: string): [font: string, size: number] {
  const size = span.size === undefined ? base : Math.min(base * 3, Math.max(base / 2, span.size));
  return [`${span.italic ? 'italic ' : ''}${span.bold ? 'bold ' : ''}${size}px ${family}`, size];
}

/**
 * Wraps `lines` to `maxWidth` CSS pixels.
 *
 * @param base - font size of spans without `<size>`, in CSS pixels
 * @param measure - the width of a text in a font (the canvas's `measureText`, or a fake in tests)
 * @param family - CSS font family list, appended to every run's font
 * @param lineHeight - row height as a multiple of the row's largest font size
 * @returns the rows, top to bottom; each parsed line gives at least one. Never throws (unless `measure` does).
 */
export function wrapLines(lines: readonly Line[], maxWidth: number, base: number, measure: Measure, family: string, lineHeight: number): TextRow[] {
  const rows: TextRow[] = [];
  for (const line of lines) wrapChunks(chunksOf(line, base, family, measure), maxWidth, base, measure, lineHeight, rows);
  return rows;
}

/**
 * Cuts one parsed line into measured chunks: runs of spaces, and runs of other characters cut at
 * the break opportunities and the span edges. Each chunk is measured once, after the cutting.
 */
export function chunksOf(line: Line, base: number, family: string, measure: Measure): Chunk[] {
  const chunks: Chunk[] = [];
  let before = '';
  let prev = '';
  let cur: Chunk | undefined;
  for (const s of line) {
    const [f, z] = fontOf(s, base, family);
    for (const c of s.text) {
      const sp = SPACE.test(c);
      const open = !sp && prev !== '' && !SPACE.test(prev) && opportunity(before, prev, c);
      if (!cur || cur.s !== s || cur.sp !== sp || open) {
        chunks.push((cur = { t: '', w: 0, sp, glue: !sp && prev !== '' && !SPACE.test(prev) && !open, s, f, z }));
      }
      cur.t += c;
      before = SPACE.test(prev) ? '' : prev;
      prev = c;
    }
  }
  for (const c of chunks) c.w = measure(c.t, c.f);
  return chunks;
}

/**
 * Places the chunks of one line on rows no wider than `maxWidth` (a word wider than that broken
 * between graphemes), appending the rows to `rows`; spaces hang at a break and at the line's end.
 */
function wrapChunks(chunks: readonly Chunk[], maxWidth: number, base: number, measure: Measure, lineHeight: number, rows: TextRow[]): void {
  let runs: { -readonly [K in keyof TextRun]: TextRun[K] }[] = [];
  let x = 0;
  let size = 0;
  let pending: Chunk[] = [];
  const flush = (): void => {
    size ||= base;
    rows.push({ runs, size, height: size * lineHeight });
    runs = [];
    x = size = 0;
  };
  const put = (c: Chunk, text = c.t, width = c.w): void => {
    const last = runs[runs.length - 1];
    if (last?.span === c.s && last.x + last.width === x) {
      last.text += text;
      last.width += width;
    } else runs.push({ text, x, width, font: c.f, size: c.z, span: c.s });
    x += width;
    size = Math.max(size, c.z);
  };
  for (let i = 0; i < chunks.length; ) {
    const first = chunks[i]!;
    if (first.sp) {
      pending.push(first);
      i++;
      continue;
    }
    // A word: this chunk and the ones glued to it.
    let j = i + 1;
    let w = first.w;
    while (chunks[j]?.glue) w += chunks[j++]!.w;
    const spaces = pending.reduce((sum, p) => sum + p.w, 0);
    if (runs.length > 0 && x + spaces + w > maxWidth) flush();
    else {
      for (const p of pending) put(p);
      // After a line's leading spaces, a word that fits a row of its own goes to the next row
      // (as `pre-wrap` breaks after spaces) rather than being broken.
      if (x > 0 && x + w > maxWidth && w <= maxWidth) flush();
    }
    pending = [];
    const fits = x + w <= maxWidth;
    for (; i < j; i++) {
      const c = chunks[i]!;
      if (fits) put(c);
      else
        for (const g of graphemes(c.t)) {
          const gw = measure(g, c.f);
          if (x > 0 && x + gw > maxWidth) flush();
          put(c, g, gw);
        }
    }
  }
  flush(); // trailing spaces hang at the end of the line
}
