import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Line, Span } from '../../../src/richtext/index.js';
import { graphemes, wrapLines, type Measure, type TextRow } from '../../../src/ui/canvas/wrap.js';
import { PROPERTY_TIME_LIMIT_MS } from '../../support/time-limits.js';

/** Deterministic widths: code points × font size × (0.6 bold, 0.5 regular). */
const measure: Measure = (text, font) => [...text].length * Number(/([\d.]+)px/.exec(font)![1]) * (font.includes('bold') ? 0.6 : 0.5);
const span = (text: string, style: Partial<Span> = {}): Span => ({ text, color: undefined, bold: false, italic: false, size: undefined, ...style });
/** Base 10 px: a regular character is 5 px wide, a bold one 6 px. */
const wrap = (lines: readonly Line[], maxWidth: number, lineHeight = 1.5): TextRow[] => wrapLines(lines, maxWidth, 10, measure, 'sans-serif', lineHeight);
const texts = (rows: readonly TextRow[]): string[] => rows.map((r) => r.runs.map((run) => run.text).join(''));
const one = (text: string, maxWidth: number): string[] => texts(wrap([[span(text)]], maxWidth));

const Segmenter = Intl.Segmenter;
/** Replaces `Intl.Segmenter` (undefined: an engine without it). */
const setSegmenter = (value: typeof Intl.Segmenter | undefined): void => void Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true });
afterEach(() => {
  setSegmenter(Segmenter);
});

