/**
 * Which tags apply. uGUI applies an element only when it is properly closed, closing tags in
 * reverse order of opening; every other tag is shown as text. Each tag gets a partner or, when it
 * is text, the reason as a warning.
 *
 * @module
 */
import { MAX_DEPTH } from './limits.js';
import type { Tag, TagName } from './tags.js';

/**
 * Pairs each closing tag with the nearest open tag of its name. Open tags above that one were not
 * closed before it (crossed: `<b><i>x</b></i>`): they are text. A closing tag with no open tag of
 * its name is text, and so is every tag still open at the end. Linear: each tag is pushed and
 * popped at most once.
 */
export function pairTags(tags: Tag[]): void {
  const stack: number[] = [];
  const open: Record<TagName, number> = { b: 0, i: 0, size: 0, color: 0 };
  for (let k = 0; k < tags.length; k++) {
    const tag = tags[k]!;
    if (tag.kind === 'open') {
      stack.push(k);
      open[tag.name] += 1;
    } else if (tag.kind === 'close') {
      if (open[tag.name] === 0) {
        tag.warning = 'stray-close';
        continue;
      }
      for (;;) {
        const j = stack.pop()!;
        const top = tags[j]!;
        open[top.name] -= 1;
        if (top.name === tag.name) {
          top.partner = k;
          tag.partner = j;
          break;
        }
        top.warning = 'crossed-tags';
      }
    }
  }
  for (const k of stack) tags[k]!.warning = 'unclosed-tag';
}

/**
 * Shows as text every paired element nested deeper than {@link MAX_DEPTH} in applied elements:
 * both its tags, with a `depth-limit` warning on the opening one. Its children are deeper still.
 * Linear.
 */
export function limitDepth(tags: Tag[]): void {
  let depth = 0;
  for (const tag of tags) {
    if (tag.partner < 0) continue;
    if (tag.kind === 'close') depth -= 1;
    else if (depth < MAX_DEPTH) depth += 1;
    else {
      tag.warning = 'depth-limit';
      tags[tag.partner]!.partner = -1;
      tag.partner = -1;
    }
  }
}
