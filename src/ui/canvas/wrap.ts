/**
 * Text layout for the canvas adapter, pure: lines of styled spans → rows of positioned runs, wrapped
 * to a width the way the DOM dialog wraps (`white-space: pre-wrap; word-break: keep-all;
 * overflow-wrap: anywhere`):
 *
 * - a row may end after a run of spaces (the spaces hang: they are not drawn at the break);
 * - Hangul (and Latin) words break only at spaces; CJK ideographs and kana may break between
 *   any two of them, and beside Latin words, but never before closing punctuation (`。`, `」`) or
 *   after opening punctuation (`「`);
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
export interface TextRun {
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
const CJK = /[\u2E80-\u2FFF\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3FFFF}]/u;
/** May start a row: letters, digits, opening brackets and quotes. */
const BEFORE = /[\p{L}\p{N}\p{Ps}\p{Pi}]/u;
/** May end a row: letters, digits, closing brackets, quotes and other punctuation (`。`, `、`, `!`). */
const AFTER = /[\p{L}\p{N}\p{Pe}\p{Pf}\p{Po}]/u;
/** A grapheme cluster, where `Intl.Segmenter` is missing: a flag, or a code point with its marks, skin tones and ZWJ sequence. */
const CLUSTER = /[\u{1F1E6}-\u{1F1FF}]{2}|[^][\p{M}\u{1F3FB}-\u{1F3FF}\u1160-\u11FF\uD7B0-\uD7FF]*(?:\u200D[^][\p{M}\u{1F3FB}-\u{1F3FF}]*)*/gu;

/** A break opportunity between two non-space characters: next to an ideograph or kana, not before closing punctuation, not after opening. */
const opportunity = (a: string, b: string): boolean => (CJK.test(a) || CJK.test(b)) && AFTER.test(a) && BEFORE.test(b);

/** The grapheme clusters of `text`. */
export function graphemes(text: string): string[] {
  const S = Intl.Segmenter;
  return S ? Array.from(new S().segment(text), (g) => g.segment) : (text.match(CLUSTER) ?? []);
}

/** The CSS font shorthand of `span` and its size in pixels (`<size=N>` clamped to 0.5×–3× of `base`). */
export function fontOf(span: Span, base: number, family: string): [font: string, size: number] {
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
  for (const line of lines) {
    // Chunks: runs of spaces, and runs of other characters cut at the break opportunities and span edges.
    const chunks: Chunk[] = [];
    let prev = '';
    let cur: Chunk | undefined;
    for (const s of line) {
      const [f, z] = fontOf(s, base, family);
      for (const c of s.text) {
        const sp = SPACE.test(c);
        if (!cur || cur.s !== s || cur.sp !== sp || (!sp && opportunity(prev, c))) {
          chunks.push((cur = { t: '', w: 0, sp, glue: !sp && prev !== '' && !SPACE.test(prev) && !opportunity(prev, c), s, f, z }));
        }
        cur.t += c;
        prev = c;
      }
    }
    for (const c of chunks) c.w = measure(c.t, c.f);

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
      let spaces = 0;
      for (const p of pending) spaces += p.w;
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
  return rows;
}
