/**
 * Finds the tags of a message in one left-to-right scan. A candidate runs from a `<` to the first
 * `>` after it, when no other `<` comes first and it is at most {@link MAX_TAG_LENGTH} long; it is
 * read by character codes, and sliced only when it is a tag with a value. Anything else is text.
 *
 * Tags are internal objects with one-letter fields: minifiers keep property names, and these are
 * written in four modules.
 *
 * @module
 */
import { B, CLOSE, COLOR, EQUALS, I, INVALID, OPEN, SIZE, SLASH } from './codes.js';
import { parseColor } from './colors.js';
import { MAX_SIZE_PX, MAX_TAG_LENGTH } from './limits.js';
import type { MarkupWarningCode } from './types.js';

/** The four uGUI tags of the supported subset, by their index in {@link NAMES}. */
type TagName = typeof B | typeof I | typeof SIZE | typeof COLOR;
/** Tag names, lowercase, by {@link TagName}: `<b>` and `<i>` take no value, the others need one. */
const NAMES = ['b', 'i', 'size', 'color'] as const;

/**
 * {@link Tag.k}: an opening tag, a closing tag, or {@link INVALID}: a `<color=…>` or `<size=…>`
 * whose value is not valid, which stays text and is kept only for its warning.
 */
type TagKind = typeof OPEN | typeof CLOSE | typeof INVALID;

/** A tag as written. */
export interface Tag {
  /** Kind: {@link OPEN}, {@link CLOSE} or {@link INVALID}. */
  readonly k: TagKind;
  /** Name: {@link B}, {@link I}, {@link SIZE} or {@link COLOR}. */
  readonly n: TagName;
  /** Start: UTF-16 offset of the `<`. */
  readonly s: number;
  /** End: UTF-16 offset just after the `>`. */
  readonly e: number;
  /** Value: `#rrggbbaa` for color, pixels for size, undefined otherwise. */
  readonly v: string | number | undefined;
  /** Partner: index of the tag it pairs with, or -1 while it is shown as text. Set by pair.ts. */
  p: number;
  /** Warning: why the tag is shown as text, if it is. */
  w: MarkupWarningCode | undefined;
}

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

/**
 * The tag `src[lt..gt]` (a `<`, no `<` inside, a `>`), or undefined when it is text: `</name>`,
 * `<b>`, `<i>`, or `<size=…>` / `<color=…>` (the value may be in double quotes); names in any case.
 */
function readTag(src: string, lt: number, gt: number): Tag | undefined {
  const close = src.charCodeAt(lt + 1) === SLASH;
  const from = close ? lt + 2 : lt + 1;
  for (let k = 0; k < NAMES.length; k++) {
    const n = k as TagName;
    const name = NAMES[n];
    if (!wordAt(src, from, name)) continue;
    const end = from + name.length;
    // `<b>`, `<i>` and every closing tag are the bare name; `<size` and `<color` need `=`.
    const bare = close || n < SIZE;
    if (end === gt) return bare ? tag(close ? CLOSE : OPEN, n, lt, gt) : undefined;
    if (bare || src.charCodeAt(end) !== EQUALS) return undefined;
    let text = src.slice(end + 1, gt);
    if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
    const value = n === COLOR ? parseColor(text) : sizeOf(text);
    return tag(value === undefined ? INVALID : OPEN, n, lt, gt, value);
  }
  return undefined;
}

function tag(k: TagKind, n: TagName, lt: number, gt: number, v?: string | number): Tag {
  return { k, n, s: lt, e: gt + 1, v, p: -1, w: k === INVALID ? 'invalid-value' : undefined };
}

/**
 * Whether `src` spells the lowercase ASCII `word` at `at`, in any case. It never matches a `>`,
 * so never runs past the candidate's end.
 */
function wordAt(src: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    // `| 0x20` lowercases an ASCII letter and maps no other code unit onto one.
    if ((src.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Pixels of a `<size=N>` value: ASCII digits, N ≥ 1, capped at {@link MAX_SIZE_PX}. */
function sizeOf(value: string): number | undefined {
  // 0 for `0`, `00`…, as for a value that is not digits: neither is valid.
  const n = /^\d+$/.test(value) ? Number(value) : 0;
  return n ? Math.min(n, MAX_SIZE_PX) : undefined;
}
