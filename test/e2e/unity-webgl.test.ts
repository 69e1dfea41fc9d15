/**
 * The Unity WebGL package's C entry points, as a Unity game reaches them: engines/unity/Tests~/driver.c
 * (the C ABI IL2CPP uses for `[DllImport("__Internal")]` strings and an `Action<string>` callback)
 * linked by Debian's Emscripten with the package's real TpWebSdk.jslib (`--js-library`) and the
 * script-tag build as TpWebSdk.jspre (`--pre-js`), with Unity's `-sEXPORTED_FUNCTIONS`, run in
 * Chromium against the reference service: init, one record of each of the 43 kinds as the
 * package's generated C# emits them (`Tp.Records`, compiled by mcs and run by mono), flush, each
 * arriving once; an offer event reaches the C callback with Korean and emoji text intact; no
 * callback inside a call. With a stand-in for Unity's keyboard capture (a window listener that
 * cancels every key), Tab, Space, Enter and Escape still work in the DOM dialog.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { bundleIife, ROOT } from '../../scripts/bundle.js';
import { OBJECT_NAMES } from '../../src/index.js';
import { addKoreanOffer, KOREAN_OFFER_TITLE, received } from '../support/service.js';
import { runCsharpTests } from '../support/unity-csharp.js';
import { useDemoInChromium, useGamePage } from './harness.js';

const UNITY = `${ROOT}engines/unity/`;
const harness = useDemoInChromium();
const built = { js: '', late: '', iife: '' };
/** The player of the records the package's C# emits (its typed method of each kind, run under mono). */
const csPlayer = `unity-cs-${Date.now()}`;
let csRequests: Array<{ op: string; args: { objectName: string; record: Record<string, unknown> } }> = [];
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tp-unity-'));
  await bundleIife(dir);
  execFileSync(
    'emcc',
    [
      `${UNITY}Tests~/driver.c`,
      '--js-library', `${UNITY}Runtime/Plugins/WebGL/TpWebSdk.jslib`,
      '--pre-js', join(dir, 'tp-web-sdk.iife.js'),
      '--post-js', `${UNITY}Tests~/harness.js`,
      '-sEXPORTED_FUNCTIONS=_main,_malloc,_free',
      // One file for the test page to inline (the wasm as base64); Unity serves the .wasm apart.
      '-sSINGLE_FILE=1',
      '-o', join(dir, 'driver.js'),
    ],
    { stdio: 'pipe' },
  );
  built.js = readFileSync(join(dir, 'driver.js'), 'utf8').replaceAll('</script', '<\\/script');
  // The same driver without the SDK inside: the page loads the script-tag build after main() ran.
  execFileSync('emcc', [`${UNITY}Tests~/driver.c`, '--js-library', `${UNITY}Runtime/Plugins/WebGL/TpWebSdk.jslib`, '--post-js', `${UNITY}Tests~/harness.js`, '-sEXPORTED_FUNCTIONS=_main,_malloc,_free', '-sSINGLE_FILE=1', '-o', join(dir, 'late.js')], { stdio: 'pipe' });
  built.late = readFileSync(join(dir, 'late.js'), 'utf8').replaceAll('</script', '<\\/script');
  built.iife = readFileSync(join(dir, 'tp-web-sdk.iife.js'), 'utf8');
  // The JSON the generated C# emits: Tp.Records' method of each kind, compiled by mcs, run by mono.
  const cs = await runCsharpTests(dir, join(dir, 'cs'), ['-define:UNITY_WEBGL'], csPlayer);
  expect(cs.ran.output).toBe('all passed');
  csRequests = (JSON.parse(readFileSync(join(dir, 'cs', 'records-requests.json'), 'utf8')) as typeof csRequests).filter((r) => r.op === 'track');
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The game's page: Unity's keyboard capture stood in for, then the driver. */
const site = useGamePage(harness, () => `<!doctype html><meta charset="utf-8"><title>unity</title>
<canvas id="unity-canvas" width="640" height="480" tabindex="-1"></canvas>
<script>
  // WebGLInput.captureAllKeyboardInput: Unity cancels every key on window.
  for (const type of ['keydown', 'keypress', 'keyup']) window.addEventListener(type, (e) => e.preventDefault());
  var Module = { onRuntimeInitialized: () => { window.unityReady = true; } };
</script>
<script>${built.js}</script>`);

/** A game whose page loads the SDK only after the game's first calls (`window.loadSdk()`). */
const late = useGamePage(harness, () => `<!doctype html><meta charset="utf-8"><title>unity, SDK late</title>
<script>
  var Module = { onRuntimeInitialized: () => { window.unityReady = true; } };
  window.loadSdk = () => new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = URL.createObjectURL(new Blob([window.sdkSource], { type: 'text/javascript' }));
    script.onload = resolve;
    document.head.append(script);
  });
</script>
<script>window.sdkSource = ${JSON.stringify(built.iife).replaceAll('</script', '<\\/script')};</script>
<script>${built.late}</script>`);

type Json = Record<string, unknown>;

async function send(page: Page, request: Json): Promise<Json> {
  return JSON.parse(await page.evaluate((json) => (window as unknown as { Module: { tpSend(j: string): string } }).Module.tpSend(json), JSON.stringify({ v: 1, ...request }))) as Json;
}

async function messages(page: Page): Promise<Json[]> {
  const texts = await page.evaluate(() => (window as unknown as { Module: { tpDriver: { messages: string[] } } }).Module.tpDriver.messages);
  return texts.map((t) => JSON.parse(t) as Json);
}

async function replyTo(page: Page, id: string): Promise<Json> {
  await expect.poll(async () => (await messages(page)).some((m) => m.id === id), { timeout: 15_000 }).toBe(true);
  return (await messages(page)).find((m) => m.id === id)!;
}

