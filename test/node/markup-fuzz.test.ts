/**
 * The markup engine on 100,000 strings of random tag soup and Unicode (test/support/markup-fuzz.ts):
 * it never throws, invents no character, gives only `#rrggbbaa` colors and sizes in range, agrees
 * with the reference model of docs/markup.md (so its plain text is the input minus the tags it
 * applied, line breaks as `\n`), and stays linear on the worst inputs we know.
 *
 * Deterministic: seed `MARKUP_FUZZ_SEED` (default below); a failure names the seed, the case and
 * the input, and `fuzzString(seed, case)` replays it alone.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_SIZE_PX, MAX_WARNINGS, parseRichText, plainText, type RichText } from '../../src/richtext/index.js';
import { fuzzString, referenceParse } from '../support/markup-fuzz.js';
import { FUZZ_TIME_LIMIT_MS, PROPERTY_TIME_LIMIT_MS } from '../support/time-limits.js';

const SEED = Number(process.env.MARKUP_FUZZ_SEED ?? 20_260_107);
const CASES = 100_000;
/**
 * Time-outs, not timing assertions (speed is measured in `npm run bench`, bench/results.md): they
 * only catch a hang or a quadratic blow-up, which on these inputs would take minutes or hours.
 * The fuzz test's is test/support/time-limits.ts's; a 1 MB worst case took at most 0.9 s with
 * both cores of the 2-core machine busy.
 */
const WORST_CASE_TIMEOUT_MS = 20_000;

const SPAN_KEYS = ['bold', 'color', 'italic', 'size', 'text'];
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const NEXT_LINE_BREAK = /[\n\r\u2028\u2029]/g;

