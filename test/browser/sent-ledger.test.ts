/**
 * A page's last keepalive upload is not sent again by the next page when the service had been
 * answering (docs/decisions.md, "Delivery: exactly once on reload and close"); when it had been
 * failing, the next page sends those records again. Real IndexedDB and localStorage in Chromium,
 * requests answered by the test. A page that dies at `pagehide` is played by a client whose
 * localStorage is put back to what it held right after its `pagehide`: what the browser keeps of a
 * page that never saw its keepalive upload's answer.
 */
import { afterEach, expect, it } from 'vitest';
import { loginVersions, storedClient } from '../support/stored-client.js';

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
});


/** True from the test's `pagehide` on: the request then made is the page's unload upload. */
let pageGone = false;

/** A game whose service records what reaches it; `failing` makes it answer 500 without keeping anything. */
function game(namespace: string) {
  const received: string[] = [];
  const service = { failing: false };
  const page = () =>
    storedClient(namespace, () => undefined, {
      region: 'KR',
      fetch: async (_url, init) => {
        const body = JSON.parse(init!.body as string) as Record<string, unknown[]>;
        if (pageGone) {
          received.push(...loginVersions(body)); // it reached the service; the page going away never hears the answer
          throw new TypeError('Failed to fetch');
        }
        if (service.failing) return new Response(JSON.stringify({ status: 500, reason: 'Internal Server Error' }), { status: 500 });
        received.push(...loginVersions(body));
        return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
      },
    });
  return { received, service, page };
}

/** Tracks two records, then the page goes away at `pagehide`, leaving localStorage as it was then. */
async function leave(tp: ReturnType<ReturnType<typeof game>['page']>, namespace: string, queued: number): Promise<string[]> {
  tp.track('players_login', { app_version: 'v1' });
  tp.track('players_login', { app_version: 'v2' });
  await expect.poll(() => tp.stats().queued).toBe(queued);
  pageGone = true;
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  const mine = Object.keys(localStorage).filter((k) => k.includes(namespace));
  const left = new Map(mine.map((k) => [k, localStorage.getItem(k)!]));
  await tp.shutdown();
  for (const k of Object.keys(localStorage).filter((k) => k.includes(namespace))) localStorage.removeItem(k);
  for (const [k, v] of left) localStorage.setItem(k, v);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // the test page again (no client listens)
  pageGone = false;
  return [...left.keys()];
}

it('the service had been answering: the records of the last keepalive upload reach it once, and the next page does not send them', async () => {
  const namespace = `ledger-ok-${crypto.randomUUID().slice(0, 8)}`;
  const { received, page } = game(namespace);
  const first = page();
  first.on('error', () => undefined); // shutdown's upload, cut off by the unloading page
  await expect.poll(() => first.stats().leader).toBe(true);
  first.track('players_login', { app_version: 'v0' });
  await first.flush(); // the service answers: an accepted upload seen
  const left = await leave(first, namespace, 2);
  expect(left.some((k) => k.includes('/sent/'))).toBe(true);

  const next = page();
  await expect.poll(() => next.stats().leader).toBe(true);
  expect(await next.flush()).toMatchObject({ records: 0 });
  expect(received).toEqual(['v0', 'v1', 'v2']);
  expect(next.stats().queued).toBe(0);
  expect(Object.keys(localStorage).filter((k) => k.includes(`${namespace}/sent/`))).toEqual([]); // the note is gone once acted on
  await next.shutdown();
});

it('the service had been failing: the next page sends them again (sent twice when that keepalive upload did arrive)', async () => {
  const namespace = `ledger-failing-${crypto.randomUUID().slice(0, 8)}`;
  const { received, service, page } = game(namespace);
  const first = page();
  first.on('error', () => undefined);
  await expect.poll(() => first.stats().leader).toBe(true);
  first.track('players_login', { app_version: 'v0' });
  await first.flush();
  service.failing = true;
  first.track('players_login', { app_version: 'v0b' });
  await expect(first.flush()).rejects.toMatchObject({ name: 'ServiceError' });
  service.failing = false;
  const left = await leave(first, namespace, 3);
  expect(left.some((k) => k.includes('/sent/'))).toBe(false);

  const next = page();
  await expect.poll(() => next.stats().leader).toBe(true);
  expect(await next.flush()).toMatchObject({ records: 3 });
  expect(received).toEqual(['v0', 'v0b', 'v1', 'v2', 'v0b', 'v1', 'v2']);
  await next.shutdown();
});

it('a browser that does not send keepalive requests after the page is gone (no Request.prototype.keepalive): not trusted, sent again', async () => {
  const namespace = `ledger-no-keepalive-${crypto.randomUUID().slice(0, 8)}`;
  const { received, page } = game(namespace);
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, 'keepalive')!;
  delete (Request.prototype as { keepalive?: boolean }).keepalive; // Firefox before 133
  try {
    const first = page();
    first.on('error', () => undefined);
    await expect.poll(() => first.stats().leader).toBe(true);
    first.track('players_login', { app_version: 'v0' });
    await first.flush();
    const left = await leave(first, namespace, 2);
    expect(left.some((k) => k.includes('/sent/'))).toBe(false);
  } finally {
    Object.defineProperty(Request.prototype, 'keepalive', descriptor);
  }
  const next = page();
  await expect.poll(() => next.stats().leader).toBe(true);
  expect(await next.flush()).toMatchObject({ records: 2 });
  expect(received).toEqual(['v0', 'v1', 'v2', 'v1', 'v2']);
  await next.shutdown();
});
