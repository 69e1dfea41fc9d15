/**
 * Golden images: the DOM and canvas adapters drawing one offer at 360×640 (phone, portrait) and
 * 1280×720 (desktop), in English and Korean, screenshotted in Debian's Chromium and compared with
 * pixelmatch against the PNGs committed in test/golden/. Fonts are named (DejaVu Sans, NanumGothic:
 * .ci/run installs them), motion is reduced, the offer's image is served from the demo's assets.
 *
 * Regenerate on purpose (after a deliberate visual change; look at the new PNGs before committing):
 *   npm run golden:update
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const DIR = fileURLToPath(new URL('../golden/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/**
 * Per-pixel color distance pixelmatch tolerates (0–1), and how many pixels may still differ: room
 * for anti-aliasing noise, well below one changed letter (an `s` made `S` in the title: 192 pixels).
 */
const THRESHOLD = 0.1;
const MAX_DIFF_PIXELS = 50;
const BG_SVG = readFileSync(fileURLToPath(new URL('../../demo/public/assets/offer-bg.svg', import.meta.url)));

let browser: Browser;
let script = '';

beforeAll(async () => {
  const out = await build({ entryPoints: [`${DIR}fixture-page.ts`], bundle: true, write: false, format: 'iife', target: 'es2022' });
  script = out.outputFiles[0]!.text;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--font-render-hinting=none'], headless: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(adapter: 'dom' | 'canvas', lang: string, width: number, height: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-US' });
  await page.route('https://cdn.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: BG_SVG }));
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ content: script });
  await page.evaluate(([a, l]) => (window as unknown as { render: (a: string, l: string) => Promise<void> }).render(a!, l!), [adapter, lang]);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

describe('golden images', () => {
  for (const adapter of ['dom', 'canvas'] as const) {
    for (const lang of ['en', 'ko']) {
      for (const [width, height] of [
        [360, 640],
        [1280, 720],
      ] as const) {
        const name = `${adapter}-${lang}-${width}x${height}`;
        it(`${name} matches test/golden/${name}.png`, async () => {
          const actual = await shoot(adapter, lang, width, height);
          const file = `${DIR}${name}.png`;
          if (UPDATE || !existsSync(file)) {
            if (!UPDATE) throw new Error(`${file} is missing: run npm run golden:update and look at it`);
            mkdirSync(DIR, { recursive: true });
            writeFileSync(file, actual);
            return;
          }
          const want = PNG.sync.read(readFileSync(file));
          const got = PNG.sync.read(actual);
          expect([got.width, got.height]).toEqual([want.width, want.height]);
          const diff = new PNG({ width: want.width, height: want.height });
          const differing = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: THRESHOLD });
          if (differing > MAX_DIFF_PIXELS) {
            mkdirSync(`${DIR}.diff`, { recursive: true });
            writeFileSync(`${DIR}.diff/${name}.actual.png`, actual);
            writeFileSync(`${DIR}.diff/${name}.diff.png`, PNG.sync.write(diff));
          }
          expect(differing, `${name}: pixels differing (diff in test/golden/.diff/)`).toBeLessThanOrEqual(MAX_DIFF_PIXELS);
        });
      }
    }
  }
});
