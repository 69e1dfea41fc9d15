/**
 * A game page that reaches the SDK only through strings, as an engine's glue does: the script-tag
 * build's `TPSDK.bridge`, `call(json)` and `listen(json => …)`, against the reference service in
 * Chromium. `init`, one record of each of the 43 kinds, `flush`: each arrives once. An offer with
 * Korean and emoji text is shown: its `offer:open` message reaches the listener with the text
 * intact, and a dismissal answers the pending `offers.show`.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { OBJECT_NAMES } from '../../src/index.js';
import { recordOf } from '../support/arbitraries.js';
import { addKoreanOffer, KOREAN_OFFER_TITLE, received } from '../support/service.js';
import { useDemoInChromium, useGamePage } from './harness.js';

const harness = useDemoInChromium();

/** The engine's side: strings out through `call`, strings in through the listener, kept as they came. */
const site = useGamePage(harness, (h) => `<!doctype html><meta charset="utf-8"><title>engine</title>
<script src="${h.stack.url}build/tp-web-sdk.iife.js"></script>
<script>
  window.inbox = [];
  window.inCall = false;
  window.duringCall = 0;
  TPSDK.bridge.listen((json) => { if (window.inCall) window.duringCall++; window.inbox.push(json); });
  window.send = (json) => { window.inCall = true; try { return TPSDK.bridge.call(json); } finally { window.inCall = false; } };
</script>`);

type Json = Record<string, unknown>;

async function send(page: Page, request: Json): Promise<Json> {
  return JSON.parse(await page.evaluate((json) => (window as unknown as { send(j: string): string }).send(json), JSON.stringify({ v: 1, ...request }))) as Json;
}

async function inbox(page: Page): Promise<Json[]> {
  const texts = await page.evaluate(() => (window as unknown as { inbox: string[] }).inbox);
  return texts.map((t) => JSON.parse(t) as Json);
}

async function replyTo(page: Page, id: string): Promise<Json> {
  await expect.poll(async () => (await inbox(page)).some((m) => m.id === id), { timeout: 15_000 }).toBe(true);
  return (await inbox(page)).find((m) => m.id === id)!;
}

it('init, one record of each of the 43 kinds and flush through strings: each arrives once; offer:open keeps Korean and emoji', async () => {
  const player = `bridge-${Date.now()}`;
  const service = harness.stack.service;
  addKoreanOffer(service, player);
  const page = await harness.page();
  await page.goto(site.url);

  const init = await send(page, { id: 'init', op: 'init', args: { baseUrl: service.baseUrl, clientKey: DEFAULT_CLIENT_KEY, authMode: DEFAULT_AUTH_MODE, playerSlug: player, language: 'ko', autoLogin: false, flushIntervalMs: 0 } });
  expect(init).toMatchObject({ ok: true, result: { protocol: 1 } });

  const records = OBJECT_NAMES.map((name, i) => ({ name, record: { ...fc.sample(recordOf(name), { numRuns: 1, seed: 40 + i })[0]!, player_slug: player } }));
  for (const [i, { name, record }] of records.entries()) {
    expect(await send(page, { id: `t${i}`, op: 'track', args: { objectName: name, record } }), name).toMatchObject({ ok: true, result: true });
  }
  expect(await send(page, { id: 'flush', op: 'flush' })).toEqual({ v: 1, id: 'flush', pending: true });
  expect(await replyTo(page, 'flush')).toMatchObject({ ok: true, result: { records: 43, deadLettered: 0 } });
  for (const { name } of records) {
    const held = (await received(service, name)).filter((r) => r.player_slug === player);
    expect(held, name).toHaveLength(1);
  }

  expect(await send(page, { id: 'refresh', op: 'offers.refresh' })).toMatchObject({ pending: true });
  const refreshed = await replyTo(page, 'refresh');
  const offerId = (refreshed.result as Json[])[0]!.offer_id as number;
  expect(await send(page, { id: 'show', op: 'offers.show', args: { offerId } })).toMatchObject({ pending: true });
  await expect.poll(async () => (await inbox(page)).some((m) => m.event === 'offer:open'), { timeout: 10_000 }).toBe(true);
  const open = (await inbox(page)).find((m) => m.event === 'offer:open')!;
  expect(((open.data as { offer: { body: { message: { ko: { title: string } } } } }).offer.body.message.ko.title)).toBe(KOREAN_OFFER_TITLE);
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  expect(await replyTo(page, 'show')).toMatchObject({ ok: true, result: { action: 'dismiss', offerId } });
  expect(await page.evaluate(() => (window as unknown as { duringCall: number }).duringCall)).toBe(0);
  expect(await send(page, { id: 'end', op: 'shutdown' })).toMatchObject({ pending: true });
  await replyTo(page, 'end');
});
