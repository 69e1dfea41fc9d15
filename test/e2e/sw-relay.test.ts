/**
 * The service-worker relay (`serviceWorkerRelay: true`, `dist/tp-web-sdk-sw.js`), in real Chromium
 * with a real service worker, real IndexedDB and the reference service: the upload a page makes as
 * it goes away is sent by the worker, which sees the answer and deletes exactly what the service
 * accepted, so the next page sends again only what truly failed. At each reload the service is
 * up, down (500 to every upload: without the relay, the keepalive upload would be trusted, since
 * the service had been answering, and lost) or slow (the answer 1.5 s late: the next page, loaded
 * meanwhile, must wait for the worker instead of sending those records itself). What the worker
 * delivered after its page was gone is told to the next page (`relayed`): the pages' `delivered`
 * and `relayed` together count every record the service received, once.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_BUILD_DIR } from '../../demo/build.js';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { closeServer, listen } from '../../demo/service/server.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const ROUNDS = 12;
const PER_ROUND = 20;

interface Game {
  tp: { flush(): Promise<unknown>; stats(): { leader: boolean; relay: boolean; queued: number; inFlight: number } };
  play(run: string, from: number, count: number): void;
}

function gameHtml(sdkUrl: string, baseUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>game</title><script src="${sdkUrl}"></script><script>
    navigator.serviceWorker.register('/tp-web-sdk-sw.js?baseUrl=' + encodeURIComponent('${baseUrl}'));
    const q = new URLSearchParams(location.search);
    window.tp = TPSDK.createClient({ baseUrl: '${baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: q.get('player'), region: 'KR', ui: null, serviceWorkerRelay: true, retry: { baseMs: 200, capMs: 200 } });
    // What each page heard, summed over the pages in localStorage (a page may hear it as it unloads).
    const add = (name, records) => {
      const told = JSON.parse(localStorage.getItem('told') || '{"delivered":0,"relayed":0}');
      told[name] += records;
      localStorage.setItem('told', JSON.stringify(told));
    };
    tp.on('delivered', (info) => add('delivered', info.records));
    tp.on('relayed', (info) => add('relayed', info.records));
    window.play = (run, from, count) => {
      for (let n = from; n < from + count; n++) tp.track('characters_stages', { character_slug: 'knight', stage_slug: run + ':' + n });
    };
  </script>`;
}

let server: Parameters<typeof closeServer>[0] | undefined;
let gameUrl = '';
beforeAll(async () => {
  const html = gameHtml(`${harness.stack.url}build/tp-web-sdk.iife.js`, harness.stack.service.baseUrl);
  const worker = readFileSync(`${DEMO_BUILD_DIR}/tp-web-sdk-sw.js`, 'utf8');
  const started = await listen((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/tp-web-sdk-sw.js') return new Response(worker, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' } });
    return new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' } });
  }, 0);
  server = started.server;
  gameUrl = `http://127.0.0.1:${started.port}/game.html`;
});
afterAll(async () => {
  if (server) await closeServer(server);
});

/**
 * The game is loaded, leads, its unload upload goes to the relay, and it has sent what the last
 * page's relay could not, retries included (no batch of its own is on the wire when the player
 * reloads: that window, a request whose answer no page sees, is the reload test's).
 */
async function ready(page: Page): Promise<void> {
  const idle = () =>
    page.waitForFunction(
      () => {
        const s = (window as unknown as Game).tp.stats();
        return s.leader && s.relay && s.queued === 0 && s.inFlight === 0;
      },
      undefined,
      { timeout: 15_000 },
    );
  await idle();
  await new Promise((resolve) => setTimeout(resolve, 300)); // a retry still scheduled (200 ms) has fired
  await idle();
}
const faults = () => [...harness.stack.service.faultCounts.values()].reduce((a, b) => a + b, 0);

it(`${ROUNDS} reloads, the service up, down or slow at each: every record reaches it exactly once, and the pages are told of each`, async () => {
  const { service } = harness.stack;
  harness.allowConsole(/Failed to load resource|500 \(Internal Server Error\)/);
  const run = `relay-${Date.now().toString(36)}`;
  const page = await harness.page();
  await page.goto(`${gameUrl}?player=${run}`);
  await ready(page);
  for (let round = 0; round < ROUNDS; round++) {
    await page.evaluate(({ run, from, count }) => (window as unknown as Game).play(run, from, count), { run, from: round * PER_ROUND, count: PER_ROUND });
    const mode = (['up', 'down', 'slow'] as const)[round % 3]!;
    const before = faults();
    if (mode === 'down') service.setFaults({ rate: 1, kinds: ['status-500'] });
    if (mode === 'slow') service.setFaults({ rate: 1, kinds: ['slow'], slowMs: 1500 });
    await page.reload();
    // The worker's upload of the last page got its 500, or is held 1.5 s (the new page's own first
    // requests may be too). While it is held, the new page must not send those records itself.
    if (mode !== 'up') await expect.poll(faults, { timeout: 10_000 }).toBeGreaterThan(before);
    if (mode === 'down') service.setFaults(undefined);
    await ready(page);
    service.setFaults(undefined);
  }
  await expect.poll(() => page.evaluate(() => (window as unknown as Game).tp.flush().then(() => (window as unknown as Game).tp.stats().queued)), { timeout: 20_000 }).toBe(0);

  const copies = new Map<string, number>();
  let received = 0; // every record of the player: logins too
  for (const upload of await serviceUploads(harness.stack)) {
    for (const records of Object.values(upload.body)) received += records.filter((r) => r.player_slug === run).length;
    for (const r of upload.body.characters_stages ?? []) {
      const id = r.stage_slug as string;
      if (id.startsWith(`${run}:`)) copies.set(id, (copies.get(id) ?? 0) + 1);
    }
  }
  let missing = 0;
  let duplicates = 0;
  for (let n = 0; n < ROUNDS * PER_ROUND; n++) {
    const c = copies.get(`${run}:${n}`) ?? 0;
    if (c === 0) missing += 1;
    else duplicates += c - 1;
  }
  const told = await page.evaluate(() => JSON.parse(localStorage.getItem('told')!) as { delivered: number; relayed: number });
  console.info(`relay: ${ROUNDS * PER_ROUND} records over ${ROUNDS} reloads (service down at ${ROUNDS / 3}, slow at ${ROUNDS / 3}): missing ${missing}, duplicates ${duplicates}; the pages heard ${told.delivered} delivered, ${told.relayed} relayed after their page was gone, of ${received}`);
  expect({ missing, duplicates }).toEqual({ missing: 0, duplicates: 0 });
  // The worker's sends at the slow reloads are answered after the next page loaded: it is told.
  expect(told.relayed).toBeGreaterThanOrEqual(PER_ROUND * (ROUNDS / 3));
  expect(told.delivered + told.relayed).toBe(received);
});
