/**
 * Turns the source and its paired tags into lines of spans: the text between two applied tags
 * has one style, and is cut at line breaks. Tags shown as text are part of that text.
 *
 * @module
 */
import { B, CLOSE, COLOR, CR, I, LF, SIZE } from './codes.js';
import type { Tag } from './tags.js';
import type { Line, Span } from './types.js';

/** Every empty line: one frozen array (1 MB of line breaks is a million lines). */
const EMPTY_LINE = Object.freeze([]) as readonly Span[] as Span[];

/**
 * The line breaks of `src` (LF, CR, U+2028, U+2029): a function giving the first at or after
 * `from`, or `src.length` for none. Calls come with `from` never decreasing, and a search starts
 * only past the last break found: linear over the whole text.
 */
export function breakFinder(src: string): (from: number) => number {
  const breaks = /[\n\r\u2028\u2029]/g;
  /** The first line break at or after the last search, or `src.length` for none. */
  let nextBreak = -1;
  return (from) => {
    if (nextBreak < from) {
      breaks.lastIndex = from;
      nextBreak = breaks.exec(src)?.index ?? src.length;
    }
    return nextBreak;
  };
}

/**
 * `line` with `span` at its end, merged into its last span when that has the same style. A line
 * with spans is written in place; {@link EMPTY_LINE} never is (a new line is returned).
 */
export function appendSpan(line: Span[], span: Span): Span[] {
  const last = line[line.length - 1];
  if (last && last.color === span.color && last.size === span.size && last.bold === span.bold && last.italic === span.italic) {
    line[line.length - 1] = { ...span, text: last.text + span.text };
  } else if (line === EMPTY_LINE) {
    return [span];
  } else {
    line.push(span);
  }
  return line;
}

/** The lines of `src`, styled by the tags whose partner is set. Linear in `src.length`. */
export function renderLines(src: string, tags: readonly Tag[]): Line[] {
  const lines: Line[] = [];
  /** The line being written: {@link EMPTY_LINE} until its first span. */
  let line = EMPTY_LINE;
  /** The values of the applied tags open here, by tag name; the style is made of their tops. */
  const open: (string | number | undefined)[][] = [[], [], [], []];
  let bold = false;
  let italic = false;
  let size: number | undefined;
  let color: string | undefined;
  /** The last thing written was a line break made by a CR: an LF right after it is the same break. */
  let afterCr = false;
  const breakAt = breakFinder(src);

  /** Appends `text` (no line break in it) to the line, in the style of the tags open here. */
  const span = (text: string): void => {
    afterCr = false;
    line = appendSpan(line, { text, color, bold, italic, size });
  };

  /** Writes `src[from..to)`, breaking lines at LF, CR, CR LF, U+2028 and U+2029. */
  const write = (from: number, to: number): void => {
    for (let at = breakAt(from); at < to; at = breakAt(from)) {
      if (at > from) span(src.slice(from, at));
      const c = src.charCodeAt(at);
      if (c !== LF || !afterCr) {
        lines.push(line);
        line = EMPTY_LINE;
      }
      afterCr = c === CR;
      from = at + 1;
    }
    if (to > from) span(src.slice(from, to));
  };

  let at = 0;
  for (const tag of tags) {
    if (tag.p < 0) continue;
    write(at, tag.s);
    at = tag.e;
    if (tag.k === CLOSE) open[tag.n]!.pop();
    else open[tag.n]!.push(tag.v);
    bold = open[B]!.length > 0;
    italic = open[I]!.length > 0;
    size = open[SIZE]!.at(-1) as number | undefined;
    color = open[COLOR]!.at(-1) as string | undefined;
  }
  write(at, src.length);
  lines.push(line);
  return lines;
}
