/**
 * The service-worker relay trusts no message (`dist/tp-web-sdk-sw.js`, in real Chromium with a
 * real service worker and the reference service): it sends only to the `baseUrl` its registration
 * names, and answers only windows of its own origin. A same-origin page that names a foreign host
 * (a second loopback server that would answer 200) gets a refusal: the foreign host hears nothing
 * and nothing leaves the queue. A message from the worker itself (not a window) is ignored. A
 * worker registered without the page's `baseUrl` is not used: the page hears a warning and keeps
 * its keepalive uploads.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_BUILD_DIR } from '../../demo/build.js';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { closeServer, listen } from '../../demo/service/server.js';
import { RELAY_PROTOCOL } from '../../src/delivery/index.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const QUEUE_DB = 'tp-web-sdk/pinned/queue';
const RECORDS = 200;

interface Game {
  tp: { flush(): Promise<{ records: number }>; stats(): { relay: boolean; queued: number }; track(name: string, record: object): boolean };
  warnings: Array<{ name: string; option?: string; message: string }>;
}

const servers: Array<Parameters<typeof closeServer>[0]> = [];
/** Every request the foreign host got: `METHOD path`. */
const foreignRequests: string[] = [];
let foreignUrl = '';

/**
 * A game origin of its own (its own service-worker registration): the game page, the prebuilt
 * worker, and `/probe-sw.js`, the prebuilt worker loaded with `importScripts` into a worker that
 * also posts to itself what the page hands it at `/self-post` (a message whose source is the
 * worker, not a window). The page registers `register` (a path with its query).
 */
async function gameOrigin(register: string): Promise<string> {
  const worker = readFileSync(`${DEMO_BUILD_DIR}/tp-web-sdk-sw.js`, 'utf8');
  const probe = `importScripts('/tp-web-sdk-sw.js');
    self.addEventListener('fetch', (event) => {
      if (new URL(event.request.url).pathname !== '/self-post') return;
      event.respondWith((async () => {
        const message = await event.request.json();
        const channel = new MessageChannel();
        const answer = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); setTimeout(() => resolve('no answer'), 3000); });
        self.serviceWorker.postMessage(message, [channel.port2]);
        return new Response(JSON.stringify(await answer));
      })());
    });`;
  const html = `<!doctype html><meta charset="utf-8"><title>game</title><script src="${harness.stack.url}build/tp-web-sdk.iife.js"></script><script>
    navigator.serviceWorker.register(${JSON.stringify(register)});
    window.warnings = [];
    window.tp = TPSDK.createClient({ baseUrl: '${harness.stack.service.baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: new URLSearchParams(location.search).get('player'), namespace: 'pinned', ui: null, serviceWorkerRelay: true,
      flushIntervalMs: 0, autoLogin: false });
    tp.on('warning', (e) => warnings.push({ name: e.name, option: e.option, message: e.message }));
  </script>`;
  const script = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' } });
  const started = await listen((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/tp-web-sdk-sw.js') return script(worker);
    if (path === '/probe-sw.js') return script(probe);
    return new Response(html, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' } });
  }, 0);
  servers.push(started.server);
  return `http://127.0.0.1:${started.port}`;
}

beforeAll(async () => {
  // The foreign host: it would take anything (CORS open, the service's success envelope).
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST' };
  const started = await listen((request) => {
    foreignRequests.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    return Response.json({ status: 200, reason: 'OK', data: null }, { headers: cors });
  }, 0);
  servers.push(started.server);
  foreignUrl = `http://127.0.0.1:${started.port}/v2021.4/web`;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => closeServer(s)));
});

const withBaseUrl = (path: string) => `${path}?baseUrl=${encodeURIComponent(harness.stack.service.baseUrl)}`;

/** Opens the game for a new player; resolves once the worker controls it and (unless `refused`) answered as a relay. */
async function openGame(origin: string, refused = false): Promise<{ page: Page; run: string }> {
  const run = `pinned-${Math.random().toString(36).slice(2, 10)}`;
  const page = await harness.page();
  await page.goto(`${origin}/game.html?player=${run}`);
  if (refused) await page.waitForFunction(() => (window as unknown as Game).warnings.length > 0, undefined, { timeout: 15_000 });
  else await page.waitForFunction(() => (window as unknown as Game).tp.stats().relay, undefined, { timeout: 15_000 });
  return { page, run };
}

/** Tracks {@link RECORDS} records and resolves with every key stored in the queue once all are in IndexedDB. */
async function trackStored(page: Page, run: string): Promise<string[]> {
  await page.evaluate(
    ({ run, count }) => {
      for (let n = 0; n < count; n++) (window as unknown as Game).tp.track('characters_stages', { character_slug: 'knight', stage_slug: `${run}:${n}` });
    },
    { run, count: RECORDS },
  );
  await expect.poll(() => storedKeys(page), { timeout: 10_000 }).toHaveLength(RECORDS);
  return storedKeys(page);
}

