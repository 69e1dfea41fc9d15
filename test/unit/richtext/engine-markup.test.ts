/**
 * toEngineMarkup: each target on a table of messages (colors, sizes, nesting, line breaks, text
 * that looks like markup, Korean and emoji), the spans target, and the errors.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors/index.js';
import { ENGINE_MARKUP_TARGETS, parseRichText, toEngineMarkup } from '../../../src/richtext/index.js';

type Row = readonly [message: string, tmp: string, godot: string, construct: string];

const ROWS: readonly Row[] = [
  ['', '', '', ''],
  ['plain', '<noparse>plain</noparse>', 'plain', 'plain'],
  ['<color=#FF8800>50%</color> off', '<color=#ff8800><noparse>50%</noparse></color><noparse> off</noparse>', '[color=#ff8800]50%[/color] off', '[color=#ff8800]50%[/color] off'],
  ['<color=#ff000080>half</color>', '<color=#ff000080><noparse>half</noparse></color>', '[color=#ff000080]half[/color]', '[color=#ff0000]half[/color]'],
  ['<color=red>r</color>', '<color=#ff0000><noparse>r</noparse></color>', '[color=#ff0000]r[/color]', '[color=#ff0000]r[/color]'],
  ['<size=20>big</size>', '<size=20><noparse>big</noparse></size>', '[font_size=20]big[/font_size]', '[size=20]big[/size]'],
  ['<size=5000>huge</size>', '<size=1000><noparse>huge</noparse></size>', '[font_size=1000]huge[/font_size]', '[size=1000]huge[/size]'],
  ['<b>b</b><i>i</i>', '<b><noparse>b</noparse></b><i><noparse>i</noparse></i>', '[b]b[/b][i]i[/i]', '[b]b[/b][i]i[/i]'],
  [
    '<i><b><size=30><color=blue>all</color></size></b></i>',
    '<color=#0000ff><size=30><b><i><noparse>all</noparse></i></b></size></color>',
    '[color=#0000ff][font_size=30][b][i]all[/i][/b][/font_size][/color]',
    '[color=#0000ff][size=30][b][i]all[/i][/b][/size][/color]',
  ],
  [
    '<color=red>a<color=blue>b</color>c</color>',
    '<color=#ff0000><noparse>a</noparse></color><color=#0000ff><noparse>b</noparse></color><color=#ff0000><noparse>c</noparse></color>',
    '[color=#ff0000]a[/color][color=#0000ff]b[/color][color=#ff0000]c[/color]',
    '[color=#ff0000]a[/color][color=#0000ff]b[/color][color=#ff0000]c[/color]',
  ],
  ['a\nb\r\n\rc', '<noparse>a</noparse>\n<noparse>b</noparse>\n\n<noparse>c</noparse>', 'a\nb\n\nc', 'a\nb\n\nc'],
  ['<b>a\nb</b>', '<b><noparse>a</noparse></b>\n<b><noparse>b</noparse></b>', '[b]a[/b]\n[b]b[/b]', '[b]a[/b]\n[b]b[/b]'],
  ['a\\nb', '<noparse>a\\nb</noparse>', 'a\\nb', 'a\\nb'],
  ['[b]x[/b] [lb]', '<noparse>[b]x[/b] [lb]</noparse>', '[lb]b[rb]x[lb]/b[rb] [lb]lb[rb]', '［b］x［/b］ ［lb］'],
  ['<u>x</u> <b>', '<noparse><u>x</u> <b></noparse>', '<u>x</u> <b>', '<u>x</u> <b>'],
  ['a</noparse>b', '<noparse>a<</noparse><noparse>/noparse>b</noparse>', 'a</noparse>b', 'a</noparse>b'],
  ['</NoParse></noparse>', '<noparse><</noparse><noparse>/NoParse><</noparse><noparse>/noparse></noparse>', '</NoParse></noparse>', '</NoParse></noparse>'],
  ['<noparse><b>x</b>', '<noparse><noparse></noparse><b><noparse>x</noparse></b>', '<noparse>[b]x[/b]', '<noparse>[b]x[/b]'],
  ['<script>alert(1)</script>', '<noparse><script>alert(1)</script></noparse>', '<script>alert(1)</script>', '<script>alert(1)</script>'],
  ['<b>골드 😀</b> 검', '<b><noparse>골드 😀</noparse></b><noparse> 검</noparse>', '[b]골드 😀[/b] 검', '[b]골드 😀[/b] 검'],
];

describe('toEngineMarkup', () => {
  it.each(ROWS)('%j', (message, tmp, godot, construct) => {
    expect(toEngineMarkup(message, 'tmp')).toBe(tmp);
    expect(toEngineMarkup(message, 'bbcode-godot')).toBe(godot);
    expect(toEngineMarkup(message, 'bbcode-construct')).toBe(construct);
  });

  it("'spans' gives the parser's lines, plain data", () => {
    const message = '<color=red>골드</color> [x] 😀\n<size=20><b>b</b></size>';
    const spans = toEngineMarkup(message, 'spans');
    expect(spans).toEqual(parseRichText(message).lines);
    expect(spans).toEqual([
      [
        { text: '골드', color: '#ff0000ff', bold: false, italic: false, size: undefined },
        { text: ' [x] 😀', color: undefined, bold: false, italic: false, size: undefined },
      ],
      [{ text: 'b', color: undefined, bold: true, italic: false, size: 20 }],
    ]);
    expect(JSON.parse(JSON.stringify(spans))).toEqual(JSON.parse(JSON.stringify(parseRichText(message).lines)));
  });

  it('lists its four targets', () => {
    expect(ENGINE_MARKUP_TARGETS).toEqual(['tmp', 'bbcode-godot', 'bbcode-construct', 'spans']);
    expect(Object.isFrozen(ENGINE_MARKUP_TARGETS)).toBe(true);
  });

  it.each([['html'], ['TMP'], [''], [undefined], [null], [3]])('refuses the target %j with a ConfigError naming target', (target) => {
    const call = (): unknown => toEngineMarkup('x', target as never);
    expect(call).toThrow(ConfigError);
    expect(call).toThrow(/"target"/);
    try {
      call();
    } catch (error) {
      expect((error as ConfigError).option).toBe('target');
    }
  });

  it.each([[undefined], [null], [42], [{}], [['a']]])('refuses the message %j with a ConfigError naming richText', (message) => {
    for (const target of ENGINE_MARKUP_TARGETS) {
      try {
        toEngineMarkup(message as never, target);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).option).toBe('richText');
      }
    }
  });
});
