/**
 * The markup engine's measurements, the same code in Node and in Chromium (bench/markup-suite.ts):
 * parseRichText over 1 MB inputs, typical and worst, each beside two floors over the same input,
 * the least work any parser of it does: finding every `<` (`indexOf`), and cutting the lines
 * (`String.prototype.split`).
 */
import { parseRichText } from '../src/richtext/index.js';

/** One million UTF-16 code units. */
export const MB = 1_000_000;

const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const paired = (open: string, close: string): string => {
  const k = Math.floor((MB - 1) / (open.length + close.length));
  return open.repeat(k) + 'x' + close.repeat(k);
};

/** The inputs, 1 MB each, by the name the results table shows. */
export const MARKUP_INPUTS: Readonly<Record<string, () => string>> = {
  'nested color and bold (the Node table’s message)': () => fill('<color=#FFD700>Golden <b>Sword</b></color> is <color=red>50% off</color>\n'),
  'four levels: color, bold, italic, size': () => fill('<color=red><b>a<i>b<size=20>c</size></i></b>d</color>\n'),
  'plain text, a line break every 64 characters': () => fill('Golden Sword is 50% off for the next three days only, buy now!\n'),
  'worst: `<` only': () => fill('<'),
  'worst: `<` only, one `>` at the end': () => `${fill('<').slice(1)}>`,
  'worst: unclosed opening tags': () => fill('<color=#FF8800>'),
  'worst: `<b>` only (unclosed, 333,333 deep)': () => fill('<b>'),
  'worst: `<b>` × 142,857, x, `</b>` × 142,857 (paired, beyond the depth limit)': () => paired('<b>', '</b>'),
  'worst: crossed, `<b><i>` × k then `</b></i>` × k': () => paired('<b><i>', '</b></i>'),
};

/** Medians in milliseconds for one input. */
export interface MarkupTimes {
  readonly parse: number;
  readonly indexOf: number;
  readonly split: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of `rounds` runs (after two warm-up runs) of the engine and its floors, per input. */
export function measureMarkup(rounds: number): Record<string, MarkupTimes> {
  const out: Record<string, MarkupTimes> = {};
  let sink = 0;
  for (const [name, make] of Object.entries(MARKUP_INPUTS)) {
    const input = make();
    const tasks = {
      parse: () => parseRichText(input).lines.length,
      indexOf: () => {
        let n = 0;
        for (let at = input.indexOf('<'); at >= 0; at = input.indexOf('<', at + 1)) n++;
        return n;
      },
      split: () => input.split('\n').length,
    };
    const times = { parse: [] as number[], indexOf: [] as number[], split: [] as number[] };
    for (let r = -2; r < rounds; r++) {
      for (const task of ['parse', 'indexOf', 'split'] as const) {
        const t = performance.now();
        sink += tasks[task]();
        if (r >= 0) times[task].push(performance.now() - t);
      }
    }
    out[name] = { parse: median(times.parse), indexOf: median(times.indexOf), split: median(times.split) };
  }
  if (sink < 0) throw new Error('unreachable: keeps the results alive');
  return out;
}
