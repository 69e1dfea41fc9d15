/**
 * Consent and `forget()` as a game in Chromium uses them: the demo page, the reference
 * service, real IndexedDB and localStorage, and Playwright's request log.
 *
 * The tests run in order in one browser profile: the first two need it to hold nothing of the SDK.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemo, serviceUploads, storedInIndexedDb, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface DemoClient {
  consent: string;
  track(kind: string, record: object): boolean;
  flush(): Promise<unknown>;
  setConsent(state: string): void;
  forget(): Promise<void>;
  on(event: string, listener: (e: unknown) => void): void;
  stats(): { held: number; queued: number; storage: string; leader: boolean };
  offers: { refresh(): Promise<unknown>; show(id: number): Promise<unknown>; view(id: number): Promise<unknown> };
}
type W = { demo: { tp: DemoClient }; errors?: string[] };

/** Every request of `page` to the service, as Playwright sees it. */
function requestLog(page: Page): string[] {
  const log: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(harness.stack.service.origin)) log.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return log;
}

/** What the SDK left in this profile: IndexedDB databases, and localStorage, sessionStorage and cookie names. */
const sdkStorage = (page: Page) =>
  page.evaluate(async () => {
    const sdk = (name: string) => name.startsWith('tp-web-sdk');
    return {
      databases: (await indexedDB.databases()).map((d) => d.name ?? '').filter(sdk),
      local: Object.keys(localStorage).filter(sdk),
      session: Object.keys(sessionStorage).filter(sdk),
      cookies: document.cookie.split(';').map((c) => c.trim().split('=')[0] ?? '').filter(sdk),
    };
  });
const NOTHING = { databases: [], local: [], session: [], cookies: [] };

/** Records of `run` the service holds, by kind, in the order they arrived. */
async function arrived(run: string): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = [];
  for (const upload of await serviceUploads(harness.stack)) {
    for (const [kind, list] of Object.entries(upload.body)) {
      for (const r of list) if (r.e2e_run === run) records.push({ ...r, kind });
    }
  }
  return records;
}

/** 50 records over five kinds (open to the test's fields), numbered; resolves with the Unix seconds before and after. */
const track50 = (page: Page, run: string) =>
  page.evaluate((run) => {
    const tp = (window as unknown as W).demo.tp;
    const before = Math.floor(Date.now() / 1000);
    const kinds: Array<[string, object]> = [
      ['players_stages', { stage_slug: 's', stage_result: 'clear' }],
      ['characters_stages', { character_slug: 'knight', stage_slug: 's', stage_result: 'clear' }],
      ['characters_login', { character_slug: 'knight' }],
      ['characters_quests', { character_slug: 'knight', quest_slug: 'q' }],
      ['characters_ads', { character_slug: 'knight', ad_slug: 'a' }],
    ];
    const kept = Array.from({ length: 50 }, (_, n) => tp.track(kinds[n % 5]![0], { ...kinds[n % 5]![1], e2e_run: run, n }));
    return { kept, before, after: Math.floor(Date.now() / 1000) };
  }, run);

const offerCalls = (page: Page) =>
  page.evaluate(async () => {
    const { offers } = (window as unknown as W).demo.tp;
    const reason = (p: Promise<unknown>) => p.then(() => 'resolved', (e: { reason?: string }) => e.reason ?? String(e));
    return [await reason(offers.refresh()), await reason(offers.show(1)), await reason(offers.view(1))];
  });

