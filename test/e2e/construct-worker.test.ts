/**
 * The Construct 3 addon as Construct runs it with "Use worker": its runtime scripts in a module
 * Web Worker over stand-ins of the Addon SDK v2 runtime base classes (`ISDKInstanceBase` with
 * `_postToDOMAsync`, `_addDOMMessageHandler`, `_trigger`), its domSide.js in the page over a
 * stand-in of `DOMHandler` and `RuntimeInterface`, with the real script-tag build, against the
 * reference service in Chromium. Actions run in the worker: Init, Track for every kind, Flush,
 * Show offer; the records arrive once, the triggers fire in the worker (On offer shown, On offer
 * closed, On error for a record that is not JSON), and the expressions read the session and queue.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { closeServer, listen } from '../../demo/service/server.js';
import { packAddon } from '../../scripts/construct-addon.js';
import { bundleIife } from '../../scripts/bundle.js';
import { OBJECT_NAMES } from '../../src/index.js';
import { recordOf } from '../support/arbitraries.js';
import { received } from '../support/service.js';
import { useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

/** The page: stand-ins of Construct's DOM side, the SDK, the addon's domSide.js, then the worker. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>construct</title>
<script>
  const handlers = new Map();
  const worker = new Worker('/worker.js', { type: 'module' });
  const iRuntime = { worker };
  globalThis.DOMHandler = class {
    constructor(runtime, componentId) { this.componentId = componentId; }
    AddRuntimeMessageHandlers(list) { for (const [name, fn] of list) handlers.set(name, fn); }
    PostToRuntime(name, data) { worker.postMessage({ type: 'dom-message', name, data }); }
  };
  globalThis.RuntimeInterface = { AddDOMHandlerClass: (Handler) => new Handler(iRuntime) };
  window.triggers = [];
  window.results = new Map();
  worker.onmessage = async ({ data }) => {
    if (data.type === 'call-dom') {
      const result = await handlers.get(data.name)(data.data);
      worker.postMessage({ type: 'dom-reply', id: data.id, result });
    } else if (data.type === 'trigger') window.triggers.push(data.name);
    else if (data.type === 'result') window.results.set(data.id, data.value);
  };
  let next = 0;
  window.run = (kind, name, args) => { const id = ++next; worker.postMessage({ type: kind, id, name, args }); return id; };
</script>
<script src="/addon/c3runtime/tp-web-sdk.iife.js"></script>
<script src="/addon/c3runtime/domSide.js"></script>`;

/** The worker: stand-ins of the runtime base classes, then the addon's runtime scripts, in Construct's order. */
const WORKER = `
let next = 0;
const waiting = new Map();
const domHandlers = new Map();
globalThis.C3 = { Plugins: {} };
class Base { constructor() {} }
globalThis.ISDKPluginBase = Base;
globalThis.ISDKObjectTypeBase = Base;
globalThis.ISDKInstanceBase = class {
  constructor(options) { this.domComponentId = options && options.domComponentId; }
  _postToDOMAsync(name, data) { const id = ++next; postMessage({ type: 'call-dom', id, name, data }); return new Promise((resolve) => waiting.set(id, resolve)); }
  _postToDOM(name, data) { postMessage({ type: 'call-dom', id: ++next, name, data }); }
  _addDOMMessageHandler(name, fn) { domHandlers.set(name, fn); }
  _trigger(condition) {
    const name = Object.keys(C3.Plugins.TpWebSdk.Cnds).find((key) => C3.Plugins.TpWebSdk.Cnds[key] === condition);
    if (condition.call(this)) postMessage({ type: 'trigger', name });
  }
  _release() {}
};
// The handler first: messages that come while the scripts load wait for them.
const loaded = (async () => {
  for (const file of ['plugin', 'type', 'instance', 'conditions', 'actions', 'expressions']) await import('/addon/c3runtime/' + file + '.js');
  return { plugin: C3.Plugins.TpWebSdk, instance: new C3.Plugins.TpWebSdk.Instance() };
})();
onmessage = async ({ data }) => {
  const { plugin, instance } = await loaded;
  if (data.type === 'dom-reply') { waiting.get(data.id)(data.result); waiting.delete(data.id); }
  else if (data.type === 'dom-message') domHandlers.get(data.name)(data.data);
  else if (data.type === 'act') { await plugin.Acts[data.name].apply(instance, data.args); postMessage({ type: 'result', id: data.id, value: null }); }
  else if (data.type === 'exp') postMessage({ type: 'result', id: data.id, value: plugin.Exps[data.name].call(instance) });
};
`;

