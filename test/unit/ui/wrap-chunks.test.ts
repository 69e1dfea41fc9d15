import { describe, expect, it } from 'vitest';
import type { Span } from '../../../src/richtext/index.js';
import { chunksOf, type Measure } from '../../../src/ui/canvas/wrap.js';

const span = (text: string, style: Partial<Span> = {}): Span => ({ text, color: undefined, bold: false, italic: false, size: undefined, ...style });

/** Widths of 5 px a code point, and the calls in order. */
function recording(): { measure: Measure; calls: string[] } {
  const calls: string[] = [];
  return { calls, measure: (text, font) => (calls.push(`${font}|${text}`), [...text].length * 5) };
}

describe('chunksOf', () => {
  it('cuts runs of spaces from runs of other characters, each measured once, after the cutting', () => {
    const { measure, calls } = recording();
    const chunks = chunksOf([span('Get  the')], 10, 'sans-serif', measure);
    expect(chunks.map((c) => [c.t, c.sp, c.glue, c.w])).toEqual([
      ['Get', false, false, 15],
      ['  ', true, false, 10],
      ['the', false, false, 15],
    ]);
    expect(calls).toEqual(['10px sans-serif|Get', '10px sans-serif|  ', '10px sans-serif|the']);
  });

  it('cuts at a span edge; a chunk after a non-space with no break opportunity is glued to it', () => {
    const bold = span('Gold', { bold: true, size: 40 });
    const chunks = chunksOf([span('the'), bold, span('en')], 10, 'serif', recording().measure);
    expect(chunks.map((c) => [c.t, c.glue, c.f, c.z])).toEqual([
      ['the', false, '10px serif', 10],
      ['Gold', true, 'bold 30px serif', 30],
      ['en', true, '10px serif', 10],
    ]);
    expect(chunks[1]!.s).toBe(bold);
  });

  it('cuts at a break opportunity inside a span, not glued there (after a hyphen inside a word)', () => {
    const chunks = chunksOf([span('well-known -50%')], 10, 'serif', recording().measure);
    expect(chunks.map((c) => [c.t, c.glue])).toEqual([
      ['well-', false],
      ['known', false],
      [' ', false],
      ['-50%', false],
    ]);
  });

  it('gives no chunk for an empty line', () => {
    expect(chunksOf([], 10, 'serif', recording().measure)).toEqual([]);
    expect(chunksOf([span('')], 10, 'serif', recording().measure)).toEqual([]);
  });
});
