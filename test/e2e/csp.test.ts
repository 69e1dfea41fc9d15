/**
 * The SDK in a game page under a strict Content-Security-Policy, in real Chromium (research list:
 * analytics item 13, PostHog needing `unsafe-eval` for `new Function`; in-app messaging item 7,
 * Braze's injected styles blocked by `style-src 'self'`). The page (served here, on 127.0.0.1, with
 * the policy as a header) loads the script-tag build, or a game's esbuild bundle of the package
 * entry and both adapters, and runs test/support/csp-game.ts: tracks a valid and an invalid record,
 * flushes gzip and JSON bodies to the reference service, refreshes offers, and shows one with the
 * DOM adapter (the dialog styled) and one with the canvas adapter. Any `securitypolicyviolation`
 * fails the test, even when the SDK goes on working: a site with `report-uri` gets each one as a
 * report. CSP and Trusted Types console messages fail it too (the harness fails on any error).
 * A third page takes constructable stylesheets away, as older supported browsers lack them: the
 * DOM adapter's `<style>` fallback must carry the policy's nonce (`createDomAdapter({ nonce })`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_DIR } from '../../demo/build.js';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import type { CspGameReport } from '../support/csp-game.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The DOM adapter's `<style>` nonce in the page that takes constructable stylesheets away. */
const NONCE = 'csp-test-nonce';

/**
 * The game's policy: nothing inline, no eval, styles only from its own origin, requests to its own
 * origin and the service, images from its own origin, https and the service (the reference service
 * serves the offers' images), Trusted Types required for every script sink.
 */
