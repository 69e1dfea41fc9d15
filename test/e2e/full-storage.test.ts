/**
 * Storage full for real: Chromium's quota for the page's origin is set
 * low (DevTools protocol `Storage.overrideQuotaForOrigin`) and filled by another database, as the
 * game's own assets would. Records tracked then meet `QuotaExceededError`. In Chromium, deleting
 * IndexedDB data at the quota frees no room (its usage even grows until the database compacts), so
 * dropping the oldest records could not help: the queue moves to memory with a warning, drops
 * nothing, and the records already stored wait in IndexedDB for a page that has room, counted in
 * `stats().stranded` meanwhile. The script-tag build, the reference service.
 */
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface Game {
  tp: { track(name: string, record: object): boolean; flush(): Promise<unknown>; stats(): { storage: string; queued: number; stranded: number; dropped: number; leader: boolean } };
  drops: Array<{ records: number; reason: string }>;
  warnings: string[];
  track(from: number, to: number): Promise<void>;
  fill(valueBytes: number): Promise<number>;
}

it('at full storage nothing is dropped for nothing: new records go to memory and are delivered, stored ones by the next page with room', async () => {
  const { stack } = harness;
  const origin = new URL(stack.url).origin;
  const open = async () => {
    const page = await harness.page();
    harness.allowConsole(/404 \(Not Found\)|QuotaExceeded/);
    await page.goto(`${stack.url}game`, { waitUntil: 'commit' }); // a page of the stack's origin (loopback, as the service is)
    await page.setContent(GAME);
    await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
    return page;
  };
  const GAME = `<!doctype html><title>game</title><script src="/build/tp-web-sdk.iife.js"></script><script>
    window.tp = TPSDK.createClient({ baseUrl: '${stack.service.baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: 'full-storage', region: 'KR', flushIntervalMs: 0, autoLogin: false, ui: null });
    window.drops = [];
    window.warnings = [];
    tp.on('dropped', (e) => drops.push(e));
    tp.on('warning', (e) => warnings.push(e.message));
    const pad = 'x'.repeat(300);
    // One write per call, as a game's frame would make: records from..to-1.
    window.track = async (from, to) => {
      for (let n = from; n < to; n++) tp.track('characters_stages', { character_slug: 'c', stage_slug: 's-' + n, pad });
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    // Another database takes what is left of the quota, in values of valueBytes; returns how many it stored.
    window.fill = (valueBytes) => new Promise((resolve) => {
      const open = indexedDB.open('other-data');
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        const db = open.result;
        let stored = 0;
        const next = () => {
          const tx = db.transaction('s', 'readwrite');
          tx.objectStore('s').put(crypto.getRandomValues(new Uint8Array(valueBytes)), valueBytes + ':' + stored);
          tx.oncomplete = () => { stored += 1; next(); };
          tx.onabort = () => { db.close(); resolve(stored); };
        };
        next();
      };
    });
  </script>`;
  const held = async () =>
    new Set(
      (await serviceUploads(stack))
        .flatMap((u) => u.body.characters_stages ?? [])
        .filter((r) => r.player_slug === 'full-storage')
        .map((r) => Number(String(r.stage_slug).slice(2))),
    );

  // The quota is set before the game's page opens any storage.
  const devtools = await harness.context.newPage();
  const cdp = await harness.context.newCDPSession(devtools);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 4 * 1024 * 1024 });
  const page = await open();
  // 1,500 records queued (about 0.5 MB), then the rest of the quota taken by other data.
  for (let from = 0; from < 1500; from += 100) await page.evaluate(([a, b]) => (window as unknown as Game).track(a!, b!), [from, from + 100]);
  await expect.poll(() => page.evaluate(() => (window as unknown as Game).tp.stats().queued)).toBe(1500);
  // Large values first, then small ones into what is left (fewer transactions); each under 64 KiB,
  // past which Chromium stores a value as a file of its own.
  expect(await page.evaluate(() => (window as unknown as Game).fill(60_000))).toBeGreaterThan(0);
  await page.evaluate(() => (window as unknown as Game).fill(4 * 1024));

  // 300 more records meet the full storage: to memory, with a warning; nothing dropped.
  for (let from = 1500; from < 1800; from += 100) await page.evaluate(([a, b]) => (window as unknown as Game).track(a!, b!), [from, from + 100]);
  const state = await page.evaluate(() => {
    const g = window as unknown as Game;
    return { storage: g.tp.stats().storage, queued: g.tp.stats().queued, stranded: g.tp.stats().stranded, drops: g.drops, warnings: g.warnings };
  });
  // The 1,500 stored records are left in IndexedDB, and counted there: not queued here, not lost.
  expect(state).toMatchObject({ storage: 'memory', queued: 300, stranded: 1500, drops: [] });
  expect(state.warnings).toEqual([expect.stringMatching(/QuotaExceededError/)]);
  await page.evaluate(() => (window as unknown as Game).tp.flush());
  expect([...(await held())].sort((a, b) => a - b)).toEqual([...Array(300).keys()].map((n) => n + 1500));

  // Room comes back (the game deletes its other data; the quota override is lifted); the next
  // page delivers what was stored.
  await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('other-data').onsuccess = resolve)));
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await cdp.detach();
  await devtools.close();
  await page.close();
  const next = await open();
  await next.evaluate(() => (window as unknown as Game).tp.flush());
  expect(await next.evaluate(() => (window as unknown as Game).tp.stats())).toMatchObject({ storage: 'indexeddb', queued: 0, stranded: 0 });
  const all = await held();
  expect([...Array(1800).keys()].filter((n) => !all.has(n)), 'records lost').toEqual([]);
  await next.close();
});
