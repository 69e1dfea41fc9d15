/**
 * Markup fuzzing, shared by test/node/markup-fuzz.test.ts and test/browser/markup-fuzz-dom.test.ts:
 *
 * - {@link fuzzString}: tag soup from a vocabulary of real uGUI tags and values, their broken
 *   variants, other Unity tags, HTML and script payloads (`<script>`, event handlers,
 *   `javascript:` URLs), mixed with random Unicode (Korean, emoji, lone surrogates, controls,
 *   every kind of line break). Deterministic: case `index` of seed `seed` is always the same string.
 * - {@link referenceParse}: a second implementation of docs/markup.md, written to be obviously
 *   right rather than fast (regular expressions, one character at a time), to compare
 *   parseRichText with.
 */
import { mulberry32 } from '../../demo/service/faults.js';
import {
  MAX_DEPTH,
  MAX_SIZE_PX,
  MAX_TAG_LENGTH,
  MAX_WARNINGS,
  NAMED_COLORS,
  type Line,
  type MarkupWarning,
  type MarkupWarningCode,
  type RichText,
  type Span,
} from '../../src/richtext/index.js';

// ---------------------------------------------------------------------------------------------
// Random strings

/** A seeded pseudo-random source (mulberry32): floats in [0, 1). */
export type Random = () => number;