let origin = '';
let server: Parameters<typeof closeServer>[0] | undefined;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tp-construct-'));
  await bundleIife(dir);
  const addon = unzipSync(packAddon(readFileSync(join(dir, 'tp-web-sdk.iife.js'), 'utf8')));
  const files = new Map<string, { body: Uint8Array | string; type: string }>([
    ['/game.html', { body: PAGE, type: 'text/html' }],
    ['/worker.js', { body: WORKER, type: 'text/javascript' }],
    ['/favicon.ico', { body: '', type: 'image/x-icon' }],
    ...Object.entries(addon).map(([path, body]) => [`/addon/${path}`, { body, type: path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }] as const),
  ]);
  const started = await listen((request) => {
    const file = files.get(new URL(request.url).pathname);
    return file ? new Response(file.body as BodyInit, { headers: { 'Content-Type': file.type, 'Cache-Control': 'no-store' } }) : new Response('not found', { status: 404 });
  }, 0);
  server = started.server;
  origin = `http://127.0.0.1:${started.port}`;
}, 60_000);
afterAll(async () => {
  if (server) await closeServer(server);
  rmSync(dir, { recursive: true, force: true });
});

async function run(page: Page, kind: 'act' | 'exp', name: string, args: unknown[] = []): Promise<unknown> {
  const id = await page.evaluate(([k, n, a]) => (window as unknown as { run(k: string, n: string, a: unknown[]): number }).run(k as string, n as string, a as unknown[]), [kind, name, args] as const);
  await page.waitForFunction((i) => (window as unknown as { results: Map<number, unknown> }).results.has(i), id);
  return page.evaluate((i) => (window as unknown as { results: Map<number, unknown> }).results.get(i), id);
}

const triggers = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { triggers: string[] }).triggers);

it('actions in the worker reach the SDK on the DOM side: every kind arrives once, offer triggers fire in the worker, expressions read back', async () => {
  const player = `construct-${Date.now()}`;
  const service = harness.stack.service;
  const page = await harness.page();
  await page.goto(`${origin}/game.html`);
  await run(page, 'act', 'Init', [service.baseUrl, DEFAULT_CLIENT_KEY, DEFAULT_AUTH_MODE, player, JSON.stringify({ language: 'ko', autoLogin: false, flushIntervalMs: 0 })]);
  expect(await run(page, 'exp', 'SessionId')).toMatch(/.+/);

  for (const [kind, name] of OBJECT_NAMES.entries()) {
    const record = { ...fc.sample(recordOf(name), { numRuns: 1, seed: 900 + kind })[0]!, player_slug: player };
    await run(page, 'act', 'Track', [kind, JSON.stringify(record)]);
  }
  await run(page, 'act', 'Track', [0, '{not json']);
  expect(await triggers(page)).toEqual(['OnError']);
  expect(await run(page, 'exp', 'LastError')).toMatch(/not a JSON object/);
  await run(page, 'act', 'Flush');
  await expect.poll(async () => (await received(service)).filter((r) => r.player_slug === player).length, { timeout: 15_000 }).toBe(OBJECT_NAMES.length);
  for (const name of OBJECT_NAMES) expect((await received(service, name)).filter((r) => r.player_slug === player), name).toHaveLength(1);
  await expect.poll(() => run(page, 'exp', 'Queued')).toBe(0);

  // The player's offers (the reference service's, seeded at the first request); the test reads the list to pick one.
  // The action returns once the request is on its way (the bridge's pending reply): the list fills when the refresh ends.
  await run(page, 'act', 'RefreshOffers');
  const usableOffer = (): Promise<number | undefined> =>
    page.evaluate(() => {
      const list = JSON.parse((globalThis as unknown as { TPSDK: { bridge: { call(j: string): string } } }).TPSDK.bridge.call('{"v":1,"id":"l","op":"offers.list"}')) as { result: Array<{ offer: { offer_id: number }; verdict: { usable: boolean } }> };
      return list.result.find((o) => o.verdict.usable)?.offer.offer_id;
    });
  await expect.poll(usableOffer, { timeout: 10_000 }).toBeDefined();
  const usable = (await usableOffer())!;
  // The action ends when the offer closes: awaited below, so the page outlives it.
  const shown = run(page, 'act', 'ShowOffer', [usable]);
  await page.getByRole('dialog').waitFor();
  await expect.poll(() => triggers(page)).toEqual(['OnError', 'OnOfferShown']);
  expect(await run(page, 'exp', 'LastOfferId')).toBe(usable);
  await page.keyboard.press('Escape');
  await expect.poll(() => triggers(page)).toEqual(['OnError', 'OnOfferShown', 'OnOfferClosed']);
  expect(await shown).toBeNull();
});
