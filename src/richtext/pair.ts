/**
 * Which tags apply. uGUI applies an element only when it is properly closed, closing tags in
 * reverse order of opening; every other tag is shown as text. Each tag gets a partner or, when it
 * is text, the reason as a warning.
 *
 * @module
 */
import { MAX_DEPTH } from './limits.js';
import { CLOSE, OPEN } from './codes.js';
import type { Tag } from './tags.js';

/**
 * Pairs each closing tag with the nearest open tag of its name. Open tags above that one were not
 * closed before it (crossed: `<b><i>x</b></i>`): they are text. A closing tag with no open tag of
 * its name is text, and so is every tag still open at the end. Linear: each tag is pushed and
 * popped at most once.
 */
export function pairTags(tags: Tag[]): void {
  const stack: number[] = [];
  /** Open tags on the stack, by name. */
  const open: [number, number, number, number] = [0, 0, 0, 0];
  for (let k = 0; k < tags.length; k++) {
    const tag = tags[k]!;
    if (tag.k === OPEN) {
      stack.push(k);
      open[tag.n] += 1;
    } else if (tag.k === CLOSE) {
      if (open[tag.n] === 0) {
        tag.w = 'stray-close';
        continue;
      }
      for (;;) {
        const j = stack.pop()!;
        const top = tags[j]!;
        open[top.n] -= 1;
        if (top.n === tag.n) {
          top.p = k;
          tag.p = j;
          break;
        }
        top.w = 'crossed-tags';
      }
    }
  }
  for (const k of stack) tags[k]!.w = 'unclosed-tag';
}

/**
 * Shows as text every paired element nested deeper than {@link MAX_DEPTH} in applied elements:
 * both its tags, with a `depth-limit` warning on the opening one. Its children are deeper still.
 * Linear.
 */
export function limitDepth(tags: Tag[]): void {
  let depth = 0;
  for (const tag of tags) {
    if (tag.p < 0) continue;
    if (tag.k === CLOSE) depth -= 1;
    else if (depth < MAX_DEPTH) depth += 1;
    else {
      tag.w = 'depth-limit';
      tags[tag.p]!.p = -1;
      tag.p = -1;
    }
  }
}