const addOffer = (player: string): void => addKoreanOffer(harness.stack.service, player);

async function start(player: string): Promise<Page> {
  const page = await harness.page();
  await page.goto(site.url);
  await page.waitForFunction(() => (window as unknown as { unityReady?: boolean }).unityReady === true);
  const service = harness.stack.service;
  const init = await send(page, { id: 'init', op: 'init', args: { baseUrl: service.baseUrl, clientKey: DEFAULT_CLIENT_KEY, authMode: DEFAULT_AUTH_MODE, playerSlug: player, language: 'ko', autoLogin: false, flushIntervalMs: 0 } });
  expect(init).toMatchObject({ ok: true, result: { protocol: 1 } });
  return page;
}

it('through the C entry points: the 43 kinds arrive once, an offer event reaches the C callback with Korean and emoji intact, none inside a call', async () => {
  const player = `unity-${Date.now()}`;
  addOffer(player);
  const page = await start(player);
  // The records as the package's C# emits them (player csPlayer), one of each kind.
  expect(csRequests.map((r) => r.args.objectName)).toEqual([...OBJECT_NAMES]);
  for (const [i, request] of csRequests.entries()) {
    expect(await send(page, { id: `t${i}`, op: 'track', args: request.args }), request.args.objectName).toMatchObject({ ok: true, result: true });
  }
  expect(await send(page, { id: 'flush', op: 'flush' })).toEqual({ v: 1, id: 'flush', pending: true });
  expect(await replyTo(page, 'flush')).toMatchObject({ ok: true, result: { records: 43, deadLettered: 0 } });
  for (const name of OBJECT_NAMES) expect((await received(harness.stack.service, name)).filter((r) => r.player_slug === csPlayer), name).toHaveLength(1);

  await send(page, { id: 'refresh', op: 'offers.refresh' });
  const offerId = ((await replyTo(page, 'refresh')).result as Json[])[0]!.offer_id as number;
  await send(page, { id: 'show', op: 'offers.show', args: { offerId } });
  await expect.poll(async () => (await messages(page)).some((m) => m.event === 'offer:open'), { timeout: 10_000 }).toBe(true);
  const open = (await messages(page)).find((m) => m.event === 'offer:open')!;
  expect((open.data as { offer: { body: { message: { ko: { title: string } } } } }).offer.body.message.ko.title).toBe(KOREAN_OFFER_TITLE);
  await page.keyboard.press('Escape');
  expect(await replyTo(page, 'show')).toMatchObject({ ok: true, result: { action: 'dismiss', offerId } });
  expect(await page.evaluate(() => (window as unknown as { Module: { tpDriver: { duringCall: number } } }).Module.tpDriver.duringCall)).toBe(0);
  await send(page, { id: 'end', op: 'shutdown' });
  await replyTo(page, 'end');
});

it('with Unity capturing the keyboard, Tab moves focus in the DOM dialog, Space presses close and Enter presses Buy', async () => {
  const player = `unity-keys-${Date.now()}`;
  addOffer(player);
  const page = await start(player);
  await send(page, { id: 'refresh', op: 'offers.refresh' });
  const offerId = ((await replyTo(page, 'refresh')).result as Json[])[0]!.offer_id as number;
  const focused = () => page.evaluate(() => document.querySelector('[data-tp-offer]')?.shadowRoot?.activeElement?.outerHTML.slice(0, 80) ?? '');

  await send(page, { id: 'show-1', op: 'offers.show', args: { offerId } });
  await page.getByRole('dialog').waitFor();
  const first = await focused();
  await page.keyboard.press('Tab');
  await expect.poll(focused).not.toBe(first);
  await page.getByRole('button', { name: '닫기' }).focus();
  await page.keyboard.press('Space');
  expect(await replyTo(page, 'show-1')).toMatchObject({ ok: true, result: { action: 'dismiss', offerId } });

  await send(page, { id: 'show-2', op: 'offers.show', args: { offerId } });
  await page.getByRole('dialog').waitFor();
  await page.getByRole('button', { name: /구매/ }).first().focus();
  await page.keyboard.press('Enter');
  expect(await replyTo(page, 'show-2')).toMatchObject({ ok: true, result: { action: 'interact', offerId } });
  await send(page, { id: 'end', op: 'shutdown' });
  await replyTo(page, 'end');
});

it('TPSDK loaded after the game called Listen: the callback is attached at the first call that finds it', async () => {
  const page = await harness.page();
  await page.goto(late.url);
  await page.waitForFunction(() => (window as unknown as { unityReady?: boolean }).unityReady === true);
  expect(await send(page, { id: 'early', op: 'stats' })).toMatchObject({ ok: false, error: { code: 'not-loaded' } });
  await page.evaluate(() => (window as unknown as { loadSdk(): Promise<void> }).loadSdk());
  const service = harness.stack.service;
  const player = `unity-late-${Date.now()}`;
  expect(await send(page, { id: 'init', op: 'init', args: { baseUrl: service.baseUrl, clientKey: DEFAULT_CLIENT_KEY, authMode: DEFAULT_AUTH_MODE, playerSlug: player, autoLogin: false, flushIntervalMs: 0, ui: 'engine' } })).toMatchObject({ ok: true });
  await send(page, { id: 't', op: 'track', args: { objectName: 'players_stages', record: { stage_slug: 'level-1', stage_result: 'clear' } } });
  await send(page, { id: 'flush', op: 'flush' });
  expect(await replyTo(page, 'flush')).toMatchObject({ ok: true, result: { records: 1 } });
  await send(page, { id: 'end', op: 'shutdown' });
  await replyTo(page, 'end');
});
