import { describe, expect, it } from 'vitest';
import { appendSpan, breakFinder, renderLines } from '../../../src/richtext/render.js';
import type { Span } from '../../../src/richtext/types.js';

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

describe('appendSpan', () => {
  const plain = (text: string): Span => ({ text, color: undefined, bold: false, italic: false, size: undefined });

  it('merges text of the same style into the last span', () => {
    const line = [plain('ab')];
    expect(appendSpan(line, plain('cd'))).toEqual([plain('abcd')]);
  });

  it('adds a span when any of color, size, bold, italic differs', () => {
    for (const other of [{ color: '#ff0000ff' }, { size: 12 }, { bold: true }, { italic: true }]) {
      const line = [plain('a')];
      expect(appendSpan(line, { ...plain('b'), ...other })).toEqual([plain('a'), { ...plain('b'), ...other }]);
    }
  });

  it('writes a line with spans in place', () => {
    const line = [plain('a')];
    expect(appendSpan(line, { ...plain('b'), bold: true })).toBe(line);
    expect(appendSpan(line, { ...plain('c'), bold: true })).toBe(line);
    expect(line.map((s) => s.text)).toEqual(['a', 'bc']);
  });

  it('starts a new line from the shared empty one, which stays empty (through renderLines)', () => {
    const lines = renderLines('\n\nx\n', []);
    expect(lines).toEqual([[], [], [plain('x')], []]);
    expect(lines[0]).toBe(lines[1]);
    expect(lines[0]).toBe(lines[3]);
    expect(Object.isFrozen(lines[0])).toBe(true);
  });

  it('keeps the key order of a span (text first) when merging', () => {
    const [merged] = appendSpan([{ ...plain('a'), bold: true }], { ...plain('b'), bold: true });
    expect(Object.keys(merged!)).toEqual(['text', 'color', 'bold', 'italic', 'size']);
  });
});
