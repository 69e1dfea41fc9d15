/**
 * What one page could not send, the next page of the game sends, without the game asking
 * (research list: analytics item 3, a keepalive upload whose CORS preflight cannot finish while
 * the page is torn down, which `sendBeacon()` reports as sent; IndexedDB risk 2, Safari deleting
 * stored records after 7 days: the SDK uploads at start, and a record in IndexedDB is not a
 * delivered one). Real IndexedDB and localStorage in Chromium, requests answered by the test.
 */
import { afterEach, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import { loginVersions, storedClient } from '../support/stored-client.js';

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  for (const key of Object.keys(localStorage).filter((k) => k.includes('/rescue/'))) localStorage.removeItem(key);
});


it('a keepalive upload refused at pagehide (a preflight that cannot finish) deletes nothing: the next page sends every record, once', async () => {
  const namespace = `refused-${crypto.randomUUID().slice(0, 8)}`;
  const received: string[] = [];
  let keepalives = 0;
  let pageGone = false; // from the test's pagehide on, a request is the unload upload
  const page = (options: Partial<ClientOptions> = {}) =>
    storedClient(namespace, (body) => void received.push(...loginVersions(body)), {
      fetch: async (_url, init) => {
        if (pageGone) {
          keepalives += 1;
          throw new TypeError('Failed to fetch'); // what a failed preflight gives the page, if it is still there to hear it
        }
        received.push(...loginVersions(JSON.parse(init!.body as string) as Record<string, unknown[]>));
        return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
      },
      ...options,
    });
  const first = page();
  first.on('error', () => undefined); // the refused keepalive upload, and shutdown's upload cut off by the unloading page
  await expect.poll(() => first.stats().leader).toBe(true);
  // The leader has read the queue once (its head): what is written next joins it, and pagehide
  // sends from it. On a loaded machine the first read could still be running at pagehide (CI, once).
  expect(await first.flush()).toMatchObject({ records: 0 });
  for (let i = 0; i < 3; i++) first.track('players_login', { app_version: `v${i}` });
  await expect.poll(() => first.stats().queued).toBe(3);
  pageGone = true;
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })); // the player leaves
  await expect.poll(() => keepalives).toBe(1);
  await first.shutdown(); // the page is gone: an unloading page starts no other request
  expect(received).toEqual([]);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // the test page again (no client listens)
  pageGone = false;

  const next = page();
  await expect.poll(() => next.stats().leader).toBe(true);
  expect(await next.flush()).toMatchObject({ records: 3 });
  expect(received).toEqual(['v0', 'v1', 'v2']);
  await next.shutdown();
});

it('records an earlier page left in IndexedDB are uploaded when the next page starts, without flush() and before the timer', async () => {
  const namespace = `at-start-${crypto.randomUUID().slice(0, 8)}`;
  let up = false;
  const received: string[] = [];
  const page = (options: Partial<ClientOptions> = {}) =>
    storedClient(
      namespace,
      (body) => {
        if (!up) throw new TypeError('Failed to fetch');
        received.push(...loginVersions(body));
      },
      options,
    );
  const first = page();
  first.on('error', () => undefined); // shutdown's last upload fails too
  await expect.poll(() => first.stats().leader).toBe(true);
  // The leader has read the queue once (its head): what is written next joins it, and pagehide
  // sends from it. On a loaded machine the first read could still be running at pagehide (CI, once).
  expect(await first.flush()).toMatchObject({ records: 0 });
  for (let i = 0; i < 3; i++) first.track('players_login', { app_version: `v${i}` });
  await expect(first.flush()).rejects.toMatchObject({ name: 'NetworkError' }); // stored, not sent
  await first.shutdown();
  up = true;

  // Automatic uploads on; the timer alone would wait an hour, and 3 records are under flushAt.
  const next = page({ flushIntervalMs: 3_600_000 });
  await expect.poll(() => received).toEqual(['v0', 'v1', 'v2']);
  // The service has them when its answer is still on its way: the client counts them once it lands.
  await expect.poll(() => next.stats()).toMatchObject({ queued: 0, delivered: 3 });
  await next.shutdown();
});
