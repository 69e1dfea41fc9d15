/**
 * The Phaser plugin in real Phaser 3.90 (canvas and WebGL) and Phaser 4 (WebGL through SwiftShader,
 * or canvas where this Chromium has no WebGL), in a game bundled by esbuild with `minify: true`:
 * class names are mangled, so only scene keys can drive gameplay. Each variant checks that
 * gameplay follows the `Play` scene's START, PAUSE, RESUME, SLEEP, WAKE and SHUTDOWN; that the
 * offer is drawn in the overlay while the scene below gets no key (Space, Enter, Escape) and no
 * pointer, and the sound is muted; that Buy presses `interact`; that an image served without CORS
 * headers is left out without a SecurityError while one with them is drawn. A golden image of the
 * Phaser card (Phaser 3, canvas) is compared with pixelmatch, as test/e2e/golden.test.ts does.
 *
 * A loopback server of this file serves the game page and its script at `127.0.0.1`, and the
 * images at `localhost` (another origin), with `Access-Control-Allow-Origin` only when asked for
 * (`?cors=1`). (Playwright's routes would not do: they answer cross-origin requests with CORS
 * headers of their own.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhaserTestPage } from '../support/phaser-page.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN = `${ROOT}test/golden/phaser-en-400x500.png`;
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const SVG = readFileSync(`${ROOT}demo/public/assets/offer-bg.svg`);
/** Set once the server listens. */
let GAME = '';
let CORS_IMAGE = '';
let NO_CORS_IMAGE = '';
/** WebGL in headless Chromium without a GPU: ANGLE on SwiftShader, the software Vulkan. */
const WEBGL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

const scripts: Record<3 | 4, string> = { 3: '', 4: '' };
/** The script-tag build (src/iife.ts, as scripts/bundle.ts builds it). */
let iife = '';
let browser: Browser;
let server: Server;

/** The test page bundled against Phaser `major`, minified as a game's production build. */
async function bundle(major: 3 | 4): Promise<string> {
  const out = await build({
    entryPoints: [`${ROOT}test/support/phaser-page.ts`],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'error',
    alias: { phaser: `${ROOT}node_modules/${major === 3 ? 'phaser' : 'phaser4'}/dist/phaser.esm.js` },
  });
  return out.outputFiles[0]!.text;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const script = /^\/game([34])\.js$/.exec(url.pathname)?.[1] as '3' | '4' | undefined;
    if (url.pathname === '/bg.svg') {
      const cors = url.searchParams.get('cors') === '1';
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store', ...(cors && { 'Access-Control-Allow-Origin': '*' }) });
      res.end(SVG);
    } else if (url.pathname === '/tp-web-sdk.iife.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(iife);
    } else if (/^\/phaser[34]\.min\.js$/.test(url.pathname)) {
      const dir = url.pathname.startsWith('/phaser4') ? 'phaser4' : 'phaser';
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(`${ROOT}node_modules/${dir}/dist/phaser.min.js`));
    } else if (url.pathname === '/script-tag.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(scriptTagPage(url.searchParams.get('phaser') === '4' ? 4 : 3));
    } else if (script) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(scripts[Number(script) as 3 | 4]);
    } else {
      const major = url.searchParams.get('phaser') === '4' ? 4 : 3;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body><script src="game${major}.js"></script></body></html>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  GAME = `http://127.0.0.1:${port}/`;
  CORS_IMAGE = `http://localhost:${port}/bg.svg?cors=1`;
  NO_CORS_IMAGE = `http://localhost:${port}/bg.svg?cors=0`;
  const script = build({ entryPoints: [`${ROOT}src/iife.ts`], bundle: true, write: false, minify: true, format: 'iife', target: 'es2022', platform: 'browser', legalComments: 'none' });
  [scripts[3], scripts[4], iife] = await Promise.all([bundle(3), bundle(4), script.then((out) => out.outputFiles[0]!.text)]);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), ...WEBGL_ARGS, '--font-render-hinting=none'], headless: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * A game of script tags: Phaser's own build (`window.Phaser`), then the SDK's (`window.TPSDK`); its
 * one scene, `Play`, keeps `this.tp` in `window.playTp`.
 */
