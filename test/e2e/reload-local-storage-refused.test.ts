/**
 * A player whose browser refuses localStorage (blocked storage: every read and write throws)
 * while IndexedDB works. The SDK keeps its device id, session record and sent ledger in IndexedDB
 * then; across reloads the service must see one device, one automatic login, and each record once,
 * as with localStorage. Real Chromium, real IndexedDB, the reference service, default options
 * (10 s upload timer): what a page tracks in its last moments leaves in the keepalive upload at
 * `pagehide`, noted in the sent ledger, now an IndexedDB write started in `pagehide`.
 */
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, useDemoInChromium, useGamePage } from './harness.js';

const harness = useDemoInChromium();
const ROUNDS = 8;
const PER_ROUND = 20;

interface Game {
  tp: { track(kind: string, record: object): boolean; flush(): Promise<unknown>; stats(): { leader: boolean } };
  play(run: string, from: number, count: number): void;
  warnings: string[];
}

const site = useGamePage(
  harness,
  (h) => `<!doctype html><meta charset="utf-8"><title>game</title><script>
    // Blocked storage, as Safari's "block all cookies" refuses it.
    for (const method of ['getItem', 'setItem', 'removeItem']) {
      Storage.prototype[method] = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    }
  </script><script src="${h.stack.url}build/tp-web-sdk.iife.js"></script><script>
    const q = new URLSearchParams(location.search);
    window.tp = TPSDK.createClient({ baseUrl: '${h.stack.service.baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: q.get('player'), region: 'KR', ui: null });
    window.warnings = [];
    tp.on('warning', (w) => warnings.push(w.message));
    window.play = (run, from, count) => {
      tp.track('players_join', {}); // a record with the device id
      for (let n = from; n < from + count; n++) tp.track('characters_stages', { character_slug: 'knight', stage_slug: run + ':' + n });
    };
  </script>`,
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(`${ROUNDS} reloads with localStorage refused: one device id, one login, each record once`, async () => {
  const run = `ls-refused-${Date.now().toString(36)}`;
  const page = await harness.page();
  const open = async (): Promise<void> => {
    await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
    // The warning comes once the values' database answered, which may be after the tab leads.
    await expect.poll(() => page.evaluate(() => (window as unknown as Game).warnings)).toEqual([expect.stringMatching(/localStorage refused.*kept in IndexedDB/)]);
  };
  await page.goto(`${site.url}?player=${run}`);
  await open();
  await sleep(1000); // the first visit: the SDK's first answer from the service is back (reload-exactly-once.test.ts)
  for (let round = 0; round < ROUNDS; round++) {
    await page.evaluate(({ run, from, count }) => (window as unknown as Game).play(run, from, count), { run, from: round * PER_ROUND, count: PER_ROUND });
    await sleep((round * 97) % 1500); // the player reloads 0 to 1.5 s later, well within the 10 s timer
    await page.reload();
    await open();
  }
  await page.evaluate(() => (window as unknown as Game).tp.flush());

  const uploads = (await serviceUploads(harness.stack)).map((u) => u.body);
  const mine = (name: string) => uploads.flatMap((body) => (body[name] ?? []) as Array<Record<string, unknown>>).filter((r) => r.player_slug === run);
  const copies = new Map<string, number>();
  for (const r of mine('characters_stages')) copies.set(r.stage_slug as string, (copies.get(r.stage_slug as string) ?? 0) + 1);
  const ids = [...Array(ROUNDS * PER_ROUND).keys()].map((n) => `${run}:${n}`);
  const result = {
    missing: ids.filter((id) => !copies.has(id)).length,
    duplicates: ids.reduce((sum, id) => sum + Math.max(0, (copies.get(id) ?? 0) - 1), 0),
    logins: mine('players_login').length,
    joins: mine('players_join').length,
    devices: new Set([...mine('players_login'), ...mine('players_join')].map((r) => r.device_unique_id)).size,
  };
  console.info(`localStorage refused, ${ROUNDS} reloads: ${JSON.stringify(result)}`);
  expect(result).toEqual({ missing: 0, duplicates: 0, logins: 1, joins: ROUNDS, devices: 1 });
  await page.close();
});
