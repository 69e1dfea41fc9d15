/**
 * toEngineMarkup on 100,000 fast-check strings per target: a small parser of each target's grammar,
 * written here from the engine's rules (docs/markup.md), reads the output back. It must give the
 * message's spans (same text and styles, line by line) and meet no tag but color, size, bold,
 * italic (and TextMeshPro's `<noparse>`, Godot's `[lb]` and `[rb]`): any other tag, a tag left open
 * or crossed, or text outside `<noparse>` fails the case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRichText, toEngineMarkup, type Line, type Span } from '../../src/richtext/index.js';
import { FUZZ_TIME_LIMIT_MS } from '../support/time-limits.js';

const RUNS = 100_000;
const SEED = Number(process.env.MARKUP_FUZZ_SEED ?? 20_261_207);

/** A style being read: what an open tag sets. */
interface Style {
  color?: string;
  size?: number;
  bold: boolean;
  italic: boolean;
}

/** Parse failure: the output is outside the target's grammar. */
class GrammarError extends Error {}

/** Reads the lines of spans back, merging adjacent text of one style (as the engine does). */
class Reader {
  readonly lines: Span[][] = [[]];
  private readonly stack: { name: string; style: Style }[] = [];
  private style: Style = { bold: false, italic: false };

  open(name: string, change: Partial<Style>): void {
    this.stack.push({ name, style: this.style });
    this.style = { ...this.style, ...change };
  }

  close(name: string): void {
    const top = this.stack.pop();
    if (top?.name !== name) throw new GrammarError(`closing ${name} with ${top?.name ?? 'nothing'} open`);
    this.style = top.style;
  }

  text(text: string): void {
    if (text === '') return;
    const line = this.lines[this.lines.length - 1]!;
    const span: Span = { text, color: this.style.color, bold: this.style.bold, italic: this.style.italic, size: this.style.size };
    const last = line[line.length - 1];
    if (last && last.color === span.color && last.size === span.size && last.bold === span.bold && last.italic === span.italic) {
      line[line.length - 1] = { ...last, text: last.text + text };
    } else line.push(span);
  }

  lineBreak(): void {
    if (this.stack.length > 0) throw new GrammarError('line break inside a tag');
    this.lines.push([]);
  }

  end(): Line[] {
    if (this.stack.length > 0) throw new GrammarError(`${this.stack.length} tags left open`);
    return this.lines;
  }
}

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{8})$/;
const color = (value: string): string => {
  if (!HEX.test(value)) throw new GrammarError(`color ${value}`);
  return value.length === 7 ? `${value}ff` : value;
};
const size = (value: string): number => {
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > 1000) throw new GrammarError(`size ${value}`);
  return Number(value);
};

/**
 * TextMeshPro, as the SDK relies on it: outside `<noparse>` only tags and LF; a tag runs from `<`
 * to the first `>` (no `<` inside); `<noparse>` makes everything text up to the first `</noparse>`
 * in any case.
 */
function readTmp(markup: string): Line[] {
  const reader = new Reader();
  let at = 0;
  while (at < markup.length) {
    if (markup[at] === '\n') {
      reader.lineBreak();
      at++;
      continue;
    }
    const tag = /^<([^<>]*)>/.exec(markup.slice(at, at + 40))?.[1];
    if (tag === undefined) throw new GrammarError(`text outside <noparse> at ${at}`);
    at += tag.length + 2;
    let m: RegExpExecArray | null;
    if (tag === 'noparse') {
      const end = markup.toLowerCase().indexOf('</noparse>', at);
      if (end < 0) throw new GrammarError('<noparse> never closed');
      reader.text(markup.slice(at, end));
      at = end + '</noparse>'.length;
    } else if ((m = /^color=(.*)$/.exec(tag))) reader.open('color', { color: color(m[1]!) });
    else if ((m = /^size=(.*)$/.exec(tag))) reader.open('size', { size: size(m[1]!) });
    else if (tag === 'b') reader.open('b', { bold: true });
    else if (tag === 'i') reader.open('i', { italic: true });
    else if (tag === '/color' || tag === '/size' || tag === '/b' || tag === '/i') reader.close(tag.slice(1));
    else throw new GrammarError(`tag <${tag}>`);
  }
  return reader.end();
}

/**
 * BBCode: a tag runs from `[` to the first `]`; `lb` and `rb` are the brackets when `escapes`;
 * `sizeTag` is the size tag's name. A lone `]` is refused too (the serializer never writes one).
 */
