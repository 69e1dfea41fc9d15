/**
 * The drain's encoder in slices in Chromium: batches of 1, 500 and 2,000 records with
 * Korean text and emoji, encoded in the page, are gunzipped by Node's zlib to exactly the JSON of
 * the batch. And a drain of 2,000 records in Chromium gives the page's tasks turns between its
 * slices (a task of the page's that posts itself again, counted).
 */
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const pages = useFixtureInChromium(`
  import { buildLogsBody } from './src/delivery/batch.ts';
  import { encodeLogsBodyInSlices } from './src/delivery/encode.ts';
  import { createClient } from './src/logging.ts';
  const records = (n) => Array.from({ length: n }, (_, i) => ({
    objectName: i % 3 === 0 ? 'players_login' : 'characters_stages',
    record: { player_slug: 'p-1', event_timestamp: 1767225600 + i, n: i, text: i % 2 ? '용사의 검 ⚔️ 🐉 ' + i : 'plain ' + i },
    enqueuedAt: 0,
  }));
  window.encode = async (n) => {
    const body = buildLogsBody(records(n));
    const encoded = await encodeLogsBodyInSlices(body, 'gzip');
    return { json: JSON.stringify(body), bytes: Array.from(encoded.body) };
  };
  window.drain = async (n) => {
    // A task of the page's that posts itself again each time it runs: it runs once per turn the drain gives.
    let turns = 0;
    let running = true;
    const ping = new MessageChannel();
    ping.port1.onmessage = () => { turns += 1; if (running) ping.port2.postMessage(0); };
    // Every check of the clock is due: a slice per step, so the count does not hang on this machine's speed.
    const now = performance.now.bind(performance);
    let skew = 0;
    performance.now = () => (skew += 10) + now();
    const tp = createClient({ baseUrl: 'https://service.invalid/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p', storage: 'memory', flushIntervalMs: 0, autoLogin: false,
      fetch: async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} })) });
    for (let i = 0; i < n; i++) tp.track('players_login', { app_version: 'v' + i });
    await new Promise((r) => setTimeout(r, 0));
    const before = turns;
    ping.port2.postMessage(0);
    const result = await tp.flush();
    running = false;
    performance.now = now;
    await tp.shutdown();
    return { turns: turns - before, records: result.records };
  };
`);

for (const n of [1, 500, 2000]) {
  it(`a batch of ${n} records encoded in slices in Chromium gunzips in Node to exactly its JSON`, async () => {
    const page = await pages.page();
    await page.addScriptTag({ content: pages.script });
    const { json, bytes } = await page.evaluate((n) => (window as unknown as { encode(n: number): Promise<{ json: string; bytes: number[] }> }).encode(n), n);
    expect(gunzipSync(Buffer.from(bytes)).toString('utf8')).toBe(json);
    expect(json).toContain(n > 1 ? '용사의 검 ⚔️ 🐉' : 'plain');
  });
}

it('a drain of 2,000 records lets the page run between its slices', async () => {
  const page = await pages.page();
  await page.addScriptTag({ content: pages.script });
  const seen = await page.evaluate(() => (window as unknown as { drain(n: number): Promise<{ turns: number; records: number }> }).drain(2000));
  expect(seen.records).toBe(2000);
  // With every slice due, the drain gives the page a turn per record checked and per record
  // encoded; in one piece it would give one per request or so.
  expect(seen.turns).toBeGreaterThan(2000);
});
