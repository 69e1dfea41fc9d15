/**
 * Parses Unity-style rich text (`<color=…>`, `<b>`, `<i>`, `<size=N>`, line breaks) into lines of
 * styled spans, following uGUI's rules: a tag is applied only when it is properly closed, in
 * reverse order of opening; every other tag-like run is shown as the text it is. The grammar and
 * each malformed case are in docs/markup.md.
 *
 * Never throws; linear in the input length (each `<` looks at most 128 characters ahead, and each
 * tag is pushed and popped at most once).
 *
 * @module
 */
import { parseColor } from './colors.js';
import type { Line, MarkupWarning, MarkupWarningCode, RichText, Span } from './types.js';

/** Longest tag recognised, `<` and `>` included (TextMesh Pro's limit). */
export const MAX_TAG_LENGTH = 128;
/** Deepest nesting applied; a tag opened deeper is shown as text. */
export const MAX_DEPTH = 32;
/** Largest `<size=N>` accepted, in pixels. */
export const MAX_SIZE_PX = 1000;

type TagName = 'b' | 'i' | 'size' | 'color';

interface TextToken {
  readonly kind: 'text';
  readonly text: string;
}
interface TagToken {
  readonly kind: 'open' | 'close';
  readonly name: TagName;
  /** `#rrggbbaa` for color, pixels for size. */
  readonly value: string | number | undefined;
  readonly raw: string;
  readonly offset: number;
  matched: boolean;
}
type Token = TextToken | TagToken;

interface Style {
  readonly color: string | undefined;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly size: number | undefined;
}

const BASE: Style = { color: undefined, bold: false, italic: false, size: undefined };
const LINE_BREAK = /\r\n|\r|\n|\u2028|\u2029/;

/** Parses `source` into lines of spans. `source` that is not a string parses as empty text. */
export function parseRichText(source: string): RichText {
  const text = typeof source === 'string' ? source : '';
  const warnings: MarkupWarning[] = [];
  const tokens = tokenize(text, warnings);
  pair(tokens, warnings);
  return { lines: render(tokens), warnings };
}

/** The text a reader sees: spans joined, lines joined with `\n`. */
export function plainText(rich: RichText): string {
  return rich.lines.map((line) => line.map((s) => s.text).join('')).join('\n');
}

function tokenize(src: string, warnings: MarkupWarning[]): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    if (lt < 0) break;
    let gt = -1;
    const limit = Math.min(src.length, lt + MAX_TAG_LENGTH);
    for (let j = lt + 1; j < limit; j++) {
      const c = src.charCodeAt(j);
      if (c === 0x3e /* > */) {
        gt = j;
        break;
      }
      if (c === 0x3c /* < */) break;
    }
    const tag = gt < 0 ? undefined : readTag(src.slice(lt, gt + 1), lt, warnings);
    if (!tag) {
      i = lt + 1;
      continue;
    }
    if (lt > textStart) tokens.push({ kind: 'text', text: src.slice(textStart, lt) });
    tokens.push(tag);
    i = textStart = gt + 1;
  }
  if (textStart < src.length) tokens.push({ kind: 'text', text: src.slice(textStart) });
  return tokens;
}

const CLOSE = /^<\/(b|i|size|color)>$/i;
const OPEN = /^<(b|i)>$/i;
const OPEN_VALUE = /^<(size|color)=("?)([^"\s<>=]+)\2>$/i;

function readTag(raw: string, offset: number, warnings: MarkupWarning[]): TagToken | undefined {
  let m = CLOSE.exec(raw) ?? OPEN.exec(raw);
  if (m) {
    const kind = raw[1] === '/' ? 'close' : 'open';
    return { kind, name: m[1]!.toLowerCase() as TagName, value: undefined, raw, offset, matched: false };
  }
  m = OPEN_VALUE.exec(raw);
  if (!m) return undefined;
  const name = m[1]!.toLowerCase() as TagName;
  const value = name === 'color' ? parseColor(m[3]!) : parseSize(m[3]!);
  if (value === undefined) {
    warnings.push({ code: 'invalid-value', offset, tag: raw });
    return undefined;
  }
  return { kind: 'open', name, value, raw, offset, matched: false };
}

function parseSize(value: string): number | undefined {
  if (!/^\d{1,4}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= MAX_SIZE_PX ? n : undefined;
}

/** Marks each tag token matched or not; unmatched tags render as text. */
function pair(tokens: Token[], warnings: MarkupWarning[]): void {
  const stack: TagToken[] = [];
  const open: Record<TagName, number> = { b: 0, i: 0, size: 0, color: 0 };
  const warn = (code: MarkupWarningCode, t: TagToken): void => {
    warnings.push({ code, offset: t.offset, tag: t.raw });
  };
  for (const t of tokens) {
    if (t.kind === 'text') continue;
    if (t.kind === 'open') {
      if (stack.length >= MAX_DEPTH) warn('depth-limit', t);
      else {
        stack.push(t);
        open[t.name] += 1;
      }
      continue;
    }
    if (open[t.name] === 0) {
      warn('stray-close', t);
      continue;
    }
    for (;;) {
      const top = stack.pop()!;
      open[top.name] -= 1;
      if (top.name === t.name) {
        top.matched = t.matched = true;
        break;
      }
      warn('crossed-tags', top);
    }
  }
  for (const t of stack) warn('unclosed-tag', t);
}

function render(tokens: readonly Token[]): Line[] {
  const lines: Span[][] = [[]];
  const styles: Style[] = [BASE];
  const emit = (text: string): void => {
    const parts = text.split(LINE_BREAK);
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') pushSpan(lines[lines.length - 1]!, part, styles[styles.length - 1]!);
    });
  };
  for (const t of tokens) {
    if (t.kind === 'text') emit(t.text);
    else if (!t.matched) emit(t.raw);
    else if (t.kind === 'close') styles.pop();
    else styles.push(apply(styles[styles.length - 1]!, t));
  }
  return lines;
}

function apply(style: Style, tag: TagToken): Style {
  switch (tag.name) {
    case 'b':
      return { ...style, bold: true };
    case 'i':
      return { ...style, italic: true };
    case 'color':
      return { ...style, color: tag.value as string };
    case 'size':
      return { ...style, size: tag.value as number };
  }
}

function pushSpan(line: Span[], text: string, style: Style): void {
  const last = line[line.length - 1];
  if (
    last &&
    last.color === style.color &&
    last.bold === style.bold &&
    last.italic === style.italic &&
    last.size === style.size
  ) {
    line[line.length - 1] = { ...last, text: last.text + text };
  } else {
    line.push({ text, ...style });
  }
}