function readBbcode(markup: string, sizeTag: string, escapes: boolean): Line[] {
  const reader = new Reader();
  let at = 0;
  while (at < markup.length) {
    const next = markup.slice(at).search(/[[\]\n]/);
    const stop = next < 0 ? markup.length : at + next;
    reader.text(markup.slice(at, stop));
    at = stop;
    if (at === markup.length) break;
    if (markup[at] === '\n') {
      reader.lineBreak();
      at++;
      continue;
    }
    if (markup[at] === ']') throw new GrammarError(`lone ] at ${at}`);
    const end = markup.indexOf(']', at);
    if (end < 0) throw new GrammarError(`[ never closed at ${at}`);
    const tag = markup.slice(at + 1, end);
    at = end + 1;
    let m: RegExpExecArray | null;
    if (escapes && tag === 'lb') reader.text('[');
    else if (escapes && tag === 'rb') reader.text(']');
    else if ((m = /^color=(.*)$/s.exec(tag))) reader.open('color', { color: color(m[1]!) });
    else if ((m = new RegExp(`^${sizeTag}=(.*)$`, 's').exec(tag))) reader.open(sizeTag, { size: size(m[1]!) });
    else if (tag === 'b') reader.open('b', { bold: true });
    else if (tag === 'i') reader.open('i', { italic: true });
    else if (tag === '/color' || tag === `/${sizeTag}` || tag === '/b' || tag === '/i') reader.close(tag.slice(1));
    else throw new GrammarError(`tag [${tag}]`);
  }
  return reader.end();
}

/** The lines of the message as Construct shows them: brackets fullwidth, colors opaque. */
const constructLines = (lines: readonly Line[]): Line[] =>
  lines.map((line) =>
    line.map((span) => ({ ...span, text: span.text.replace(/\[/g, '\uff3b').replace(/\]/g, '\uff3d'), color: span.color && `${span.color.slice(0, 7)}ff` })),
  );

/** Merges adjacent spans of one style (Construct's colors lose alpha, so two may become one). */
const merged = (lines: readonly Line[]): Line[] =>
  lines.map((line) => {
    const out: Span[] = [];
    for (const span of line) {
      const last = out[out.length - 1];
      if (last && last.color === span.color && last.size === span.size && last.bold === span.bold && last.italic === span.italic) {
        out[out.length - 1] = { ...last, text: last.text + span.text };
      } else out.push(span);
    }
    return out;
  });

/** Plain data: undefined keys kept, so `toEqual` compares every field. */
const plain = (lines: readonly Line[]): Line[] => lines.map((line) => line.map((s) => ({ text: s.text, color: s.color, bold: s.bold, italic: s.italic, size: s.size })));

const TOKENS = [
  '<b>', '</b>', '<i>', '</i>', '<B>', '</I>', '<color=red>', '<color=#FF8800>', '<color=#ff000080>', '<color="blue">', '</color>',
  '<size=20>', '<size=5000>', '</size>', '<size=0>', '<noparse>', '</noparse>', '</NOPARSE>', '</noparse', '<</noparse>', '<u>', '<br>',
  '<script>alert(1)</script>', '<sprite=0>', '<#f00>', '[b]', '[/b]', '[i]', '[color=#ff0000]', '[/color]', '[size=20]', '[font_size=9]',
  '[/font_size]', '[lb]', '[rb]', '[', ']', '[[', ']]', '[url=javascript:x]', '[img]x[/img]', '\n', '\r\n', '\r', '\u2028', '\\n',
  '<', '>', '/', '=', '"', '한글', '골드', '😀', '\ud83d', '［', '］', ' ', 'noparse', 'x',
];

/** Tag soup of the three grammars, mixed with any UTF-16 text (lone surrogates included). */
const message = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) }), { maxLength: 24 })
  .map((parts) => parts.join(''));

describe('toEngineMarkup: each target read back by its grammar', () => {
  it(
    `gives the spans back and no other tag (${RUNS.toLocaleString('en')} strings, seed ${SEED})`,
    () => {
      fc.assert(
        fc.property(message, (source) => {
          const lines = plain(parseRichText(source).lines);
          expect(plain(toEngineMarkup(source, 'spans'))).toEqual(lines);
          expect(plain(readTmp(toEngineMarkup(source, 'tmp')))).toEqual(lines);
          expect(plain(readBbcode(toEngineMarkup(source, 'bbcode-godot'), 'font_size', true))).toEqual(lines);
          expect(plain(readBbcode(toEngineMarkup(source, 'bbcode-construct'), 'size', false))).toEqual(merged(constructLines(lines)));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    FUZZ_TIME_LIMIT_MS,
  );

  it('the readers refuse what the serializers must never write', () => {
    for (const bad of ['x', '<u><noparse>x</noparse></u>', '<b><noparse>x</noparse>', '<b><i></b></i>', '<noparse>x', '<color=red></color>', '<size=0></size>']) {
      expect(() => readTmp(bad), bad).toThrow(GrammarError);
    }
    for (const bad of ['[u]x[/u]', '[b]x', 'a]', '[b][i][/b][/i]', '[lb', '[size=20][/size]', '[color=red][/color]']) {
      expect(() => readBbcode(bad, 'font_size', true), bad).toThrow(GrammarError);
    }
    expect(() => readBbcode('[lb]', 'size', false)).toThrow(GrammarError);
  });
});