const policy = (service: string, styleSrc = "'self'"): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styleSrc}`,
    `img-src 'self' https: ${service}`,
    `connect-src 'self' ${service}`,
    "require-trusted-types-for 'script'",
  ].join('; ');

/**
 * The page's first script: collects violations before any SDK code runs. With `legacy=1` it takes
 * constructable stylesheets away, as Safari before 16.4 and Firefox before 101 have none (both
 * within the SDK's ES2022 targets): the DOM adapter then falls back to a `<style>` element.
 */
const WATCH = `window.cspViolations = [];
addEventListener('securitypolicyviolation', (e) => cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || '?') + ' (' + e.sourceFile + ':' + e.lineNumber + ') ' + e.sample));
if (new URLSearchParams(location.search).get('legacy') === '1') delete ShadowRoot.prototype.adoptedStyleSheets;`;

const GAME_OVER_TPSDK = "import { runGame } from './test/support/csp-game.ts'; void runGame(window.TPSDK);";
const GAME_OVER_PACKAGE = [
  "import * as sdk from 'tp-web-sdk';",
  "import { createDomAdapter } from 'tp-web-sdk/dom';",
  "import { createCanvasAdapter } from 'tp-web-sdk/canvas';",
  "import { runGame } from './test/support/csp-game.ts';",
  'void runGame({ ...sdk, createDomAdapter, createCanvasAdapter });',
].join('\n');

/** A game's bundle: `tp-web-sdk` resolves to this checkout's source, as in the demo's build. */
async function bundle(contents: string, format: 'iife' | 'esm'): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    write: false,
    format,
    target: 'es2022',
    minify: true,
    alias: { 'tp-web-sdk': `${ROOT}src/index.ts`, 'tp-web-sdk/dom': `${ROOT}src/dom.ts`, 'tp-web-sdk/canvas': `${ROOT}src/canvas.ts` },
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

let server: Server;
let origin = '';
let scripts: Record<string, string> = {};
/** Reports posted by pages, by player prefix. */
const reports = new Map<string, (report: CspGameReport) => void>();

beforeAll(async () => {
  const [overTpsdk, overPackage] = await Promise.all([bundle(GAME_OVER_TPSDK, 'iife'), bundle(GAME_OVER_PACKAGE, 'esm')]);
  scripts = {
    '/watch.js': WATCH,
    // The script-tag build the global setup built, as `npm run build` builds dist/tp-web-sdk.iife.js.
    '/tp-web-sdk.iife.js': readFileSync(`${DEMO_BUILD_DIR}/tp-web-sdk.iife.js`, 'utf8'),
    '/game-tpsdk.js': overTpsdk,
    '/game-esm.js': overPackage,
  };
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/report') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const report = JSON.parse(body) as CspGameReport;
        res.writeHead(204).end();
        reports.get(report.player)?.(report);
      });
      return;
    }
    const script = scripts[url.pathname];
    if (script !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(script);
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end(); // a 404 would be a console error
      return;
    }
    const service = harness.stack.service.origin;
    const legacy = url.searchParams.get('legacy') === '1';
    const nonce = url.searchParams.get('nonce');
    const sdk =
      url.searchParams.get('build') === 'script-tag'
        ? '<script src="/tp-web-sdk.iife.js"></script><script src="/game-tpsdk.js"></script>'
        : '<script type="module" src="/game-esm.js"></script>';
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': policy(service, nonce ? `'self' 'nonce-${nonce}'` : "'self'"),
      })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSP game${legacy ? ' (no constructable stylesheets)' : ''}</title><script src="/watch.js"></script></head><body>${sdk}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

interface Run {
  report: CspGameReport;
  /** Chromium's console messages about CSP or Trusted Types. */
  console: string[];
  /** Content-Type of each POST /logs request, in order. */
  logBodies: string[];
  player: string;
}

async function runPage(params: Record<string, string>): Promise<Run> {
  const player = `csp-${randomUUID().slice(0, 8)}`;
  const { service } = harness.stack;
  const page = await harness.page();
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Trusted ?Type|Refused to/i.test(m.text())) messages.push(m.text());
  });
  const logBodies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/logs')) logBodies.push(r.headers()['content-type'] ?? '');
  });
  const report = new Promise<CspGameReport>((resolve) => reports.set(player, resolve));
  const query = new URLSearchParams({ ...params, baseUrl: service.baseUrl, clientKey: DEFAULT_CLIENT_KEY, authMode: DEFAULT_AUTH_MODE, player });
  await page.goto(`${origin}/?${query}`);
  const run = { report: await report, console: messages, logBodies, player };
  reports.delete(player);
  await page.close();
  return run;
}

/**
 * What every run must show: the whole loop worked, under the policy, without one violation; the
 * dialog's stylesheet adopted, or (`'<style>'`) in a `<style>` element.
 */
async function expectFullUse(run: Run, styledBy: 'adopted' | '<style>' = 'adopted'): Promise<void> {
  expect(run.report.violations, 'securitypolicyviolation events').toEqual([]);
  expect(run.console, 'CSP and Trusted Types console messages').toEqual([]);
  expect(run.report.error).toBeUndefined();
  expect(run.report.steps).toMatchObject({
    tracked: true,
    refused: false,
    invalid: [expect.stringContaining('stage_slug')],
    gzipFlush: { records: 1, deadLettered: 0 },
    styledBy,
    dialogBackground: 'rgb(29, 35, 48)', // --tp-bg's default: the stylesheet applies
    backdropPosition: 'absolute',
    domImage: 'loaded',
    domOutcome: 'dismiss',
    jsonTracked: true,
    jsonFlush: { records: 1, deadLettered: 0 },
    canvasDrawn: true,
    canvasOutcome: 'dismiss',
  });
  // gzip for the DOM client's uploads, JSON for the canvas client's.
  expect(run.logBodies[0]).toBe('application/octet-stream');
  expect(run.logBodies.at(-1)).toMatch(/^application\/json/);
  const uploads = await serviceUploads(harness.stack);
  const mine = (kind: string, who: string) => uploads.flatMap((u) => u.body[kind] ?? []).filter((r) => r.player_slug === `${run.player}-${who}`);
  expect(mine('characters_stages', 'dom').map((r) => r.stage_slug)).toEqual(['csp-gzip']);
  expect(mine('characters_stages', 'canvas').map((r) => r.stage_slug)).toEqual(['csp-json']);
  expect(mine('players_offers', 'dom').map((r) => r.message_status)).toEqual(expect.arrayContaining(['impress', 'open', 'dismiss']));
  expect(mine('players_offers', 'canvas').map((r) => r.message_status)).toEqual(expect.arrayContaining(['impress', 'open', 'dismiss']));
}

describe('under a strict Content-Security-Policy (no inline, no eval, style-src self, Trusted Types)', () => {
  it('the script-tag build: logging, offers, the DOM and canvas adapters, without one violation', async () => {
    await expectFullUse(await runPage({ build: 'script-tag' }));
  });

  it('the package entry in a game bundle (esbuild): the same, without one violation', async () => {
    await expectFullUse(await runPage({ build: 'package' }));
  });

  it('without constructable stylesheets (Safari < 16.4, Firefox < 101), the DOM adapter styles its dialog with a <style> that carries the nonce', async () => {
    await expectFullUse(await runPage({ build: 'script-tag', legacy: '1', nonce: NONCE }), '<style>');
  });
});