function scriptTagPage(major: 3 | 4): string {
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script src="phaser${major}.min.js"></script>
<script src="tp-web-sdk.iife.js"></script>
<script>
  window.calls = [];
  const client = { gameplayStart: () => calls.push('gameplayStart'), gameplayStop: () => calls.push('gameplayStop') };
  new Phaser.Game({
    type: Phaser.CANVAS, width: 200, height: 200, banner: false, audio: { noAudio: true },
    scene: [{ key: 'Play', create() { window.playTp = this.tp; } }],
    plugins: { global: [{ key: 'tp', plugin: TPSDK.createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client, gameplayScenes: ['Play'] } }] },
  });
</script></body></html>`;
}

/** The game page with Phaser `major`, its errors collected (`pageerror` and console errors). */
async function openGame(major: 3 | 4): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 480, height: 560 }, deviceScaleFactor: 1, locale: 'en-US' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(`${GAME}?phaser=${major}`);
  return { page, errors };
}

const call = <T>(page: Page, fn: (t: PhaserTestPage, arg: string) => T | Promise<T>, arg = ''): Promise<T> =>
  page.evaluate(([source, a]) => (new Function('t', 'a', `return (${source})(t, a)`) as (t: unknown, a: string) => T)((window as unknown as { tpTest: unknown }).tpTest, a!), [fn.toString(), arg] as const);

/** Waits for Phaser to run its queued scene operations (a few frames). */
const frames = (page: Page, n = 4): Promise<void> => page.evaluate((count) => new Promise<void>((resolve) => {
  let left = count;
  const tick = (): void => void (--left <= 0 ? resolve() : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}), n);

const VARIANTS = [
  { major: 3, renderer: 'canvas' },
  { major: 3, renderer: 'webgl' },
  { major: 4, renderer: 'webgl' },
] as const;

describe.each(VARIANTS)('Phaser $major, $renderer', ({ major, renderer }) => {
  it('the build is minified (the scene classes renamed), and gameplay follows the Play scene by its key', async () => {
    expect(scripts[major]).not.toMatch(/PlayScene|TitleScene/);
    const { page, errors } = await openGame(major);
    const started = await call(page, (t, r) => t.start(r as 'canvas' | 'webgl'), renderer);
    expect(started.version.startsWith(`${major}.`)).toBe(true);
    // WebGL through SwiftShader; a Chromium without it gets the canvas renderer (Phaser.AUTO would too).
    expect(started.renderer).toBe(renderer === 'webgl' ? 2 : 1);
    await frames(page);
    expect(await call(page, (t) => t.calls)).toEqual([]); // Title is not a gameplay scene
    const steps: [PhaserTestPage extends { scene(op: infer O, key: string): void } ? O : never, string[]][] = [
      ['start', ['gameplayStart']],
      ['pause', ['gameplayStart', 'gameplayStop']],
      ['resume', ['gameplayStart', 'gameplayStop', 'gameplayStart']],
      ['sleep', ['gameplayStart', 'gameplayStop', 'gameplayStart', 'gameplayStop']],
      ['wake', ['gameplayStart', 'gameplayStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']],
      ['stop', ['gameplayStart', 'gameplayStop', 'gameplayStart', 'gameplayStop', 'gameplayStart', 'gameplayStop']],
    ];
    for (const [op, expected] of steps) {
      await call(page, (t, o) => t.scene(o as 'start', 'Play'), op);
      await frames(page);
      expect(await call(page, (t) => t.calls), op).toEqual(expected);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the offer is drawn in the overlay; the scene below gets no key and no pointer, the sound is muted; Buy interacts', async () => {
    const { page, errors } = await openGame(major);
    await call(page, (t, r) => t.start(r as 'canvas' | 'webgl'), renderer);
    await call(page, (t) => t.scene('start', 'Play'));
    await frames(page);
    const canvas = page.locator('#game canvas');
    await page.keyboard.press('a');
    await canvas.click({ position: { x: 20, y: 20 } });
    await expect.poll(() => call(page, (t) => t.below())).toEqual({ keys: ['a'], keyUps: ['a'], pointers: 1 }); // the scene hears input
    await call(page, (t) => t.present());
    await expect.poll(() => call(page, (t) => t.inspect().texts.map((x) => x.text))).toContain('Sale');
    const shown = await call(page, (t) => t.inspect());
    expect(shown.texts.map((x) => x.text)).toEqual(expect.arrayContaining(['Sale', 'Get the ', 'Golden Sword', 'now!', 'Buy', "Don't show again", '×']));
    expect(shown.texts.find((x) => x.text === 'Golden Sword')).toMatchObject({ color: '#ffd700ff' });
    expect(shown.controls.map((c) => c.id)).toEqual(['buy:0', 'toggle', 'close']);
    expect(await call(page, (t) => t.status('Play'))).toBe(6); // paused
    expect(await call(page, (t) => t.muted())).toBe(true);
    // Keys: Tab moves to the toggle, Space sets it, Enter clears it, ArrowUp back to Buy.
    for (const key of ['Tab', 'Space', 'Enter', 'ArrowUp']) await page.keyboard.press(key);
    await canvas.click({ position: { x: 5, y: 5 } }); // on the backdrop
    await frames(page);
    expect(await call(page, (t) => t.calls)).toEqual(['gameplayStart', 'gameplayStop', 'toggle:true', 'toggle:false']);
    const buy = shown.controls[0]!;
    await canvas.click({ position: { x: buy.x + buy.width / 2, y: buy.y + buy.height / 2 } });
    expect(await call(page, (t) => t.calls)).toEqual(['gameplayStart', 'gameplayStop', 'toggle:true', 'toggle:false', 'interact:golden_sword']);
    await page.keyboard.press('Escape');
    await frames(page);
    expect((await call(page, (t) => t.calls)).slice(5)).toEqual(['dismiss']);
    expect(await call(page, (t) => t.below())).toEqual({ keys: ['a'], keyUps: ['a'], pointers: 1 }); // nothing reached the scene below
    await page.close();
    expect(errors).toEqual([]);
  });

  it('an image without CORS headers is left out (no SecurityError); one with them is drawn', async () => {
    const { page, errors } = await openGame(major);
    await call(page, (t, r) => t.start(r as 'canvas' | 'webgl'), renderer);
    await call(page, (t, url) => t.present(url), `${NO_CORS_IMAGE}&n=1`);
    await expect.poll(() => call(page, (t) => t.inspect().controls.length)).toBe(3);
    // Asked for with CORS, the image fails to load: left out. Without, it would load tainted, and
    // WebGL would throw a SecurityError uploading it (the canvas renderer would draw it, tainted).
    await expect.poll(() => call(page, (t) => t.failedLoads())).toEqual([`${NO_CORS_IMAGE}&n=1`]);
    await frames(page, 4);
    expect(await call(page, (t) => t.inspect().images)).toEqual([]);
    await call(page, (t, url) => t.present(url), `${CORS_IMAGE}&n=2`);
    await expect.poll(() => call(page, (t) => t.inspect().images)).toEqual([`${CORS_IMAGE}&n=2`]);
    await frames(page, 4);
    // Chromium reports the blocked request itself; nothing else.
    expect(errors.filter((e) => !/CORS|Access-Control|net::ERR_FAILED/i.test(e))).toEqual([]);
    await page.close();
  });
});

it.each([3, 4] as const)('script tags: TPSDK.createPhaserPlugin(window.Phaser) with Phaser %i follows gameplay and maps this.tp', async (major) => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(`${GAME}script-tag.html?phaser=${major}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(['gameplayStart']);
  expect(await page.evaluate(() => typeof (window as unknown as { playTp?: { inspect?: unknown } }).playTp?.inspect)).toBe('function');
  expect(await page.evaluate(() => (window as unknown as { Phaser: { VERSION: string } }).Phaser.VERSION.split('.')[0])).toBe(String(major));
  expect(errors).toEqual([]);
  await page.close();
});

it('golden image: the Phaser card (Phaser 3, canvas, 400×500) matches test/golden/phaser-en-400x500.png', async () => {
  const { page, errors } = await openGame(3);
  await call(page, (t) => t.start('canvas'));
  await call(page, (t, url) => t.present(url), CORS_IMAGE);
  await expect.poll(() => call(page, (t) => t.inspect().images)).toEqual([CORS_IMAGE]);
  await frames(page, 6);
  const png = await page.locator('#game canvas').screenshot({ type: 'png' });
  await page.close();
  expect(errors).toEqual([]);
  if (UPDATE || !existsSync(GOLDEN)) {
    mkdirSync(`${ROOT}test/golden`, { recursive: true });
    writeFileSync(GOLDEN, png);
    if (!UPDATE) throw new Error(`wrote ${GOLDEN}: look at it, then run again`);
    return;
  }
  const actual = PNG.sync.read(png);
  const expected = PNG.sync.read(readFileSync(GOLDEN));
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const diff = pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, { threshold: 0.1 });
  expect(diff).toBeLessThanOrEqual(50);
});
