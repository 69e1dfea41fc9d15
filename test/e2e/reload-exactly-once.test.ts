/**
 * The numbers a game reports must be exact: records tracked shortly before a reload or a tab close
 * reach the service exactly once. Real Chromium, real IndexedDB, the reference service,
 * default options (10 s upload timer): what a page tracks in its last seconds leaves in the
 * keepalive upload at `visibilitychange`/`pagehide`, whose answer that page never sees.
 *
 * The game is a page of its own origin on 127.0.0.1 (a loopback server of this test), loading the
 * script-tag build from the demo's site, as a game would from a CDN.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, storedInIndexedDb, useDemoInChromium, useGamePage } from './harness.js';

const harness = useDemoInChromium();
const ROUNDS = 20;
const PER_ROUND = 20;

interface Game {
  tp: { track(kind: string, record: object): boolean; flush(): Promise<unknown>; stats(): { leader: boolean; queued: number } };
  play(run: string, from: number, count: number): void;
}

/** The game's page: a client with default options, and `play()`, which tracks purchases and stages. */
function gameHtml(sdkUrl: string, baseUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>game</title><script src="${sdkUrl}"></script><script>
    const q = new URLSearchParams(location.search);
    window.tp = TPSDK.createClient({ baseUrl: '${baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: q.get('player'), region: 'KR', ui: null });
    tp.on('upload', (u) => window.tpSent?.(u.requestId, u.keepalive, u.entries.length));
    tp.on('delivered', (d) => window.tpDelivered?.(d.requestId));
    window.play = (run, from, count) => {
      for (let n = from; n < from + count; n++) {
        if (n % 4 === 0) tp.track('characters_purchases', { character_slug: 'knight', purchasable_slug: run + ':' + n,
          purchase_quantity: 1, purchase_unit_price: 0.99, purchase_total_price: 0.99, purchase_currency_code: 'USD' });
        else tp.track('characters_stages', { character_slug: 'knight', stage_slug: run + ':' + n });
      }
    };
  </script>`;
}

const site = useGamePage(harness, (h) => gameHtml(`${h.stack.url}build/tp-web-sdk.iife.js`, h.stack.service.baseUrl));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The player's first visit lasts a moment before the rounds: the SDK's first answer from the service
 * (its empty upload at start) has come back. A page reloaded before any page of the game saw the
 * service answer does not trust its keepalive upload (docs/decisions.md), and on a busy machine
 * that answer can take longer than the test's round 0.
 */
const firstVisit = async (): Promise<void> => void (await sleep(1000));

async function openGame(page: Page, player: string): Promise<void> {
  await page.goto(`${site.url}?player=${player}`);
  await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
}

/** How many copies of each record of `run` the service holds. */
async function copiesOf(run: string): Promise<Map<string, number>> {
  const copies = new Map<string, number>();
  for (const upload of await serviceUploads(harness.stack)) {
    const records = [...(upload.body.characters_purchases ?? []), ...(upload.body.characters_stages ?? [])];
    for (const r of records) {
      const id = (r.purchasable_slug ?? r.stage_slug) as string;
      if (id.startsWith(`${run}:`)) copies.set(id, (copies.get(id) ?? 0) + 1);
    }
  }
  return copies;
}

function tally(copies: Map<string, number>, total: number, run: string, perRound?: number): { missing: number; duplicates: number } {
  let missing = 0;
  let duplicates = 0;
  const rounds = new Set<number>();
  for (let n = 0; n < total; n++) {
    const c = copies.get(`${run}:${n}`) ?? 0;
    if (c === 0) missing += 1;
    else duplicates += c - 1;
    if (c !== 1 && perRound) rounds.add(Math.floor(n / perRound));
  }
  if (rounds.size > 0) console.info(`${run}: records missing or twice in rounds ${[...rounds].join(', ')}`);
  return { missing, duplicates };
}

describe('records tracked before a reload or a tab close reach the service exactly once', () => {
  it(`${ROUNDS} reloads, ${PER_ROUND} records tracked within the seconds before each`, async () => {
    const run = `reload-${Date.now().toString(36)}`;
    const page = await harness.page();
    await openGame(page, run);
    await firstVisit();
    for (let round = 0; round < ROUNDS; round++) {
      await page.evaluate(({ run, from, count }) => (window as unknown as Game).play(run, from, count), { run, from: round * PER_ROUND, count: PER_ROUND });
      await sleep(round * 97 % 1500); // the player reloads 0 to 1.5 s later, well within the 10 s timer
      await page.reload();
      await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
    }
    await page.evaluate(() => (window as unknown as Game).tp.flush());
    const result = tally(await copiesOf(run), ROUNDS * PER_ROUND, run, PER_ROUND);
    console.info(`reloads: ${ROUNDS * PER_ROUND} records tracked, missing ${result.missing}, duplicates ${result.duplicates}`);
    expect(result).toEqual({ missing: 0, duplicates: 0 });
  });

  it(`${ROUNDS} tab closes, the next visit in a new tab`, async () => {
    const run = `close-${Date.now().toString(36)}`;
    for (let round = 0; round < ROUNDS; round++) {
      const page = await harness.page();
      await openGame(page, run);
      if (round === 0) await firstVisit();
      await page.evaluate(({ run, from, count }) => (window as unknown as Game).play(run, from, count), { run, from: round * PER_ROUND, count: PER_ROUND });
      await sleep(round * 97 % 1500);
      await page.close({ runBeforeUnload: true });
    }
    const page = await harness.page();
    await openGame(page, run);
    await page.evaluate(() => (window as unknown as Game).tp.flush());
    const result = tally(await copiesOf(run), ROUNDS * PER_ROUND, run, PER_ROUND);
    console.info(`tab closes: ${ROUNDS * PER_ROUND} records tracked, missing ${result.missing}, duplicates ${result.duplicates}`);
    expect(result).toEqual({ missing: 0, duplicates: 0 });
  });

  it('a backlog of 5,000 tracked offline, back online, reloaded a second later: only the batch on the wire may come twice', async () => {
    const run = `backlog-${Date.now().toString(36)}`;
    const TOTAL = 5000;
    /** The first page's requests, by request id: records carried, whether keepalive, whether it saw them delivered. */
    const sent = new Map<number, { keepalive: boolean; records: number; delivered: boolean }>();
    let first = true;
    await harness.context.exposeBinding('tpSent', (_source, id: number, keepalive: boolean, records: number) => {
      if (first) sent.set(id, { keepalive, records, delivered: false });
    });
    await harness.context.exposeBinding('tpDelivered', (_source, id: number) => {
      if (first) sent.get(id)!.delivered = true;
    });
    const page = await harness.page();
    await openGame(page, run);
    // The session's login delivered before the network goes: on a busy machine its upload can
    // still be on the wire, and one cut by going offline is another case than the one tested here.
    await page.evaluate(() => (window as unknown as Game).tp.flush());
    await harness.context.setOffline(true);
    for (let from = 0; from < TOTAL; from += 500) {
      await page.evaluate(({ run, from }) => (window as unknown as Game).play(run, from, 500), { run, from });
    }
    await expect.poll(() => storedInIndexedDb(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(TOTAL);
    // Back online over a slow mobile link (so the drain is still running a second later).
    await harness.context.setOffline(false);
    const cdp = await harness.context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 20_000 });
    await sleep(1000);
    await page.reload();
    first = false;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
    await page.evaluate(() => (window as unknown as Game).tp.flush());
    const result = tally(await copiesOf(run), TOTAL, run);
    const batches = [...sent.values()].filter((s) => !s.keepalive);
    const onTheWire = batches.filter((s) => !s.delivered);
    const describe = (list: typeof batches) => list.map((s) => `${s.records}${s.delivered ? '' : ' (answer unseen)'}`).join(', ');
    console.info(
      `backlog: ${TOTAL} records, missing ${result.missing}, duplicates ${result.duplicates}; the first page's batches: ${describe(batches)}; ` +
        `its keepalive uploads: ${describe([...sent.values()].filter((s) => s.keepalive))}`,
    );
    expect(result.missing).toBe(0);
    // At most the records of the one batch that was on the wire when the page went away.
    expect(onTheWire.length).toBeLessThanOrEqual(1);
    expect(result.duplicates).toBeLessThanOrEqual(onTheWire[0]?.records ?? 0);
  });
});