describe('wrapLines', () => {
  it('wraps Latin text at spaces, dropping the spaces at the breaks', () => {
    // 12 characters fit in 60 px.
    expect(one('Get the Golden Sword now', 60)).toEqual(['Get the', 'Golden Sword', 'now']);
    expect(one('Get    the', 20)).toEqual(['Get', 'the']);
  });

  it('keeps Hangul words whole and breaks Korean only at spaces (keep-all)', () => {
    expect(one('황금 검을 지금 바로 구매하세요', 30)).toEqual(['황금 검을', '지금 바로', '구매하세요']);
    // Even when a break between syllables would fill the row better.
    expect(one('황금 검을지금', 30)).toEqual(['황금', '검을지금']);
    // Only a word wider than the box is broken.
    expect(one('구매하세요', 15)).toEqual(['구매하', '세요']);
  });

  it('keeps CJK letters together as the DOM does (keep-all): a run wider than the box is broken by graphemes', () => {
    expect(one('限定セール（本日まで）', 40)).toEqual(['限定セール', '（本日まで）']);
    expect(one('黄金の剣を今すぐ', 15)).toEqual(['黄金の', '剣を今', 'すぐ']);
    expect(one('今日は晴れ。明日', 15)).toEqual(['今日は', '晴れ。', '明日']);
  });

  it('breaks where the DOM dialog breaks: after punctuation before Hangul, after a hyphen inside a word, beside emoji', () => {
    expect(one('구매하세요!지금', 35)).toEqual(['구매하세요!', '지금']);
    expect(one('50%할인 (한정)상품', 20)).toEqual(['50%', '할인', '(한정)', '상품']);
    expect(one('well-known', 30)).toEqual(['well-', 'known']);
    expect(one('-50% off', 20)).toEqual(['-50%', 'off']);
    expect(one('Buy!Now', 20)).toEqual(['Buy!', 'Now']); // no opportunity: broken by graphemes
    expect(one('선물🎁받기', 20)).toEqual(['선물🎁', '받기']);
  });

  it('breaks a word wider than the box between grapheme clusters, on a row of its own', () => {
    expect(one('Buy Supercalifragilistic', 50)).toEqual(['Buy', 'Supercalif', 'ragilistic']);
    const word = 'ab👍🏽cd👨‍👩‍👧e\u0301f🇰🇷g';
    for (const segmenter of [Segmenter, undefined]) {
      setSegmenter(segmenter);
      for (const width of [1, 12, 20, 33]) {
        const rows = one(word, width);
        expect(rows.join('')).toBe(word);
        expect(rows.length).toBeGreaterThan(1);
        for (const row of rows) {
          expect(row).not.toMatch(/^[\p{M}\u200D\u{1F3FB}-\u{1F3FF}]/u); // nothing split off its base
          expect(row).not.toMatch(/[\u200D\uD800-\uDBFF]$/u); // no dangling joiner or half surrogate pair
        }
        // Each cluster whole on one row.
        expect(rows).toEqual(expect.arrayContaining(['👍🏽', '👨‍👩‍👧', 'e\u0301', '🇰🇷'].map((g) => expect.stringContaining(g))));
      }
    }
  });

  it('measures each span in its own font, and a span split across rows keeps its style on each', () => {
    // 'aaaa BBBB' is 45 px if the bold span were measured as regular, 49 px as bold: it must break.
    const rows = wrap([[span('aaaa '), span('BBBB', { bold: true }), span(' cc')]], 45);
    expect(texts(rows)).toEqual(['aaaa', 'BBBB cc']);
    expect(rows[1]!.runs.map((r) => [r.text, r.x, r.width, r.font])).toEqual([
      ['BBBB', 0, 24, 'bold 10px sans-serif'],
      [' cc', 24, 15, '10px sans-serif'],
    ]);

    const gold = span('Golden Sword of Kings', { color: '#ffd700ff', bold: true, italic: true });
    const split = wrap([[span('Get the '), gold]], 90);
    expect(texts(split)).toEqual(['Get the Golden', 'Sword of Kings']);
    const goldRuns = split.flatMap((r) => r.runs).filter((r) => r.span === gold);
    expect(goldRuns.map((r) => [r.text, r.font])).toEqual([
      ['Golden', 'italic bold 10px sans-serif'],
      ['Sword of Kings', 'italic bold 10px sans-serif'],
    ]);
    expect(goldRuns[0]!.x).toBe(40);
  });

  it('a word whose style changes inside it wraps as one word: a span edge is no break (research: in-app messaging item 12)', () => {
    // `Get the <b>Gol</b>den`: 'Get the Gol' is 58 px and fits 60; the whole word does not fit after 'Get the '.
    const rows = wrap([[span('Get the '), span('Gol', { bold: true }), span('den')]], 60);
    expect(texts(rows)).toEqual(['Get the', 'Golden']);
    expect(rows[1]!.runs.map((r) => [r.text, r.x, r.font])).toEqual([
      ['Gol', 0, 'bold 10px sans-serif'],
      ['den', 18, '10px sans-serif'],
    ]);
    // A Korean word with a colored syllable: kept whole too.
    const red = span('매', { color: '#ff0000ff' });
    expect(texts(wrap([[span('지금 구'), red, span('하세요')]], 30))).toEqual(['지금', '구매하세요']);
  });

  it('clamps <size> to 0.5×–3× of the base, and a row is as tall as its largest font', () => {
    const rows = wrap([[span('big', { size: 100 }), span('small', { size: 1 })], [span('plain')]], 1000, 1.5);
    expect(rows.map((r) => r.runs.map((run) => run.size))).toEqual([[30, 5], [10]]);
    expect(rows.map((r) => r.height)).toEqual([45, 15]);
    expect(rows[0]!.runs[1]!.x).toBe(measure('big', '30px x'));
  });

  it('starts a row at each parsed line, and keeps the height of empty lines', () => {
    const rows = wrap([[span('one')], [], [span('two '), span('three')], [span('   ')]], 1000);
    expect(texts(rows)).toEqual(['one', '', 'two three', '']);
    expect(rows.map((r) => r.height)).toEqual([15, 15, 15, 15]);
    expect(wrap([], 100)).toEqual([]);
  });

  it('keeps leading spaces (pre-wrap) and hangs trailing ones', () => {
    expect(one('  ab cd  ', 1000)).toEqual(['  ab cd']);
  });

  it('after a line’s leading spaces, moves a word that fits a row of its own to the next row instead of breaking it', () => {
    // 5 px a character: 12 characters a row.
    expect(one('    Supercali', 60)).toEqual(['    ', 'Supercali']);
    expect(one('  구매하세요', 30)).toEqual(['  ', '구매하세요']); // keep-all: no break between syllables
    expect(one('  Supercalifragilistic', 60)).toEqual(['  Supercalif', 'ragilistic']); // wider than a row: broken
  });

  it('gives back the input minus only the spaces at break points, within the width (property)', () => {
    const unit = fc.constantFrom('a', 'W', 'x', ' ', ' ', '\t', '한', '글', '漢', 'の', '。', ',', 'e\u0301', '👍🏽', '👨‍👩‍👧', '🇰🇷', '<', '-');
    const spanArb = fc.record({
      text: fc.array(unit, { maxLength: 12 }).map((u) => u.join('')),
      color: fc.constantFrom(undefined, '#ff0000ff'),
      bold: fc.boolean(),
      italic: fc.boolean(),
      size: fc.constantFrom(undefined, 4, 12, 50),
    });
    fc.assert(
      fc.property(fc.array(fc.array(spanArb, { maxLength: 4 }), { maxLength: 4 }), fc.integer({ min: 0, max: 200 }), (lines, maxWidth) => {
        const rows = wrap(lines, maxWidth);
        let r = 0;
        for (const line of lines) {
          const input = line.map((s) => s.text).join('');
          let i = 0;
          const first = r;
          do {
            const row = rows[r]!;
            const text = row.runs.map((run) => run.text).join('');
            // Only spaces may be skipped, and only between rows.
            while (r > first && !input.startsWith(text, i) && /[ \t]/.test(input[i] ?? '')) i++;
            expect(input.startsWith(text, i)).toBe(true);
            i += text.length;
            if (r > first) expect(text).not.toBe('');
            for (const run of row.runs) expect(run.span.text).toContain(run.text);
            // Within the width, unless the row is one grapheme (or spaces that hang).
            const ink = row.runs.filter((run) => run.text.trim() !== '');
            const end = Math.max(0, ...ink.map((run) => run.x + run.width));
            if (graphemes(text.trim()).length > 1) expect(end).toBeLessThanOrEqual(maxWidth + 1e-9);
            r++;
          } while (i < input.trimEnd().length);
          expect(input.slice(i).trim()).toBe('');
        }
        expect(r).toBe(rows.length);
      }),
      { numRuns: 500 },
    );
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('graphemes without Intl.Segmenter', () => {
  const Segmenter = Intl.Segmenter;
  const setSegmenter = (value: typeof Intl.Segmenter | undefined): void => void Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true });
  afterEach(() => setSegmenter(Segmenter));

  it('keeps a Hangul syllable written as conjoining jamo (NFD) in one cluster', () => {
    const word = '구매하세요'.normalize('NFD'); // 5 syllables, 10 jamo
    expect(graphemes(word)).toHaveLength(5); // Intl.Segmenter's answer
    setSegmenter(undefined);
    expect(graphemes(word)).toHaveLength(5);
  });
});
