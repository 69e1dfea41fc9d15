/**
 * A game with a service worker of its own (a PWA: the page precached, a navigation route,
 * `skipWaiting()` and `clients.claim()`, every other request passed through), a Phaser game
 * running, records tracked up to the moment the page goes, navigated and closed: no record is
 * lost (docs/decisions.md, "Delivery: exactly once on reload and close"). The upload a page makes
 * as it goes passes through that worker and may never reach the network, so it is not counted as
 * delivered: the next page sends its records again. The page gets one `warning` pointing to the
 * relay. Real Chromium, real IndexedDB, the reference service, the script-tag build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { closeServer, listen } from '../../demo/service/server.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const NAVIGATIONS = 10;
const CLOSES = 4;
/** Sessions of navigations and closes; `PWA_RUNS=10` for a longer measurement. */
const RUNS = Number(process.env.PWA_RUNS ?? 1);

const phaser = readFileSync(createRequire(import.meta.url).resolve('phaser/dist/phaser.min.js'), 'utf8');

/** A PWA's worker: precache, navigation route (cache first), skipWaiting + clients.claim, the rest passed through. */
const WORKER = `
const CACHE = 'game-v1';
self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['/game.html', '/phaser.js'])));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.mode === 'navigate') {
    event.respondWith(caches.match('/game.html').then((cached) => cached || fetch(event.request)));
  } else if (url.origin === location.origin && url.pathname === '/phaser.js') {
    event.respondWith(caches.match('/phaser.js').then((cached) => cached || fetch(event.request)));
  }
  // Anything else: no respondWith, the browser fetches it (workbox's unmatched routes).
});`;

function gameHtml(sdkUrl: string, baseUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>pwa game</title><script src="/phaser.js"></script><script src="${sdkUrl}"></script><script>
    const run = new URLSearchParams(location.search).get('player');
    if (run.startsWith('old-')) window.fetchLater = undefined; // a browser without fetchLater
    window.warnings = [];
    window.tp = TPSDK.createClient({ baseUrl: '${baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: run, region: 'KR', ui: null, autoLogin: false });
    tp.on('warning', (w) => window.warnings.push(w.message));
    navigator.serviceWorker.register('/sw.js');
    // The game: a Phaser scene doing work every frame, and records tracked as the player plays.
    // A navigation can cut off /phaser.js (the net::ERR_ the tests allow): that page goes without its scene.
    if (window.Phaser) new Phaser.Game({ type: Phaser.CANVAS, width: 320, height: 240, banner: false, scene: { create() { this.n = 0; },
      update() { const end = performance.now() + 4; while (performance.now() < end) this.n++; } } });
    let playing = true;
    window.stopPlaying = () => { playing = false; };
    // Each record names its page: a closing tab's timer can still track after pagehide, and the next
    // tab may read the counter without that last increment, so one move number can belong to two
    // records (two records, each sent once, not one sent twice).
    const page = Math.random().toString(36).slice(2, 10);
    const move = () => {
      if (!playing) return;
      const n = Number(localStorage.getItem(run) ?? '0');
      tp.track('characters_stages', { character_slug: 'hero', stage_slug: run + ':' + n + ':' + page });
      localStorage.setItem(run, String(n + 1));
      setTimeout(move, 30 + Math.random() * 60);
    };
    move();
  </script>`;
}

let site = '';
let server: Parameters<typeof closeServer>[0] | undefined;
beforeAll(async () => {
  const html = gameHtml(`${harness.stack.url}build/tp-web-sdk.iife.js`, harness.stack.service.baseUrl);
  const started = await listen((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/sw.js') return new Response(WORKER, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' } });
    if (path === '/phaser.js') return new Response(phaser, { headers: { 'Content-Type': 'text/javascript' } });
    return new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' } });
  }, 0);
  server = started.server;
  site = `http://127.0.0.1:${started.port}/game.html`;
});
afterAll(async () => {
  if (server) await closeServer(server);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface GameWindow {
  tp: { flush(): Promise<unknown>; stats(): { leader: boolean } };
  warnings: string[];
}

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as GameWindow).tp.stats().leader);
}

