/**
 * Finds the tags of a message in one left-to-right scan. A candidate runs from a `<` to the first
 * `>` after it, when no other `<` comes first and it is at most {@link MAX_TAG_LENGTH} long; it is
 * read by character codes, and sliced only when it is a tag with a value. Anything else is text.
 *
 * @module
 */
import { colorAt } from './colors.js';
import { MAX_SIZE_PX, MAX_TAG_LENGTH } from './limits.js';
import type { MarkupWarningCode } from './types.js';

/** The four uGUI tags of the supported subset. */
export type TagName = 'b' | 'i' | 'size' | 'color';

/**
 * A tag as written. `invalid` is a `<color=…>` or `<size=…>` whose value is not valid: it stays
 * text, and is kept only for its warning.
 */
export interface Tag {
  readonly kind: 'open' | 'close' | 'invalid';
  readonly name: TagName;
  /** UTF-16 offset of the `<`. */
  readonly start: number;
  /** UTF-16 offset just after the `>`. */
  readonly end: number;
  /** `#rrggbbaa` for color, pixels for size, undefined otherwise. */
  readonly value: string | number | undefined;
  /** Index of the tag it pairs with, or -1 while it is shown as text. Set by pair.ts. */
  partner: number;
  /** Why the tag is shown as text, if it is. */
  warning: MarkupWarningCode | undefined;
}

const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;

/**
 * The tags of `src`, in source order. Linear: the searches for `<` and for `>` each only move
 * forward, and each candidate is read once.
 */
export function scanTags(src: string): Tag[] {
  const tags: Tag[] = [];
  let lt = src.indexOf('<');
  // The first `>` after `lt`: still valid after moving to a later `<` that comes before it.
  let gt = lt < 0 ? -1 : src.indexOf('>', lt + 1);
  while (lt >= 0 && gt >= 0) {
    const next = src.indexOf('<', lt + 1);
    if ((next < 0 || gt < next) && gt - lt < MAX_TAG_LENGTH) {
      const tag = readTag(src, lt, gt);
      if (tag) tags.push(tag);
    }
    lt = next;
    if (gt < lt) gt = src.indexOf('>', lt + 1);
  }
  return tags;
}

/** The tag `src[lt..gt]` (a `<`, no `<` inside, a `>`), or undefined when it is text. */
function readTag(src: string, lt: number, gt: number): Tag | undefined {
  if (src.charCodeAt(lt + 1) === SLASH) {
    const name = nameAt(src, lt + 2, gt);
    return name && tag('close', name, lt, gt, undefined);
  }
  const name = nameAt(src, lt + 1, gt);
  if (name === 'b' || name === 'i') return tag('open', name, lt, gt, undefined);
  const valued = wordAt(src, lt + 1, 'size') ? 'size' : wordAt(src, lt + 1, 'color') ? 'color' : undefined;
  if (!valued || src.charCodeAt(lt + 1 + valued.length) !== EQUALS) return undefined;
  let from = lt + 2 + valued.length;
  let to = gt;
  if (src.charCodeAt(from) === QUOTE && to - from >= 2 && src.charCodeAt(to - 1) === QUOTE) {
    from += 1;
    to -= 1;
  }
  const value = valued === 'color' ? colorAt(src, from, to) : sizeAt(src, from, to);
  return tag(value === undefined ? 'invalid' : 'open', valued, lt, gt, value);
}

function tag(kind: Tag['kind'], name: TagName, lt: number, gt: number, value: string | number | undefined): Tag {
  return { kind, name, start: lt, end: gt + 1, value, partner: -1, warning: kind === 'invalid' ? 'invalid-value' : undefined };
}

/** The tag name spelled by exactly `src[from..to)`, in any case. */
function nameAt(src: string, from: number, to: number): TagName | undefined {
  switch (to - from) {
    case 1: {
      const c = src.charCodeAt(from) | 0x20;
      return c === 0x62 ? 'b' : c === 0x69 ? 'i' : undefined;
    }
    case 4:
      return wordAt(src, from, 'size') ? 'size' : undefined;
    case 5:
      return wordAt(src, from, 'color') ? 'color' : undefined;
    default:
      return undefined;
  }
}

/** Whether `src` spells the lowercase ASCII `word` at `at`, in any case. */
function wordAt(src: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    // `| 0x20` lowercases an ASCII letter and maps no other code unit onto one.
    if ((src.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Pixels of a `<size=N>` value: ASCII digits, N ≥ 1, capped at {@link MAX_SIZE_PX}. */
function sizeAt(src: string, from: number, to: number): number | undefined {
  if (from >= to) return undefined;
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = src.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    n = Math.min(n * 10 + digit, MAX_SIZE_PX + 1);
  }
  return n === 0 ? undefined : Math.min(n, MAX_SIZE_PX);
}