describe('consent in Chromium', () => {
  it('pending: nothing is requested or stored; granted: the held records arrive once, in order, with their timestamps', async () => {
    const run = randomUUID();
    const page = await harness.page();
    const requests = requestLog(page);
    await openDemo(page, harness.stack, { player: `consent-${run.slice(0, 8)}`, consent: 'pending', flushIntervalMs: '1000' });
    const tracked = await track50(page, run);
    expect(tracked.kept.every(Boolean)).toBe(true);
    expect(await offerCalls(page)).toEqual(['no-consent', 'no-consent', 'no-consent']);
    expect(await page.evaluate(() => (window as unknown as W).demo.tp.flush().then(() => 'resolved', (e: { code?: string }) => e.code))).toBe('consent');
    await page.waitForTimeout(2500); // two automatic-upload periods, a hidden-page upload would go too
    // The demo's join and login are the SDK's (autoJoin, autoLogin): they wait for consent's session.
    expect(await page.evaluate(() => (window as unknown as W).demo.tp.stats().held)).toBe(50);
    expect(requests).toEqual([]);
    expect(await sdkStorage(page)).toEqual(NOTHING);

    await page.evaluate(async () => {
      const tp = (window as unknown as W).demo.tp;
      tp.setConsent('granted');
      await tp.flush();
    });
    const records = await arrived(run);
    expect(records.length).toBe(50);
    expect(new Set(records.map((r) => r.n)).size).toBe(50); // once each
    for (const kind of new Set(records.map((r) => r.kind))) {
      const ns = records.filter((r) => r.kind === kind).map((r) => r.n as number);
      expect(ns).toEqual([...ns].sort((a, b) => a - b)); // in order
    }
    for (const r of records) {
      expect(r.event_timestamp).toBeGreaterThanOrEqual(tracked.before);
      expect(r.event_timestamp).toBeLessThanOrEqual(tracked.after); // when tracked, not when granted
    }
    expect(requests.filter((r) => r.startsWith('POST /')).length).toBeGreaterThan(0);
  });

  it('pending, then a reload: the held records are gone, and nothing was stored', async () => {
    const run = randomUUID();
    const player = `reload-${run.slice(0, 8)}`;
    const page = await harness.page();
    await openDemo(page, harness.stack, { player, consent: 'pending', flushIntervalMs: '0' });
    await track50(page, run);
    // The profile holds the first test's data (granted there): no record of this run is stored.
    expect(await storedInIndexedDb(page, run)).toBe(0);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.evaluate(async () => {
      const tp = (window as unknown as W).demo.tp;
      tp.setConsent('granted');
      await tp.flush();
    });
    expect(await arrived(run)).toEqual([]);
  });

  it('forget() with two tabs: no SDK database or key remains; the other tab goes on without an error', async () => {
    const run = randomUUID();
    const player = `forget-${run.slice(0, 8)}`;
    const [a, b] = [await harness.page(), await harness.page()];
    for (const page of [a, b]) {
      await openDemo(page, harness.stack, { player, flushIntervalMs: '0' });
      await page.evaluate(() => {
        const w = window as unknown as W;
        w.errors = [];
        w.demo.tp.on('error', (e) => w.errors!.push(String(e)));
        w.demo.tp.on('warning', (e) => w.errors!.push(String(e)));
      });
    }
    // Data of every kind: queued records in both tabs, offers and their states, the device id.
    await track50(a, run);
    await track50(b, run);
    await a.evaluate(() => (window as unknown as W).demo.tp.offers.refresh());
    await expect.poll(async () => (await sdkStorage(a)).databases.length).toBeGreaterThanOrEqual(3);
    expect((await sdkStorage(a)).local.length).toBeGreaterThan(0);

    await a.evaluate(() => (window as unknown as W).demo.tp.forget());
    expect(await sdkStorage(a)).toEqual(NOTHING);
    expect(await sdkStorage(b)).toEqual(NOTHING);

    // The other tab goes on: its later records arrive, and nothing failed in either tab.
    const later = randomUUID();
    await b.evaluate(async (later) => {
      const tp = (window as unknown as W).demo.tp;
      tp.track('players_stages', { stage_slug: 'after', stage_result: 'clear', e2e_run: later, n: 0 });
      await tp.flush();
    }, later);
    expect((await arrived(later)).length).toBe(1);
    expect(await a.evaluate(() => (window as unknown as W).errors)).toEqual([]);
    expect(await b.evaluate(() => (window as unknown as W).errors)).toEqual([]);
    // The 100 records queued before forget() were erased, not sent.
    expect(await arrived(run)).toEqual([]);
  });

  it('Global Privacy Control with respectGlobalPrivacyControl: denied, nothing is sent or stored', async () => {
    const run = randomUUID();
    const page = await harness.page();
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const requests = requestLog(page);
    // A clean profile for this page's origin: the earlier tests stored data here.
    await openDemo(page, harness.stack, { player: `gpc-${run.slice(0, 8)}`, gpc: '1', flushIntervalMs: '1000' });
    expect(await page.evaluate(() => (window as unknown as W).demo.tp.consent)).toBe('denied');
    const tracked = await track50(page, run);
    expect(tracked.kept.some(Boolean)).toBe(false);
    await page.evaluate(() => (window as unknown as W).demo.tp.flush());
    await page.waitForTimeout(1500);
    expect(requests).toEqual([]);
    expect(await sdkStorage(page)).toEqual(NOTHING); // denied erases what earlier visits stored
    expect(await page.locator('#consent').textContent()).toBe('denied');
  });
});