/** The keys in the queue's IndexedDB database, read with the raw API (many records per value: src/queue/idb-chunks.ts). */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const all = db.transaction('entries').objectStore('entries').getAll(IDBKeyRange.lowerBound('0'));
          all.onsuccess = () => {
            type Entry = { key: string };
            resolve((all.result as Array<Entry & { entries?: Entry[] }>).flatMap((v) => v.entries ?? [v]).map((e) => e.key));
            db.close();
          };
        };
      }),
    QUEUE_DB,
  );
}

/** The send message the SDK's page makes, for `keys`, to `baseUrl`, with an empty body the service accepts. */
const sendMessage = (baseUrl: string, keys: readonly string[]) => ({
  type: 'tp-relay:send',
  protocol: RELAY_PROTOCOL,
  baseUrl,
  credentials: { authMode: DEFAULT_AUTH_MODE, clientKey: DEFAULT_CLIENT_KEY },
  contentType: 'application/json',
  body: '{}',
  bytes: 2,
  keys,
  queueDb: QUEUE_DB,
  timeoutMs: 5_000,
});

/** Posts `message` to the page's controller from the page (a window) and resolves with the answer, or 'no answer'. */
function postFromPage(page: Page, message: object): Promise<unknown> {
  return page.evaluate(
    (message) =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data);
        setTimeout(() => resolve('no answer'), 3_000);
        navigator.serviceWorker.controller!.postMessage(message, [channel.port2]);
      }),
    message,
  );
}

/** Records of `run` the reference service received. */
async function receivedOf(run: string): Promise<number> {
  let n = 0;
  for (const upload of await serviceUploads(harness.stack)) {
    for (const r of upload.body.characters_stages ?? []) if (String(r.stage_slug).startsWith(`${run}:`)) n += 1;
  }
  return n;
}

it('a same-origin page that names a foreign host: the worker refuses, the foreign host hears nothing, nothing leaves the queue', async () => {
  const origin = await gameOrigin(withBaseUrl('/tp-web-sdk-sw.js'));
  const { page, run } = await openGame(origin);
  const keys = await trackStored(page, run);

  // The foreign host, the same dressed as the service's path, and the service's host with another path.
  const answers = [];
  for (const baseUrl of [foreignUrl, `${foreignUrl}/../../v2021.4/web`, `${harness.stack.service.baseUrl}/elsewhere`]) {
    answers.push(await postFromPage(page, sendMessage(baseUrl, keys)));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(foreignRequests).toEqual([]);
  expect((await storedKeys(page)).sort()).toEqual([...keys].sort());
  expect(answers).toEqual(Array(3).fill({ type: 'tp-relay:result', accepted: false }));
  expect(await postFromPage(page, { type: 'tp-relay:ping', protocol: RELAY_PROTOCOL, baseUrl: foreignUrl, queueDb: QUEUE_DB })).toEqual({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL, accepts: false });
  expect(await page.evaluate(() => (window as unknown as Game).tp.flush().then((r) => r.records))).toBe(RECORDS);
  expect(await receivedOf(run)).toBe(RECORDS);
});

it('a message not from a window (the worker posting to itself) is ignored: no answer, nothing sent, nothing deleted', async () => {
  const origin = await gameOrigin(withBaseUrl('/probe-sw.js'));
  const { page, run } = await openGame(origin);
  const keys = await trackStored(page, run);
  const message = sendMessage(harness.stack.service.baseUrl, keys); // the service's own baseUrl: only the source is wrong
  const answer = await page.evaluate((message) => fetch('/self-post', { method: 'POST', body: JSON.stringify(message) }).then((r) => r.json()), message);
  expect(answer).toBe('no answer');
  expect((await storedKeys(page)).sort()).toEqual([...keys].sort());
  expect(await page.evaluate(() => (window as unknown as Game).tp.flush().then((r) => r.records))).toBe(RECORDS);
  expect(await receivedOf(run)).toBe(RECORDS);
});

it("a worker registered without the page's baseUrl refuses every upload: the page hears one warning, and stats().relay stays false (keepalive uploads)", async () => {
  const origin = await gameOrigin('/tp-web-sdk-sw.js');
  const { page } = await openGame(origin, true);
  const game = await page.evaluate(() => ({ warnings: (window as unknown as Game).warnings, relay: (window as unknown as Game).tp.stats().relay }));
  expect(game.relay).toBe(false);
  expect(game.warnings).toHaveLength(1);
  expect(game.warnings[0]).toMatchObject({ name: 'ConfigError', option: 'serviceWorkerRelay' });
  expect(game.warnings[0]!.message).toContain(harness.stack.service.baseUrl);
});
