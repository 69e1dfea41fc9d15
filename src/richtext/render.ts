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

/** The style of a span: the tops of the applied tags open where it is. */
type Style = Omit<Span, 'text'>;

/** The style of text outside every tag. */
const PLAIN: Style = { color: undefined, bold: false, italic: false, size: undefined };

/** The style the applied tags open here give: their values (by tag name) are `open`, the last on top. */
export function styleOf(open: readonly (readonly (string | number | undefined)[])[]): Style {
  return {
    color: open[COLOR]!.at(-1) as string | undefined,
    bold: open[B]!.length > 0,
    italic: open[I]!.length > 0,
    size: open[SIZE]!.at(-1) as number | undefined,
  };
}

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
 * Writes parts of `src` into lines of spans: `write` adds a part in a style, cut at line breaks
 * (CR LF is one), `end` closes the last line and gives them all.
 */
function lineWriter(src: string): { write: (from: number, to: number, style: Style) => void; end: () => Line[] } {
  const lines: Line[] = [];
  /** The line being written: {@link EMPTY_LINE} until its first span. */
  let line = EMPTY_LINE;
  /** The last thing written was a line break made by a CR: an LF right after it is the same break. */
  let afterCr = false;
  const breakAt = breakFinder(src);

  /** Appends `text` (no line break in it) to the line, to its last span when that has the same style. */
  const span = (text: string, { color, bold, italic, size }: Style): void => {
    afterCr = false;
    const last = line[line.length - 1];
    if (last && last.color === color && last.size === size && last.bold === bold && last.italic === italic) {
      line[line.length - 1] = { text: last.text + text, color, bold, italic, size };
    } else if (line === EMPTY_LINE) {
      line = [{ text, color, bold, italic, size }];
    } else {
      line.push({ text, color, bold, italic, size });
    }
  };

  return {
    write(from, to, style) {
      for (let at = breakAt(from); at < to; at = breakAt(from)) {
        if (at > from) span(src.slice(from, at), style);
        const c = src.charCodeAt(at);
        if (c !== LF || !afterCr) {
          lines.push(line);
          line = EMPTY_LINE;
        }
        afterCr = c === CR;
        from = at + 1;
      }
      if (to > from) span(src.slice(from, to), style);
    },
    end() {
      lines.push(line);
      return lines;
    },
  };
}

/** The lines of `src`, styled by the tags whose partner is set. Linear in `src.length`. */
export function renderLines(src: string, tags: readonly Tag[]): Line[] {
  const writer = lineWriter(src);
  /** The values of the applied tags open here, by tag name; the style is made of their tops. */
  const open: (string | number | undefined)[][] = [[], [], [], []];
  let style = PLAIN;
  let at = 0;
  for (const tag of tags) {
    if (tag.p < 0) continue;
    writer.write(at, tag.s, style);
    at = tag.e;
    if (tag.k === CLOSE) open[tag.n]!.pop();
    else open[tag.n]!.push(tag.v);
    style = styleOf(open);
  }
  writer.write(at, src.length, style);
  return writer.end();
}
