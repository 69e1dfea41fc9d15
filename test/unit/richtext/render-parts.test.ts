import { describe, expect, it } from 'vitest';
import { B, COLOR, I, SIZE } from '../../../src/richtext/codes.js';
import { breakFinder, styleOf } from '../../../src/richtext/render.js';

describe('breakFinder', () => {
  it('finds LF, CR, U+2028 and U+2029, each at or after `from`', () => {
    const src = 'a\nb\rc\u2028d\u2029e';
    const breakAt = breakFinder(src);
    expect([0, 2, 4, 6, 8].map((from) => breakAt(from))).toEqual([1, 3, 5, 7, src.length]);
  });

  it('gives the same break again while `from` has not passed it', () => {
    const breakAt = breakFinder('abc\ndef');
    expect(breakAt(0)).toBe(3);
    expect(breakAt(2)).toBe(3);
    expect(breakAt(3)).toBe(3);
    expect(breakAt(4)).toBe(7);
  });

  it('is the length for text without a break, and for an empty text', () => {
    expect(breakFinder('no breaks')(0)).toBe(9);
    expect(breakFinder('')(0)).toBe(0);
  });

  it('a tab is not a break', () => {
    expect(breakFinder('a\tb\vc')(0)).toBe(5);
  });
});

describe('styleOf', () => {
  const open = (values: Partial<Record<number, (string | number | undefined)[]>>) => [B, I, SIZE, COLOR].map((n) => values[n] ?? []);

  it('is plain with no tag open', () => {
    expect(styleOf(open({}))).toEqual({ color: undefined, bold: false, italic: false, size: undefined });
  });

  it('bold and italic while any of theirs is open', () => {
    expect(styleOf(open({ [B]: [undefined, undefined] }))).toEqual({ color: undefined, bold: true, italic: false, size: undefined });
    expect(styleOf(open({ [I]: [undefined] }))).toEqual({ color: undefined, bold: false, italic: true, size: undefined });
  });

  it('color and size from the innermost (last) open tag', () => {
    expect(styleOf(open({ [COLOR]: ['#ff0000ff', '#00ff00ff'], [SIZE]: [20, 8] }))).toEqual({
      color: '#00ff00ff',
      bold: false,
      italic: false,
      size: 8,
    });
  });
});
