import { describe, expect, it } from 'vitest';
import type { Line, Span } from '../../../src/richtext/index.js';
import { fitHeight, productRows } from '../../../src/ui/canvas/layout.js';
import type { TextRow } from '../../../src/ui/canvas/wrap.js';
import type { ProductView } from '../../../src/ui/types.js';

/** One row per line, 10 px high; the wrapped lines and widths in order. */
function recordingWrap() {
  const calls: [Line[], number][] = [];
  const wrap = (lines: readonly Line[], width: number): TextRow[] => {
    calls.push([[...lines], width]);
    return lines.map((line) => ({ runs: [], size: 10, height: line.length * 10 }));
  };
  return { wrap, calls };
}
const product = (p: Partial<ProductView>): ProductView => ({
  id: undefined,
  name: 'Sword',
  price: undefined,
  discountPrice: undefined,
  discountPercent: undefined,
  purchaseUrl: undefined,
  saleEndsAt: undefined,
  ...p,
});
const rows = (...heights: number[]): TextRow[] => heights.map((height) => ({ runs: [], size: 10, height }));
const texts = (line: Line) => line.map((s: Span) => [s.text, s.color, s.bold]);

describe('productRows', () => {
  it('wraps the name in bold, then the struck price, the price and the discount in the accent color', () => {
    const { wrap, calls } = recordingWrap();
    const was = new Set<Span>();
    const got = productRows(product({ price: 100, discountPrice: 80, discountPercent: 20 }), 200, wrap, was, '#f00');
    expect(calls.map(([, w]) => w)).toEqual([200, 200]);
    expect(texts(calls[0]![0][0]!)).toEqual([['Sword', undefined, true]]);
    const line = calls[1]![0][0]!;
    expect(texts(line)).toEqual([
      ['100', undefined, false],
      [' ', undefined, false],
      ['80', undefined, false],
      [' ', undefined, false],
      ['-20%', '#f00', true],
    ]);
    expect([...was]).toEqual([line[0]]);
    // 1 span of name (10) + 5 spans of price (50); the row is at least a button high (44).
    expect(got.h).toBe(60);
    expect(got.rowH).toBe(60);
  });

  it('has no price rows without a price, and a row a button high', () => {
    const { wrap, calls } = recordingWrap();
    const got = productRows(product({}), 120, wrap, new Set(), '#f00');
    expect(calls).toHaveLength(1);
    expect(got.rows).toEqual([]);
    expect([got.h, got.rowH]).toEqual([10, 44]);
  });
});

describe('fitHeight', () => {
  it('keeps everything when it fits; the hero at most 180 high, at the card width’s aspect ratio', () => {
    const message = rows(20, 20);
    expect(fitHeight({ w: 400, h: 100 }, 200, 100, message, 1000)).toEqual([50, 50 + 100 + 40 + 16]);
    expect(message).toHaveLength(2);
    expect(fitHeight({ w: 100, h: 400 }, 200, 100, rows(), 1000)).toEqual([180, 280]);
    expect(fitHeight(undefined, 200, 100, rows(), 1000)).toEqual([0, 100]);
    expect(fitHeight({ w: 0, h: 0 }, 200, 100, rows(), 1000)).toEqual([0, 100]);
  });

  it('leaves message rows out from the end first, then shrinks the hero', () => {
    const message = rows(20, 20, 20);
    // 16 from every edge: 208 for the card; hero 50 + fixed 100 + 2 rows 40 + 16 = 206 fits, 3 rows do not.
    expect(fitHeight({ w: 400, h: 100 }, 200, 100, message, 240)).toEqual([50, 206]);
    expect(message).toHaveLength(2);
    // One pixel less (205) and two rows no longer fit, the 16 below the message counted.
    const shorter = rows(20, 20, 20);
    expect(fitHeight({ w: 400, h: 100 }, 200, 100, shorter, 237)).toEqual([50, 186]);
    expect(shorter).toHaveLength(1);
    const none = rows(20);
    // 150 for the card: no message row fits; the hero shrinks by what still overflows.
    expect(fitHeight({ w: 400, h: 100 }, 200, 120, none, 182)).toEqual([30, 150]);
    expect(none).toEqual([]);
  });

  it('gives a card of at most the height, never below 0', () => {
    expect(fitHeight(undefined, 200, 100, rows(), 20)).toEqual([0, 0]);
  });
});
