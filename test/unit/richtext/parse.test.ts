import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DEPTH,
  MAX_SIZE_PX,
  MAX_TAG_LENGTH,
  MAX_WARNINGS,
  NAMED_COLORS,
  parseColor,
  parseRichText,
  plainText,
  type MarkupWarningCode,
  type Span,
} from '../../../src/richtext/index.js';
import { referenceParse } from '../../support/markup-fuzz.js';
import { PROPERTY_TIME_LIMIT_MS } from '../../support/time-limits.js';

const plain = (text: string): Span => ({ text, color: undefined, bold: false, italic: false, size: undefined });
const styled = (text: string, style: Partial<Span>): Span => ({ ...plain(text), ...style });
const codes = (source: string): MarkupWarningCode[] => parseRichText(source).warnings.map((w) => w.code);

describe('parseRichText', () => {
  it('colors a span and keeps the rest plain (the spec’s markup)', () => {
    const { lines, warnings } = parseRichText('Get <color=#FFD700>Gold</color> now');
    expect(lines).toEqual([[plain('Get '), styled('Gold', { color: '#ffd700ff' }), plain(' now')]]);
    expect(warnings).toEqual([]);
  });

  it('splits lines on \\n, \\r\\n, \\r, U+2028 and U+2029, keeping empty lines', () => {
    expect(parseRichText('a\nb\r\n\rc\u2028d\u2029').lines).toEqual([[plain('a')], [plain('b')], [], [plain('c')], [plain('d')], []]);
  });

  it('a CR and an LF with only applied tags between them are one line break', () => {
    expect(parseRichText('a\r<b></b>\nb').lines).toEqual([[plain('a')], [plain('b')]]);
    expect(parseRichText('a\r<x>\nb').lines).toEqual([[plain('a')], [plain('<x>')], [plain('b')]]);
  });

  it('a color spans a line break', () => {
    expect(parseRichText('<color=red>a\nb</color>').lines).toEqual([
      [styled('a', { color: '#ff0000ff' })],
      [styled('b', { color: '#ff0000ff' })],
    ]);
  });

  it('nests in any order and restores the outer style', () => {
    const { lines } = parseRichText('<color=red>a<color=blue>b</color>c<b><i>d</i></b></color>');
    expect(lines[0]).toEqual([
      styled('a', { color: '#ff0000ff' }),
      styled('b', { color: '#0000ffff' }),
      styled('c', { color: '#ff0000ff' }),
      styled('d', { color: '#ff0000ff', bold: true, italic: true }),
    ]);
  });

  it('accepts #RRGGBBAA, names in any case, quoted values and sizes', () => {
    const { lines } = parseRichText('<color=#FF000080>a</color><COLOR="Lime">b</COLOR><size=30>c</size><color="#00F00080">d</color><size="12">e</size>');
    expect(lines[0]).toEqual([
      styled('a', { color: '#ff000080' }),
      styled('b', { color: '#00ff00ff' }),
      styled('c', { size: 30 }),
      styled('d', { color: '#00f00080' }),
      styled('e', { size: 12 }),
    ]);
  });

  it('joins adjacent text of the same style into one span, across applied tags', () => {
    expect(parseRichText('a<b></b>b<b>c<b>d</b></b>').lines).toEqual([[plain('ab'), styled('cd', { bold: true })]]);
  });

  it('shows an unclosed tag as text (uGUI) and says so', () => {
    const { lines, warnings } = parseRichText('<color=#FF8800>50% off');
    expect(lines).toEqual([[plain('<color=#FF8800>50% off')]]);
    expect(warnings).toEqual([{ code: 'unclosed-tag', offset: 0, tag: '<color=#FF8800>' }]);
  });

  it('shows a stray closing tag as text', () => {
    const { lines, warnings } = parseRichText('a</color>b');
    expect(plainText({ lines, warnings })).toBe('a</color>b');
    expect(warnings).toEqual([{ code: 'stray-close', offset: 1, tag: '</color>' }]);
  });

  it('crossed tags: the inner opening is text, the pair that closes properly applies', () => {
    const { lines, warnings } = parseRichText('<b><i>x</b></i>');
    expect(lines[0]).toEqual([styled('<i>x', { bold: true }), plain('</i>')]);
    expect(warnings.map((w) => [w.code, w.offset])).toEqual([
      ['crossed-tags', 3],
      ['stray-close', 11],
    ]);
  });

  it('a bad color value, spaces inside a tag, or an unknown tag stay text', () => {
    for (const source of ['<color=#GG0000>x</color>', '<color = red>x</color>', '<u>x</u>', '<color=#12345>x</color>']) {
      expect(plainText(parseRichText(source))).toBe(source);
    }
  });

  it('<script> and HTML stay text: nothing is ever markup', () => {
    const source = '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">y</a>';
    const { lines } = parseRichText(source);
    expect(lines).toEqual([[plain(source)]]);
  });

  it('the plain text equals the input minus the tags it applied', () => {
    const source = '<b>Hi</b> <color=#00FF00>there</color> <x> </color> <i>open';
    expect(plainText(parseRichText(source))).toBe('Hi there <x> </color> <i>open');
  });

  it('never throws on non-string input', () => {
    for (const value of [undefined, null, 42, {}, ['<b>x</b>']]) {
      expect(parseRichText(value as unknown as string)).toEqual({ lines: [[]], warnings: [] });
    }
  });

  it(`caps nesting depth: an element inside ${MAX_DEPTH} applied ones is text, both its tags`, () => {
    const source = '<b>'.repeat(MAX_DEPTH + 1) + 'x' + '</b>'.repeat(MAX_DEPTH + 1);
    const { lines, warnings } = parseRichText(source);
    expect(lines).toEqual([[styled('<b>x</b>', { bold: true })]]);
    expect(warnings).toEqual([{ code: 'depth-limit', offset: 3 * MAX_DEPTH, tag: '<b>' }]);
    expect(codes('<b>'.repeat(40) + 'x' + '</b>'.repeat(40)).filter((c) => c === 'depth-limit')).toHaveLength(8);
  });

  it('counts depth in applied elements only: tags shown as text do not count', () => {
    const source = '<i>'.repeat(10) + '<b>'.repeat(MAX_DEPTH) + 'x' + '</b>'.repeat(MAX_DEPTH);
    const { lines } = parseRichText(source);
    expect(lines).toEqual([[plain('<i>'.repeat(10)), styled('x', { bold: true })]]);
  });

  it(`a tag is at most ${MAX_TAG_LENGTH} characters long, < and > included`, () => {
    const longest = `<size=${'0'.repeat(MAX_TAG_LENGTH - 9)}20>`;
    expect(longest).toHaveLength(MAX_TAG_LENGTH);
    expect(parseRichText(`${longest}x</size>`).lines).toEqual([[styled('x', { size: 20 })]]);
    const tooLong = `<size=0${longest.slice(6)}`;
    expect(parseRichText(`${tooLong}x</size>`).lines).toEqual([[plain(`${tooLong}x</size>`)]]);
    expect(codes(`${tooLong}x</size>`)).toEqual(['stray-close']);
  });

  it('a candidate ends at the first >, and a < inside it starts another', () => {
    expect(parseRichText('<b<b>x</b>').lines).toEqual([[plain('<b'), styled('x', { bold: true })]]);
    expect(parseRichText('<<b>>x</b>').lines).toEqual([[plain('<'), styled('>x', { bold: true })]]);
  });

  it(`sizes: digits, at least 1; above ${MAX_SIZE_PX} px applied as ${MAX_SIZE_PX}`, () => {
    expect(parseRichText('<size=007>a</size><size=2000>b</size><size=99999999999999999999>c</size>').lines[0]).toEqual([
      styled('a', { size: 7 }),
      styled('bc', { size: MAX_SIZE_PX }),
    ]);
    for (const value of ['0', '000', '+5', '-5', '12.5', '1e3', '20px', '', '"20', '２０', ' 20']) {
      const source = `<size=${value}>x</size>`;
      expect(plainText(parseRichText(source)), source).toBe(source);
    }
    expect(codes('<size=0>x</size>')).toEqual(['invalid-value', 'stray-close']);
    expect(codes('<size= 20>x</size>')).toEqual(['invalid-value', 'stray-close']);
  });

  it('invalid values are text with a warning; other tag-like text has none', () => {
    expect(codes('<color=>')).toEqual(['invalid-value']);
    expect(codes('<color="red>')).toEqual(['invalid-value']);
    expect(codes('<color=""red"">')).toEqual(['invalid-value']);
    expect(codes('<color=darkgreen>')).toEqual(['invalid-value']);
    expect(codes('<color=blac\u212A>')).toEqual(['invalid-value']);
    expect(codes('<color = red> <b > </color=red> <u> <br> <colour=red> <color>')).toEqual([]);
  });

  it(`warnings come in source order, at most ${MAX_WARNINGS}`, () => {
    const { warnings } = parseRichText('<b>'.repeat(MAX_WARNINGS + 50));
    expect(warnings).toHaveLength(MAX_WARNINGS);
    expect(warnings.map((w) => w.offset)).toEqual(Array.from({ length: MAX_WARNINGS }, (_, k) => 3 * k));
    expect(codes('</i><b><color=#GG0000></b><i>')).toEqual(['stray-close', 'invalid-value', 'unclosed-tag']);
  });

  it('never splits a surrogate pair, and keeps lone surrogates as they are', () => {
    const source = '😀<b>\ud800😀</b>\udc00';
    expect(parseRichText(source).lines).toEqual([[plain('😀'), styled('\ud800😀', { bold: true }), plain('\udc00')]]);
  });

  it('agrees with the reference model of docs/markup.md on random markup', () => {
    const unit = fc.constantFrom('<b>', '</b>', '<i>', '</i>', '<color=red>', '<color="#FF000080">', '<color=#GG0000>', '</color>', '<size=20>', '<size=0>', '</size>', '<', '>', '=', '"', 'x', ' ', '\r', '\n', '\u2028', '한', '😀');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), (units) => {
        const source = units.join('');
        expect(parseRichText(source)).toEqual(referenceParse(source));
      }),
      { numRuns: 2000, seed: 7 },
    );
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('docs/markup.md, the table of malformed markup, row by row', () => {
  const red = '#ff0000ff';
  const rows: [string, string, Span[][], MarkupWarningCode[]][] = [
    ['unknown tag', '<u>x</u><sprite=0><br>', [[plain('<u>x</u><sprite=0><br>')]], []],
    ['text-mesh-only tags', '<material=2>x</material><quad size=20>', [[plain('<material=2>x</material><quad size=20>')]], []],
    ['unclosed tag', '<color=#FF8800>50% off', [[plain('<color=#FF8800>50% off')]], ['unclosed-tag']],
    ['stray closing tag', 'a</color>b', [[plain('a</color>b')]], ['stray-close']],
    ['crossed tags', '<b><i>x</b></i>', [[styled('<i>x', { bold: true }), plain('</i>')]], ['crossed-tags', 'stray-close']],
    ['same tag nested', '<color=red>a<color=blue>b</color>c</color>', [[styled('a', { color: red }), styled('b', { color: '#0000ffff' }), styled('c', { color: red })]], []],
    ['bad hex', '<color=#GG0000>x</color>', [[plain('<color=#GG0000>x</color>')]], ['invalid-value', 'stray-close']],
    ['3, 4, 5 or 7 hex digits', '<color=#F80>a<color=#F808>b<color=#F8000>c<color=#F800000>d', [[plain('<color=#F80>a<color=#F808>b<color=#F8000>c<color=#F800000>d')]], ['invalid-value', 'invalid-value', 'invalid-value', 'invalid-value']],
    ['unknown color name', '<color=darkgreen>x', [[plain('<color=darkgreen>x')]], ['invalid-value']],
    ['quoted value', '<color="#FF0000">a</color><color="red">b</color>', [[styled('ab', { color: red })]], []],
    ['blanks in a tag', '<color = red>x</color>', [[plain('<color = red>x</color>')]], ['stray-close']],
    ['empty value', '<color=>a<size=>b', [[plain('<color=>a<size=>b')]], ['invalid-value', 'invalid-value']],
    ['upper case', '<COLOR=RED><B>x</B></COLOR>', [[styled('x', { color: red, bold: true })]], []],
    ['size 0, signed or decimal', '<size=0>a<size=+2>b<size=12.5>c', [[plain('<size=0>a<size=+2>b<size=12.5>c')]], ['invalid-value', 'invalid-value', 'invalid-value']],
    ['size above the cap', '<size=2000>x</size>', [[styled('x', { size: MAX_SIZE_PX })]], []],
    ['closing tag with a value', '<color=red>x</color=red>', [[plain('<color=red>x</color=red>')]], ['unclosed-tag']],
    ['the characters \\ and n', 'a\\nb', [[plain('a\\nb')]], []],
    ['tag longer than 128', `<size=${'0'.repeat(MAX_TAG_LENGTH - 8)}20>x`, [[plain(`<size=${'0'.repeat(MAX_TAG_LENGTH - 8)}20>x`)]], []],
    ['nesting deeper than 32', `${'<b>'.repeat(33)}x${'</b>'.repeat(33)}`, [[styled('<b>x</b>', { bold: true })]], ['depth-limit']],
    ['CR LF, CR, U+2028', 'a\r\nb\rc\u2028d', [[plain('a')], [plain('b')], [plain('c')], [plain('d')]], []],
    ['HTML', '<script>x</script><img src=x onerror=alert(1)>', [[plain('<script>x</script><img src=x onerror=alert(1)>')]], []],
  ];
  it.each(rows)('%s: %s', (_, source, lines, warnings) => {
    const result = parseRichText(source);
    expect(result.lines).toEqual(lines);
    expect(result.warnings.map((w) => w.code)).toEqual(warnings);
  });
});

describe('parseColor', () => {
  it('reads #RRGGBB, #RRGGBBAA and the named colors, as #rrggbbaa', () => {
    expect(parseColor('#00FF00')).toBe('#00ff00ff');
    expect(parseColor('#00ff0080')).toBe('#00ff0080');
    expect(parseColor('Red')).toBe('#ff0000ff');
    expect(parseColor('DARKBLUE')).toBe('#0000a0ff');
  });

  it('knows exactly uGUI’s 22 named colors, with the manual’s values (written out here, not read from src)', () => {
    // Unity manual, "Rich Text" (uGUI), the color-name table; /work/shared/research/unity-rich-text.md §1.
    const UGUI: Record<string, string> = {
      aqua: '#00ffff', black: '#000000', blue: '#0000ff', brown: '#a52a2a', cyan: '#00ffff', darkblue: '#0000a0',
      fuchsia: '#ff00ff', green: '#008000', grey: '#808080', lightblue: '#add8e6', lime: '#00ff00', magenta: '#ff00ff',
      maroon: '#800000', navy: '#000080', olive: '#808000', orange: '#ffa500', purple: '#800080', red: '#ff0000',
      silver: '#c0c0c0', teal: '#008080', white: '#ffffff', yellow: '#ffff00',
    };
    expect(NAMED_COLORS).toEqual(UGUI);
    for (const [name, hex] of Object.entries(UGUI)) {
      expect(parseColor(name), name).toBe(`${hex}ff`);
      expect(parseRichText(`<color=${name.toUpperCase()}>x</color>`).lines[0], name).toEqual([styled('x', { color: `${hex}ff` })]);
    }
  });

  it('rejects everything else without throwing', () => {
    for (const value of ['#FFF', '#FFFF', '#12345', '#GG0000', '"red"', ' red', 'constructor', '__proto__', 'toString', 'blac\u212A', '']) {
      expect(parseColor(value), value).toBeUndefined();
    }
    expect(parseColor(undefined as unknown as string)).toBeUndefined();
  });
});
