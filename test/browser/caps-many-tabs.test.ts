/**
 * The queue's caps with two tabs of one game (two clients in one page sharing the IndexedDB queue,
 * the tab channel and the Web Lock, as tabs do): only the uploading tab evicts, so a batch on the
 * wire is never dropped by another tab (it would count as dropped, then as delivered), and the
 * other tab's writes still count against the caps. Real IndexedDB in Chromium; the requests are
 * answered by the test, held until it lets them go.
 */
import { expect, it } from 'vitest';
import type { TpClient } from '../../src/index.js';
import { storedClient } from '../support/stored-client.js';

it('a batch on the wire is not evicted by another tab; the other tab’s writes past the cap are, by the uploader', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  const namespace = `caps-${crypto.randomUUID().slice(0, 8)}`;
  // Each request waits until the test lets them all go.
  const tab = () =>
    storedClient(
      namespace,
      () => {
        requests += 1;
        return held;
      },
      { flushOnHide: false, maxQueueRecords: 10 },
    );
  const counts = (tp: TpClient) => {
    const seen = { dropped: 0, delivered: 0 };
    tp.on('dropped', (e) => void (seen.dropped += e.records));
    tp.on('delivered', (e) => void (seen.delivered += e.records));
    return seen;
  };
  const uploader = tab();
  const a = counts(uploader);
  await uploader.flush(); // nothing queued: it leads once this settles
  const other = tab();
  const b = counts(other);

  for (let i = 0; i < 10; i++) uploader.track('players_login', { app_version: `a${i}` });
  const first = uploader.flush();
  await expect.poll(() => requests).toBe(1); // the uploader's 10 records are on the wire
  for (let i = 0; i < 15; i++) other.track('players_login', { app_version: `b${i}` });
  // 25 stored, 10 in flight: the cap counts 15, so the 5 oldest of the other tab's go, dropped by the uploader.
  await expect.poll(() => a.dropped).toBe(5);
  expect(b.dropped).toBe(0);
  release();
  expect(await first).toMatchObject({ records: 10 });
  expect(await uploader.flush()).toMatchObject({ records: 10 });
  expect([a.delivered, a.dropped, b.dropped]).toEqual([20, 5, 0]);
  expect(uploader.stats()).toMatchObject({ queued: 0, delivered: 20, dropped: 5 });
  await other.shutdown();
  await uploader.shutdown();
});
