/**
 * For an e2e file that runs a fixture script against the SDK's sources in top-level pages of a
 * Chromium of its own (not vitest's iframe: CDP's emulation and the page's own scroll then act on
 * the page under test). The fixture is bundled once by esbuild, its imports resolved from the
 * repository's root; each page's errors and console output fail the test it ran in; every page is
 * closed after each test.
 */
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export interface FixturePages {
  /** The bundled fixture (an IIFE), for `page.addScriptTag({ content: script })`. */
  readonly script: string;
  /** A new page (options as `browser.newPage`'s); its errors and console messages fail the current test. */
  page(options?: Parameters<Browser['newPage']>[0]): Promise<Page>;
}

export function useFixtureInChromium(fixture: string): FixturePages {
  let browser: Browser;
  let script = '';
  const opened = new Set<Page>();
  const problems: string[] = [];
  beforeAll(async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const out = await build({ stdin: { contents: fixture, resolveDir: root, loader: 'js' }, bundle: true, write: false, format: 'iife', target: 'es2022' });
    script = out.outputFiles[0]!.text;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all([...opened].map((p) => p.close()));
    opened.clear();
    expect(problems.splice(0), 'page console').toEqual([]);
  });
  return {
    get script() {
      return script;
    },
    async page(options) {
      const page = await browser.newPage(options);
      opened.add(page);
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => problems.push(m.text()));
      return page;
    },
  };
}
