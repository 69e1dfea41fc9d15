/**
 * A tab that takes over uploading (the uploading tab closed) starts from the store as it is then:
 * what it read while the other tab uploaded may have been delivered since, and its first unload
 * upload must not send that again. Two clients in one page sharing the IndexedDB queue, the tab
 * channel and the Web Lock, as tabs do; real IndexedDB and keepalive `fetch` in Chromium, answered
 * by the test.
 */
import { afterEach, expect, it } from 'vitest';
import { loginVersions, storedClient } from '../support/stored-client.js';

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
});

it('the new uploading tab does not send again, when the page closes, the records the last one delivered', async () => {
  let up = false;
  const received: string[] = [];
  const namespace = `leader-${crypto.randomUUID().slice(0, 8)}`;
  const tab = () =>
    storedClient(namespace, (body) => {
      if (!up) throw new TypeError('Failed to fetch');
      received.push(...loginVersions(body));
    });
  const first = tab();
  await expect.poll(() => first.stats().leader).toBe(true);
  for (let i = 0; i < 3; i++) first.track('players_login', { app_version: `v${i}` });
  await expect(first.flush()).rejects.toMatchObject({ name: 'NetworkError' }); // stored, not sent
  const second = tab();
  await expect(second.flush()).rejects.toMatchObject({ name: 'NetworkError' }); // open: it has read the three
  up = true;
  expect(await first.flush()).toMatchObject({ records: 3 });
  await first.shutdown();
  await expect.poll(() => second.stats().leader).toBe(true);
  second.track('players_login', { app_version: 'v3' });
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })); // the page closes: one keepalive upload
  await expect.poll(() => received).toContain('v3');
  expect(received.sort()).toEqual(['v0', 'v1', 'v2', 'v3']);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // its rescue copy goes: none left for other tests
  expect(Object.keys(localStorage).filter((k) => k.includes(namespace) && k.includes('/rescue/'))).toEqual([]);
  await second.shutdown();
});