/** The random source of case `index` of `seed`: every case can be replayed alone. */
export function caseRandom(seed: number, index: number): Random {
  return mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

const int = (random: Random, n: number): number => Math.floor(random() * n);
const pick = <T>(random: Random, items: readonly T[]): T => items[int(random, items.length)]!;
const chance = (random: Random, p: number): boolean => random() < p;
const hex = (random: Random, n: number): string =>
  Array.from({ length: n }, () => pick(random, '0123456789abcdefABCDEF'.split(''))).join('');
const anyCase = (random: Random, word: string): string =>
  chance(random, 0.7) ? word : [...word].map((c) => (chance(random, 0.5) ? c.toUpperCase() : c)).join('');

const COLOR_NAMES = Object.keys(NAMED_COLORS);
const BAD_COLORS = [
  '#GG0000', '#12345', '#1234567', '#123456789', '#FFF', '#FFFF', '', '#', 'red blue', '"red', 'red"', '""',
  'rgb(255,0,0)', 'javascript:alert(1)', 'url(javascript:alert(1))', 'expression(alert(1))', 'red;background:url(x)',
  'blac\u212A', 'ｒｅｄ', '#ＦＦ0000', 'transparent', 'darkgreen', 'gray', '#ff0000ff00', '0xff0000', ' red', 'red\n',
];
const SIZES = ['0', '1', '12', '20', '0020', '999', '1000', '1001', '2000', '99999999999999999999', '+5', '-5', '12.5', '1e3', '20px', "'20'", '', ' 20', '２０'];
const OTHER_TAGS = [
  '<u>', '</u>', '<s>', '</s>', '<sup>', '</sup>', '<sprite=0>', '<quad material=1 size=20 x=0.1 y=0.1 width=0.5 height=0.5>',
  '<material=2>', '</material>', '<br>', '<noparse>', '</noparse>', '<#FF0000>', '<link="id">', '</link>', '<mark=#ffff00aa>',
  '<align=center>', '<alpha=#FF>', '<font="Arial">', '<b>', '<i>',
];
const BROKEN = [
  '<b', 'b>', '</ b>', '< b>', '<b/>', '<b >', '</b >', '<i\n>', '<color = red>', '<color= red>', '<color =red>', '</color=red>',
  '<size>', '<color>', '<<b>>', '<>', '</>', '<', '>', '</', '<=', '<size=20', 'color=red>', '<colour=red>', '<bold>', '<italic>',
  '<b\u0000>', '<b\u200b>', '<ｂ>', '<color=red></color=red>', '<size=="20">', '<color=\'red\'>',
];
const HTML = [
  '<script>alert(1)</script>', '<script>window.pwned=1</script>', '<script src="https://evil.example/x.js"></script>',
  '<img src=x onerror=window.pwned=1>', '<img src="javascript:alert(1)">', '<svg onload=window.pwned=1>', '<svg><script>window.pwned=1</script></svg>',
  '<a href="javascript:window.pwned=1">click</a>', '<a href=javascript:alert(1)>x</a>', '<iframe src="javascript:window.pwned=1"></iframe>',
  '<iframe srcdoc="<script>window.pwned=1</script>">', '<div onclick="window.pwned=1">', '<body onload=window.pwned=1>',
  '<b onmouseover=window.pwned=1>', '<i onclick="alert(1)">', '<color=red onclick=alert(1)>', '<size=20 onload=x>',
  '<style>*{display:none}</style>', '<link rel=stylesheet href=https://evil.example/x.css>', '<object data="javascript:alert(1)">',
  '<embed src=javascript:alert(1)>', '<form action=javascript:alert(1)><button>x</button></form>', '<input autofocus onfocus=window.pwned=1>',
  '<details open ontoggle=window.pwned=1>', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
  '<template><img src=x onerror=alert(1)></template>', '<!-- comment -->', '<![CDATA[x]]>', '<?xml version="1.0"?>', '<!doctype html>',
  '&lt;b&gt;', '&#60;script&#62;', '&amp;', '"><script>window.pwned=1</script>', "'><img src=x onerror=alert(1)>", 'javascript:window.pwned=1',
  'data:text/html,<script>alert(1)</script>', '${window.pwned=1}', '{{constructor.constructor("window.pwned=1")()}}', '__proto__', 'constructor',
];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\\n', '\n\n', '\r\r\n'];
const WORDS = ['Get', 'the', 'Golden', 'Sword', 'now!', '50%', 'off', ' ', '  ', '=', '"', "'", '/', '#', '&', ';', '`', '\\', '<3', '->', 'a<b', 'x>y'];

function color(random: Random): string {
  const roll = random();
  if (roll < 0.3) return `#${hex(random, 6)}`;
  if (roll < 0.45) return `#${hex(random, 8)}`;
  if (roll < 0.75) return anyCase(random, pick(random, COLOR_NAMES));
  return pick(random, BAD_COLORS);
}

function quoted(random: Random, value: string): string {
  return chance(random, 0.15) ? `"${value}"` : value;
}

/** An opening tag and its closing tag (sometimes of another name, or none). */
function element(random: Random): [string, string] {
  const roll = random();
  let pair: [string, string];
  if (roll < 0.3) pair = [`<${anyCase(random, 'b')}>`, `</${anyCase(random, 'b')}>`];
  else if (roll < 0.5) pair = [`<${anyCase(random, 'i')}>`, `</${anyCase(random, 'i')}>`];
  else if (roll < 0.8) pair = [`<${anyCase(random, 'color')}=${quoted(random, color(random))}>`, `</${anyCase(random, 'color')}>`];
  else pair = [`<${anyCase(random, 'size')}=${quoted(random, chance(random, 0.6) ? String(1 + int(random, 120)) : pick(random, SIZES))}>`, `</${anyCase(random, 'size')}>`];
  if (chance(random, 0.05)) pair[1] = pick(random, ['</b>', '</i>', '</color>', '</size>', '']);
  return pair;
}

/** One random UTF-16 piece of text. */
function unicode(random: Random): string {
  const roll = random();
  if (roll < 0.3) return pick(random, WORDS);
  if (roll < 0.4) return String.fromCharCode(0xac00 + int(random, 11172)); // Hangul syllable
  if (roll < 0.47) return String.fromCodePoint(0x1f300 + int(random, 0x350)); // emoji
  if (roll < 0.5) return String.fromCharCode(0xd800 + int(random, 0x800)); // lone surrogate
  if (roll < 0.55) return String.fromCharCode(int(random, 0x20)); // C0 control, NUL included
  if (roll < 0.6) return pick(random, ['\u0301', '\u200b', '\u200d', '\u202e', '\ufeff', '\u0085', '\u00a0', '\u3000', 'K', '\u212a', 'İ', 'ß']);
  if (roll < 0.75) return String.fromCharCode(int(random, 0x10000)); // any code unit
  if (roll < 0.8) return String.fromCodePoint(0x10000 + int(random, 0x100000)); // any astral code point
  return String.fromCharCode(0x20 + int(random, 0x5f)); // printable ASCII
}

/** A fragment of tag soup, nested up to `depth` more levels. */
function fragment(random: Random, depth: number, budget: { left: number }): string {
  let out = '';
  while (budget.left > 0) {
    const roll = random();
    let piece: string;
    if (roll < 0.3) piece = unicode(random);
    else if (roll < 0.42 && depth > 0) {
      const [open, close] = element(random);
      piece = open + fragment(random, depth - 1, { left: int(random, budget.left) }) + close;
    } else if (roll < 0.52) piece = element(random)[int(random, 2)]!;
    else if (roll < 0.6) piece = pick(random, LINE_BREAKS);
    else if (roll < 0.7) piece = pick(random, HTML);
    else if (roll < 0.78) piece = pick(random, BROKEN);
    else if (roll < 0.84) piece = pick(random, OTHER_TAGS);
    else if (roll < 0.86) piece = `<${'x'.repeat(MAX_TAG_LENGTH - 3 + int(random, 4))}>`; // around the tag-length limit
    else if (roll < 0.875) piece = deep(random);
    else if (roll < 0.95) piece = pick(random, ['</b>', '</i>', '</color>', '</size>', '<b>', '<i>']);
    else if (roll < 0.97) break;
    else piece = pick(random, ['<', '>', '"', '=', '/']).repeat(1 + int(random, 5));
    out += piece;
    budget.left -= piece.length;
  }
  return out;
}

/** Valid elements nested around the depth limit. */
function deep(random: Random): string {
  const valid = (): [string, string] =>
    pick(random, [
      ['<b>', '</b>'],
      ['<I>', '</i>'],
      [`<color=#${hex(random, 6)}>`, '</color>'],
      [`<size=${1 + int(random, 99)}>`, '</SIZE>'],
    ]);
  const pairs = Array.from({ length: MAX_DEPTH - 2 + int(random, 6) }, valid);
  return pairs.map(([open]) => open).join('') + unicode(random) + pairs.map(([, close]) => close).reverse().join('');
}

/** Options of {@link fuzzString}. */
export interface FuzzOptions {
  /** The longest string, in UTF-16 code units (longer ones are cut). Default 4,000. */
  readonly maxLength?: number;
}

/** Case `index` of `seed`: mostly up to 200 code units, 5 % up to 2,000. */
export function fuzzString(seed: number, index: number, options: FuzzOptions = {}): string {
  const random = caseRandom(seed, index);
  const target = chance(random, 0.05) ? int(random, 2000) : int(random, 200);
  const s = fragment(random, 3, { left: target });
  return s.slice(0, options.maxLength ?? 4000);
}

// ---------------------------------------------------------------------------------------------
// The reference model of docs/markup.md

interface RefTag {
  readonly start: number;
  readonly end: number;
  readonly kind: 'open' | 'close' | 'invalid';
  readonly name: string;
  readonly value: string | number | undefined;
  partner: RefTag | undefined;
  warning: MarkupWarningCode | undefined;
}

const CLOSE_TAG = /^<\/(b|i|size|color)>$/i;
const PLAIN_TAG = /^<(b|i)>$/i;
const VALUE_TAG = /^<(size|color)=([^]*)>$/i;

function refColor(value: string): string | undefined {
  if (/^#([0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return value.length === 7 ? `${value.toLowerCase()}ff` : value.toLowerCase();
  if (/^[a-z]+$/i.test(value) && COLOR_NAMES.includes(value.toLowerCase())) return `${NAMED_COLORS[value.toLowerCase()]}ff`;
  return undefined;
}

function refSize(value: string): number | undefined {
  if (!/^[0-9]+$/.test(value)) return undefined;
  const n = BigInt(value);
  return n === 0n ? undefined : n > BigInt(MAX_SIZE_PX) ? MAX_SIZE_PX : Number(n);
}

function refTags(src: string): RefTag[] {
  const tags: RefTag[] = [];
  for (let i = 0; i < src.length; i++) {
    if (src[i] !== '<') continue;
    let j = i + 1;
    while (j < src.length && src[j] !== '<' && src[j] !== '>') j++;
    if (src[j] !== '>' || j - i + 1 > MAX_TAG_LENGTH) continue;
    const raw = src.slice(i, j + 1);
    const make = (kind: RefTag['kind'], name: string, value?: string | number): RefTag => ({
      start: i, end: j + 1, kind, name: name.toLowerCase(), value, partner: undefined, warning: kind === 'invalid' ? 'invalid-value' : undefined,
    });
    let m: RegExpExecArray | null;
    if ((m = CLOSE_TAG.exec(raw))) tags.push(make('close', m[1]!));
    else if ((m = PLAIN_TAG.exec(raw))) tags.push(make('open', m[1]!));
    else if ((m = VALUE_TAG.exec(raw))) {
      const name = m[1]!.toLowerCase();
      const bare = /^"([^]*)"$/.exec(m[2]!)?.[1] ?? m[2]!;
      const value = name === 'color' ? refColor(bare) : refSize(bare);
      tags.push(make(value === undefined ? 'invalid' : 'open', name, value));
    }
  }
  return tags;
}

/** Pairs as docs/markup.md says, with a plain list and splice (quadratic: for small inputs). */
function refPair(tags: RefTag[]): void {
  const open: RefTag[] = [];
  for (const tag of tags) {
    if (tag.kind === 'open') open.push(tag);
    if (tag.kind !== 'close') continue;
    const at = open.map((t) => t.name).lastIndexOf(tag.name);
    if (at < 0) {
      tag.warning = 'stray-close';
      continue;
    }
    const [opener, ...crossed] = open.splice(at);
    opener!.partner = tag;
    tag.partner = opener;
    for (const t of crossed) t.warning = 'crossed-tags';
  }
  for (const t of open) t.warning = 'unclosed-tag';
  // Depth among paired elements, counted without the limit: deeper than MAX_DEPTH is text.
  let depth = 0;
  for (const tag of tags) {
    if (!tag.partner) continue;
    if (tag.kind === 'close') {
      depth -= 1;
      continue;
    }
    depth += 1;
    if (depth > MAX_DEPTH) tag.warning = 'depth-limit';
  }
  for (const tag of tags) if (tag.warning === 'depth-limit') tag.partner!.partner = tag.partner = undefined;
}

type Style = Omit<Span, 'text'>;
const sameStyle = (a: Style, b: Style): boolean => a.color === b.color && a.bold === b.bold && a.italic === b.italic && a.size === b.size;

/** The reference result of `src`, by another route than src/richtext: visible characters first, then lines. */
export function referenceParse(src: string): RichText {
  const tags = refTags(src);
  refPair(tags);
  const applied = new Map(tags.filter((t) => t.partner).map((t) => [t.start, t]));
  // Each visible character with its style, the style read off the open elements.
  const open: RefTag[] = [];
  const innermost = (name: string) => open.filter((t) => t.name === name).pop()?.value;
  let style: Style = { color: undefined, bold: false, italic: false, size: undefined };
  const chars: { c: string; style: Style }[] = [];
  for (let i = 0; i < src.length; i++) {
    const tag = applied.get(i);
    if (!tag) {
      chars.push({ c: src[i]!, style });
      continue;
    }
    if (tag.kind === 'open') open.push(tag);
    else open.splice(open.indexOf(tag.partner!), 1);
    style = {
      color: innermost('color') as string | undefined,
      bold: open.some((t) => t.name === 'b'),
      italic: open.some((t) => t.name === 'i'),
      size: innermost('size') as number | undefined,
    };
    i = tag.end - 1;
  }
  // Lines at the breaks of the visible text; runs of one style are spans.
  const lines: Span[][] = [[]];
  let run: { text: string; style: Style } | undefined;
  const endRun = () => {
    if (run) lines[lines.length - 1]!.push({ text: run.text, ...run.style });
    run = undefined;
  };
  for (let k = 0; k < chars.length; k++) {
    const { c, style: charStyle } = chars[k]!;
    if (c === '\r' && chars[k + 1]?.c === '\n') continue; // CR LF: the LF makes the break
    if (c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') {
      endRun();
      lines.push([]);
    } else if (run && sameStyle(run.style, charStyle)) run.text += c;
    else {
      endRun();
      run = { text: c, style: charStyle };
    }
  }
  endRun();
  const warnings: MarkupWarning[] = tags
    .filter((t) => t.warning)
    .slice(0, MAX_WARNINGS)
    .map((t) => ({ code: t.warning!, offset: t.start, tag: src.slice(t.start, t.end) }));
  return { lines: lines as Line[], warnings };
}
