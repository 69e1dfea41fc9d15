/**
 * Turns the source and its paired tags into lines of spans: the text between two applied tags
 * has one style, and is cut at line breaks. Tags shown as text are part of that text.
 *
 * @module
 */
import type { Tag } from './tags.js';
import type { Line, Span } from './types.js';

const LF = 0x0a;
const CR = 0x0d;
/** The line-break characters: LF, CR (CR LF is one break), U+2028 and U+2029. */
const BREAKS = ['\n', '\r', '\u2028', '\u2029'];
/** Every empty line: one frozen array (1 MB of line breaks is a million lines). */
const EMPTY_LINE: Line = Object.freeze([]);

/** The lines of `src`, styled by the tags whose `partner` is set. Linear in `src.length`. */
export function renderLines(src: string, tags: readonly Tag[]): Line[] {
  const out = new LineWriter(src);
  let at = 0;
  for (const tag of tags) {
    if (tag.partner < 0) continue;
    out.text(at, tag.start);
    at = tag.end;
    if (tag.kind === 'close') out.close(tag);
    else out.open(tag);
  }
  out.text(at, src.length);
  return out.finish();
}

/** Writes text into lines of spans in the current style; applied tags change the style. */
class LineWriter {
  private readonly lines: Line[] = [];
  /** The line being written: {@link EMPTY_LINE} until its first span. */
  private line: Line = EMPTY_LINE;
  // The style: counters for bold and italic, stacks for the valued tags, their tops.
  private bold = 0;
  private italic = 0;
  private readonly colors: string[] = [];
  private readonly sizes: number[] = [];
  private color: string | undefined = undefined;
  private size: number | undefined = undefined;
  /** The last thing written was a line break made by a CR: an LF right after it is the same break. */
  private afterCr = false;
  /** Per character of {@link BREAKS}: its next offset at or after the last search, or -1 for none. */
  private readonly nextBreak = [-1, -1, -1, -1];

  constructor(private readonly src: string) {
    for (let b = 0; b < BREAKS.length; b++) this.nextBreak[b] = src.indexOf(BREAKS[b]!);
  }

  open(tag: Tag): void {
    if (tag.name === 'b') this.bold += 1;
    else if (tag.name === 'i') this.italic += 1;
    else if (tag.name === 'color') this.color = pushed(this.colors, tag.value as string);
    else this.size = pushed(this.sizes, tag.value as number);
  }

  close(tag: Tag): void {
    if (tag.name === 'b') this.bold -= 1;
    else if (tag.name === 'i') this.italic -= 1;
    else if (tag.name === 'color') this.color = popped(this.colors);
    else this.size = popped(this.sizes);
  }

  /** Writes `src[from..to)`, breaking lines at LF, CR, CR LF, U+2028 and U+2029. */
  text(from: number, to: number): void {
    const src = this.src;
    let start = from;
    for (let at = this.breakAt(from); at >= 0 && at < to; at = this.breakAt(at + 1)) {
      if (at > start) this.span(src.slice(start, at));
      const c = src.charCodeAt(at);
      if (c !== LF || !this.afterCr) {
        this.lines.push(this.line);
        this.line = EMPTY_LINE;
      }
      this.afterCr = c === CR;
      start = at + 1;
    }
    if (to > start) this.span(src.slice(start, to));
  }

  finish(): Line[] {
    this.lines.push(this.line);
    return this.lines;
  }

  /**
   * The first line break at or after `from`, or -1. Calls come with `from` never decreasing, and
   * each character's search resumes where it stopped: linear over the whole text.
   */
  private breakAt(from: number): number {
    let first = -1;
    for (let b = 0; b < BREAKS.length; b++) {
      let at = this.nextBreak[b]!;
      if (at >= 0 && at < from) this.nextBreak[b] = at = this.src.indexOf(BREAKS[b]!, from);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    return first;
  }

  /** Appends `text` (no line break in it) to the line, to its last span when that has the same style. */
  private span(text: string): void {
    this.afterCr = false;
    const { line, color, size } = this;
    const bold = this.bold > 0;
    const italic = this.italic > 0;
    const last = line[line.length - 1];
    if (last && last.color === color && last.size === size && last.bold === bold && last.italic === italic) {
      (line as Span[])[line.length - 1] = { text: last.text + text, color, bold, italic, size };
    } else if (line === EMPTY_LINE) {
      this.line = [{ text, color, bold, italic, size }];
    } else {
      (line as Span[]).push({ text, color, bold, italic, size });
    }
  }
}

function pushed<T>(stack: T[], value: T): T {
  stack.push(value);
  return value;
}

function popped<T>(stack: T[]): T | undefined {
  stack.pop();
  return stack[stack.length - 1];
}