/** Why `result` is not a valid parse of `source`, or undefined. Cheap checks first, the reference last. */
function problemOf(source: string, result: RichText): string | undefined {
  if (!Array.isArray(result.lines) || result.lines.length === 0) return 'no lines';
  for (const line of result.lines) {
    for (let k = 0; k < line.length; k++) {
      const span = line[k]!;
      if (!isDeepStrictEqual(Object.keys(span).sort(), SPAN_KEYS)) return `span keys ${Object.keys(span)}`;
      if (typeof span.text !== 'string' || span.text === '' || LINE_BREAK.test(span.text)) return `span text ${JSON.stringify(span.text)}`;
      if (span.color !== undefined && !/^#[0-9a-f]{8}$/.test(span.color)) return `color ${span.color}`;
      if (span.size !== undefined && !(Number.isInteger(span.size) && span.size >= 1 && span.size <= MAX_SIZE_PX)) return `size ${span.size}`;
      if (typeof span.bold !== 'boolean' || typeof span.italic !== 'boolean') return 'bold or italic not a boolean';
      const prev = line[k - 1];
      if (prev && prev.color === span.color && prev.bold === span.bold && prev.italic === span.italic && prev.size === span.size) return 'two adjacent spans of one style';
    }
  }
  const invented = inventedAt(source, result);
  if (invented !== undefined) return `character ${invented} of the plain text is not in the input, in order`;
  if (result.warnings.length > MAX_WARNINGS) return `${result.warnings.length} warnings`;
  let after = -1;
  for (const w of result.warnings) {
    if (w.offset <= after || source.slice(w.offset, w.offset + w.tag.length) !== w.tag || !/^<[^]*>$/.test(w.tag)) return `warning ${JSON.stringify(w)}`;
    after = w.offset;
  }
  // The strong property: the same lines and warnings as the reference model, which builds its
  // plain text as the input minus the tags it applied, then cuts it at line breaks.
  if (!isDeepStrictEqual(result, referenceParse(source))) return 'differs from the reference model';
  return undefined;
}

/** The index in the plain text of the first character not found in `source` in order (each line break at a break). */
function inventedAt(source: string, result: RichText): number | undefined {
  let at = 0;
  let index = 0;
  for (let l = 0; l < result.lines.length; l++) {
    if (l > 0) {
      NEXT_LINE_BREAK.lastIndex = at;
      if (!NEXT_LINE_BREAK.exec(source)) return index;
      at = NEXT_LINE_BREAK.lastIndex;
      index += 1;
    }
    for (const span of result.lines[l]!) {
      for (const c of span.text) {
        const found = source.indexOf(c, at);
        if (found < 0) return index;
        at = found + c.length;
        index += c.length;
      }
    }
  }
  return undefined;
}

describe(`parseRichText on ${CASES.toLocaleString('en-US')} fuzz strings (seed ${SEED})`, () => {
  it('never throws, invents nothing, keeps colors and sizes in range, and matches the reference model', () => {
    for (let index = 0; index < CASES; index++) {
      const source = fuzzString(SEED, index);
      const replay = `seed ${SEED}, case ${index} (fuzzString(${SEED}, ${index})): ${JSON.stringify(source)}`;
      let result: RichText;
      try {
        result = parseRichText(source);
      } catch (error) {
        throw new Error(`parseRichText threw ${String(error)} on ${replay}`);
      }
      const problem = problemOf(source, result);
      if (problem) {
        // A readable diff first when the reference disagrees, then the seed and the input.
        if (problem === 'differs from the reference model') expect(result, replay).toEqual(referenceParse(source));
        throw new Error(`${problem} on ${replay}`);
      }
    }
  }, FUZZ_TIME_LIMIT_MS);

  it('plain text is the input itself when there is no tag and no line break other than \\n', () => {
    for (let index = 0; index < 2_000; index++) {
      const source = fuzzString(SEED + 1, index).replace(/[<\r\u2028\u2029]/g, '');
      expect(plainText(parseRichText(source)), `seed ${SEED + 1}, case ${index}`).toBe(source);
    }
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('time is linear in the input, on the worst inputs we know', () => {
  const fill = (unit: string, n: number): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  const soup = (n: number): string => {
    let s = '';
    for (let index = 0; s.length < n; index++) s += fuzzString(SEED, index);
    return s.slice(0, n);
  };
  const families: Record<string, (n: number) => string> = {
    'nested color and bold': (n) => fill('<color=#FFD700>Golden <b>Sword</b></color> is <color=red>50% off</color>\n', n),
    'plain text': (n) => fill('Golden Sword is 50% off for the next three days only, buy now!\n', n),
    '< only': (n) => fill('<', n),
    '< only, one > at the end': (n) => `${fill('<', n - 1)}>`,
    'candidates one short of the length limit, no >': (n) => `${fill(`<${'x'.repeat(126)}`, n - 1)}>`,
    'unclosed opening tags': (n) => fill('<color=#FF8800>', n),
    '<b> only: unclosed, beyond the depth limit': (n) => fill('<b>', n),
    '<b> × k, x, </b> × k: paired, beyond the depth limit': (n) => '<b>'.repeat(Math.floor(n / 7)) + 'x' + '</b>'.repeat(Math.floor(n / 7)),
    'crossed tags': (n) => '<b><i>'.repeat(Math.floor(n / 14)) + '</b></i>'.repeat(Math.floor(n / 14)),
    'stray closing tags': (n) => fill('</color>', n),
    'stray closing tags under a deep stack of another tag': (n) => '<i>'.repeat(Math.floor(n / 7)) + '</b>'.repeat(Math.floor(n / 7)),
    'invalid values': (n) => fill('<color=#GG0000><size=0>', n),
    'CR, applied tags, LF': (n) => fill('\r<b></b>\n', n),
    'line breaks only': (n) => fill('\r\n\n\u2028', n),
    'one span grown across empty elements': (n) => fill('a<b></b>', n),
    'fuzz soup': soup,
  };
  // Linear by construction (each `<` looks at most 128 characters ahead; each tag is pushed and
  // popped once): 1 MB of each worst case parses in tens of milliseconds (bench/results.md,
  // "Markup engine"), and a quadratic step would take hours. The time-out is the only clock here.
  it.each(Object.entries(families))('%s: 1 MB parses, text preserved', (_, make) => {
    const source = make(1_000_000);
    const result = parseRichText(source);
    expect(result.lines.length).toBeGreaterThan(0);
    expect(plainText(result).length).toBeLessThanOrEqual(source.length);
  }, WORST_CASE_TIMEOUT_MS);
});