/** One session: the first visit (the worker installs and claims), navigations and closes while playing; returns what was tracked. */
async function session(run: string): Promise<{ tracked: number; warnings: string[] }> {
  let page = await harness.page();
  await page.goto(`${site}?player=${run}`);
  await ready(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
  await sleep(1000); // the service's first answer: the SDK knows the service answers
  const warnings = new Set<string>(await page.evaluate(() => (window as unknown as GameWindow).warnings));
  for (let round = 0; round < NAVIGATIONS + CLOSES; round++) {
    await sleep(300 + ((round * 389) % 1200));
    if (round < NAVIGATIONS) {
      await page.goto(`${site}?player=${run}&round=${round}`);
    } else {
      await page.close({ runBeforeUnload: true });
      page = await harness.page();
      await page.goto(`${site}?player=${run}`);
    }
    await ready(page);
    for (const w of await page.evaluate(() => (window as unknown as GameWindow).warnings)) warnings.add(w);
  }
  await sleep(500);
  const tracked = await page.evaluate((run) => {
    (window as unknown as { stopPlaying(): void }).stopPlaying(); // the counter then says exactly what was tracked
    return Number(localStorage.getItem(run));
  }, run);
  for (let i = 0; i < 5; i++) await page.evaluate(() => (window as unknown as GameWindow).tp.flush().catch(() => undefined));
  await page.close({ runBeforeUnload: true });
  return { tracked, warnings: [...warnings] };
}

/** Runs `RUNS` sessions; returns records tracked, lost and sent twice. */
async function measure(prefix: string): Promise<{ total: number; lost: number; duplicates: number }> {
  let lost = 0;
  let duplicates = 0;
  let total = 0;
  for (let r = 0; r < RUNS; r++) {
    const run = `${prefix}-${r}-${Date.now().toString(36)}`;
    const { tracked, warnings } = await session(run);
    const copies = new Map<string, number>();
    for (const upload of await serviceUploads(harness.stack)) {
      for (const rec of upload.body.characters_stages ?? []) {
        const id = rec.stage_slug as string;
        if (id.startsWith(`${run}:`)) copies.set(id, (copies.get(id) ?? 0) + 1);
      }
    }
    // Copies per record (move and page); a move is missing when no page's record of it arrived.
    const moves = new Set<string>();
    for (const [id, c] of copies) {
      moves.add(id.split(':').slice(0, 2).join(':'));
      duplicates += c - 1;
    }
    let missing = 0;
    for (let n = 0; n < tracked; n++) if (!moves.has(`${run}:${n}`)) missing += 1;
    lost += missing;
    total += tracked;
    console.info(`${prefix} run ${r + 1}: ${tracked} tracked, missing ${missing}`);
    expect(warnings).toEqual([expect.stringContaining('a service worker that is not the tp-web-sdk relay controls this page')]);
  }
  console.info(`${prefix}: ${RUNS} runs, ${total} tracked, missing ${lost}, duplicates ${duplicates}`);
  return { total, lost, duplicates };
}

describe('a PWA game whose own service worker controls the page', () => {
  it(`${NAVIGATIONS} navigations and ${CLOSES} closes while a Phaser game plays: fetchLater goes past the worker, none lost, none twice`, async () => {
    harness.allowConsole(/Failed to load resource|net::ERR_/);
    const { lost, duplicates } = await measure('pwa');
    expect({ lost, duplicates }).toEqual({ lost: 0, duplicates: 0 });
  }, 120_000 * RUNS);

  it('a browser without fetchLater: the unload upload is not counted as delivered, none lost', async () => {
    harness.allowConsole(/Failed to load resource|net::ERR_/);
    const { lost } = await measure('old-pwa');
    expect(lost).toBe(0);
  }, 120_000 * RUNS);
});
