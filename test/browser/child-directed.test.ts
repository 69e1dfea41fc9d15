/**
 * `childDirected: true` in Chromium, on real IndexedDB and localStorage: after a
 * session (track, flush, offers tried, `pagehide`) no localStorage key holds a device id and no
 * offer database exists; two clients created one after another (two page loads of the game) send
 * different `device_unique_id`s on `players_login`. The service is answered by the test.
 */
import { afterEach, expect, it } from 'vitest';
import { OfferError, type ClientOptions, type TpClient } from '../../src/index.js';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `child-${crypto.randomUUID().slice(0, 8)}`;
const clients: TpClient[] = [];

/** A child-directed client of the namespace, shut down after the test even when it fails. */
function childClient(onBody: (records: Record<string, unknown[]>) => unknown, options: Partial<ClientOptions> = {}): TpClient {
  const tp = storedClient(namespace, onBody, { childDirected: true, ...options });
  clients.push(tp);
  return tp;
}

afterEach(async () => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  await Promise.all(clients.splice(0).map((tp) => tp.shutdown()));
  await clearNamespace(namespace);
});

type Login = { device_unique_id?: string };

it('after a session no device id is in localStorage and no offer database exists', async () => {
  const logins: Login[] = [];
  let offerRequests = 0;
  const tp = childClient(() => undefined, {
    fetch: async (url, init) => {
      if (new URL(String(url)).pathname.endsWith('/offers')) offerRequests++;
      else logins.push(...((JSON.parse(init!.body as string) as { players_login?: Login[] }).players_login ?? []));
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: [] }));
    },
  });
  await expect.poll(() => tp.stats().leader).toBe(true);
  tp.track('players_join', {});
  tp.track('players_login', {});
  await tp.flush();
  const refused = await tp.offers.refresh().then(() => undefined, (e: unknown) => e);
  expect.soft(refused instanceof OfferError && refused.reason).toBe('child-directed');
  expect.soft(tp.offers.list()).toEqual([]);
  expect.soft(offerRequests).toBe(0);
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  const deviceId = logins[0]?.device_unique_id ?? '';
  expect(deviceId).toMatch(/\S/);
  // Other test files' clients share this origin's localStorage: only this namespace's keys, and any value with this id.
  const entries = Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? ''] as const);
  expect.soft(entries.filter(([key, value]) => (key.includes(namespace) && key.includes('device-id')) || key.includes(deviceId) || value.includes(deviceId))).toEqual([]);
  const databases = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(namespace));
  expect.soft(databases).toContain(`tp-web-sdk/${namespace}/queue`); // not vacuous: the session stored its queue
  expect.soft(databases.filter((n) => n.includes('offer'))).toEqual([]);
});

it('two page loads send different device ids on players_login', async () => {
  const ids: Array<string | undefined> = [];
  for (let load = 0; load < 2; load++) {
    const tp = childClient((body) => void ids.push(...((body.players_login ?? []) as Login[]).map((r) => r.device_unique_id)));
    await expect.poll(() => tp.stats().leader).toBe(true);
    tp.track('players_login', {});
    await tp.flush();
    await clients.pop()!.shutdown(); // the page goes away before the next one loads
  }
  expect(ids).toHaveLength(2);
  expect(ids[0]).toMatch(/\S/);
  expect(ids[1]).toMatch(/\S/);
  expect(ids[0]).not.toBe(ids[1]);
});
