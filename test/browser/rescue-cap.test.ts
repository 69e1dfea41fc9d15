/**
 * The rescue copy at `pagehide` takes at most RESCUE_MAX_CHARS of the game's localStorage (research
 * list, analytics item 6: an SDK's queue fills the site's localStorage and the site's own features
 * stop working). A game that tracks a burst in the task where the page goes away (a session
 * summary of 3,000 records of 1 KB) copied all of them: 3.6 million characters, which stayed until
 * the game's next page, and the page's own 2.5 MB write then failed. Real client, IndexedDB and
 * localStorage in Chromium.
 */
import { afterEach, expect, it } from 'vitest';
import { RESCUE_MAX_CHARS } from '../../src/queue/index.js';
import { storedClient } from '../support/stored-client.js';

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  localStorage.clear();
});

it('a burst of records at pagehide leaves the game room in localStorage, and every record still reaches the service', async () => {
  const namespace = `rescue-cap-${crypto.randomUUID().slice(0, 8)}`;
  const received = new Set<string>();
  const tp = storedClient(namespace, (body) => {
    for (const r of body.players_login as Array<{ app_version: string }>) received.add(r.app_version.slice(0, r.app_version.indexOf(':')));
  }, { region: 'KR' });
  await expect.poll(() => tp.stats().leader).toBe(true);

  const pad = ':'.padEnd(1000, 'x');
  for (let i = 0; i < 3000; i++) tp.track('players_login', { app_version: `${i}${pad}` });
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })); // in the same task: none written yet

  const copies = Object.keys(localStorage).filter((k) => k.startsWith(`tp-web-sdk/${namespace}/rescue/`));
  expect(copies).toHaveLength(1);
  const copy = localStorage.getItem(copies[0]!)!;
  expect(copy.length).toBeLessThanOrEqual(RESCUE_MAX_CHARS);
  // The oldest records, as many as fit (each about 1,300 characters as an entry).
  const rescued = (JSON.parse(copy) as Array<{ record: { app_version: string } }>).map((e) => e.record.app_version.slice(0, e.record.app_version.indexOf(':')));
  expect(rescued.length).toBeGreaterThan(150);
  expect(rescued).toEqual(Array.from({ length: rescued.length }, (_, i) => String(i)));
  // The game's own storage still works.
  expect(() => localStorage.setItem('game/save', 'x'.repeat(2_500_000))).not.toThrow();

  // The page stayed (no navigation): the IndexedDB writes finish and everything is delivered.
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await tp.flush();
  await expect.poll(() => received.size, { timeout: 20_000 }).toBe(3000);
  await tp.shutdown();
});
