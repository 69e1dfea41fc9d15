/**
 * The markup section of `npm run bench` (bench/run.ts): bench/markup.ts measured in Node, then
 * in Debian's Chromium (bundled, in a blank page: CPU only), in one table.
 */
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freshUserDataDir } from '../test/support/chromium.js';
import { MARKUP_INPUTS, measureMarkup, type MarkupTimes } from './markup.js';

const ROUNDS = 15;

/** The heading of the section, for bench/run.ts to find it again. */
export const MARKUP_HEADING = '## Markup engine';

/** Runs the markup measurements in Node and in Chromium; returns their section of bench/results.md. */
export async function runMarkupBench(): Promise<string[]> {
  const node = measureMarkup(ROUNDS);
  const { version, times: browser } = await inChromium();
  const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
  const rows = Object.keys(MARKUP_INPUTS).map((name) => {
    const n = node[name]!;
    const b = browser[name]!;
    return `| ${name} | ${ms(n.parse)} | ${ms(n.indexOf)} / ${ms(n.split)} | ${ms(b.parse)} | ${ms(b.indexOf)} / ${ms(b.split)} |`;
  });
  return [
    `${MARKUP_HEADING} (parseRichText; Node ${process.version} and Chromium ${version}, headless; medians of ${ROUNDS} runs, ms)`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB. Each input is 1,000,000 UTF-16 code units.`,
    'The floors run over the same input: every `<` found with `indexOf`, and the lines cut with `split(\'\\n\')`.',
    '',
    '| Input | Node | Node floors: indexOf / split | Chromium | Chromium floors: indexOf / split |',
    '|---|---:|---|---:|---|',
    ...rows,
    '',
    'Target (issue 7): 1 MB of nested tags in well under 100 ms, in Node and in Chromium; linear time on the worst inputs.',
  ];
}

async function inChromium(): Promise<{ version: string; times: Record<string, MarkupTimes> }> {
  const bundle = await build({
    stdin: { contents: "import { measureMarkup } from './markup.ts'; Object.assign(window, { measureMarkup });", resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'warning',
  });
  const userDataDir = freshUserDataDir();
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setContent('<!doctype html><meta charset="utf-8"><title>markup bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text, type: 'module' });
    await page.waitForFunction(() => 'measureMarkup' in window);
    const times = (await page.evaluate(`window.measureMarkup(${ROUNDS})`)) as Record<string, MarkupTimes>;
    return { version: context.browser()?.version() ?? 'unknown', times };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
