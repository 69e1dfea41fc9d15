import { describe, expect, it } from 'vitest';
import { parseRichText, plainText, type Span } from '../../../src/richtext/index.js';

const plain = (text: string): Span => ({ text, color: undefined, bold: false, italic: false, size: undefined });
const styled = (text: string, style: Partial<Span>): Span => ({ ...plain(text), ...style });

describe('parseRichText', () => {
  it('colors a span and keeps the rest plain (the spec’s markup)', () => {
    const { lines, warnings } = parseRichText('Get <color=#FFD700>Gold</color> now');
    expect(lines).toEqual([[plain('Get '), styled('Gold', { color: '#ffd700ff' }), plain(' now')]]);
    expect(warnings).toEqual([]);
  });

  it('splits lines on \\n, \\r\\n and \\r, keeping empty lines', () => {
    expect(parseRichText('a\nb\r\n\rc').lines).toEqual([[plain('a')], [plain('b')], [], [plain('c')]]);
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
    const { lines } = parseRichText('<color=#FF000080>a</color><COLOR="Lime">b</COLOR><size=30>c</size>');
    expect(lines[0]).toEqual([styled('a', { color: '#ff000080' }), styled('b', { color: '#00ff00ff' }), styled('c', { size: 30 })]);
  });

  it('shows an unclosed tag as text (uGUI) and says so', () => {
    const { lines, warnings } = parseRichText('<color=#FF8800>50% off');
    expect(lines).toEqual([[plain('<color=#FF8800>50% off')]]);
    expect(warnings).toEqual([{ code: 'unclosed-tag', offset: 0, tag: '<color=#FF8800>' }]);
  });

  it('shows a stray closing tag as text', () => {
    const { lines, warnings } = parseRichText('a</color>b');
    expect(plainText({ lines, warnings })).toBe('a</color>b');
    expect(warnings[0]!.code).toBe('stray-close');
  });

  it('crossed tags: the inner opening is text, the pair that closes properly applies', () => {
    const { lines } = parseRichText('<b><i>x</b></i>');
    expect(lines[0]).toEqual([styled('<i>x', { bold: true }), plain('</i>')]);
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
    expect(parseRichText(undefined as unknown as string).lines).toEqual([[]]);
  });

  it('caps nesting depth: tags opened deeper than 32 are text', () => {
    const source = '<b>'.repeat(40) + 'x' + '</b>'.repeat(40);
    const { warnings } = parseRichText(source);
    expect(warnings.filter((w) => w.code === 'depth-limit')).toHaveLength(8);
  });
});
