/**
 * A queue that fell back to memory, and a lease lost and taken back, in real Chromium (real
 * IndexedDB, tab channel, Web Locks or the IndexedDB lease): nothing lost, nothing sent twice.
 * Several clients in one page stand for several tabs of one game.
 */
import { createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { storedQueueKeys, watchConnections, type ConnectionWatch } from '../support/idb-connections.js';
import { loginVersions, storedClient } from '../support/stored-client.js';

let watch: ConnectionWatch;
beforeEach(() => {
  watch = watchConnections();
});
afterEach(() => {
  watch.stop();
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  for (const key of Object.keys(localStorage).filter((k) => k.includes('/rescue/'))) localStorage.removeItem(key);
});


it('a follower tab whose queue fell back to memory: flush() uploads its records (they are not left to die with the tab)', async () => {
  const namespace = `fmem-${crypto.randomUUID().slice(0, 8)}`;
  const queueDb = `tp-web-sdk/${namespace}/queue`;
  const sent: string[] = [];
  const tab = () => storedClient(namespace, (body) => void sent.push(...loginVersions(body)));
  const leader = tab();
  await expect.poll(() => leader.stats().leader).toBe(true);
  leader.track('players_login', { app_version: 'L1' });
  expect(await leader.flush()).toMatchObject({ records: 1 });

  // IndexedDB fails in the second tab as it opens (Safari's lost connection, twice): it moves to memory.
  watch.breakAll(queueDb);
  const follower = tab();
  follower.on('warning', () => undefined);
  await expect.poll(() => follower.stats().storage).toBe('memory');
  watch.stop(); // IndexedDB works again; the leader never noticed anything
  expect(follower.stats().leader).toBe(false);

  follower.track('players_login', { app_version: 'F1' });
  const result = await follower.flush();
  // The follower's flush resolved, as a success: the record must have been sent.
  expect({ result, sent }).toMatchObject({ result: { records: 1 }, sent: ['L1', 'F1'] });
  await follower.shutdown();
  await leader.shutdown();
});

it('after a fallback to memory, each record is sent once: what was stored is left to the next page', async () => {
  const namespace = `fdup-${crypto.randomUUID().slice(0, 8)}`;
  const queueDb = `tp-web-sdk/${namespace}/queue`;
  const sent: string[] = [];
  const tp = storedClient(namespace, (body) => void sent.push(...loginVersions(body)));
  tp.on('warning', () => undefined);
  tp.track('players_login', { app_version: '1.0.1' });
  await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(1);

  watch.breakAll(queueDb); // this page's connection is lost for good ("Refresh the page to try again")
  tp.track('players_login', { app_version: '1.0.2' });
  await expect.poll(() => tp.stats().storage).toBe('memory');
  // From memory it sends what was not stored: the stored record stays in IndexedDB, where its
  // deletion can be made after its 200.
  expect(await tp.flush()).toMatchObject({ records: 1 });
  await tp.shutdown();

  watch.stop(); // the next page: IndexedDB works
  const next = storedClient(namespace, (body) => void sent.push(...loginVersions(body)));
  await next.flush();
  await next.flush();
  expect(sent).toEqual(['1.0.2', '1.0.1']); // each once
  await next.shutdown();
});

it('without Web Locks, a tab that loses the lease and gets it back does not send, at unload, what the other leader delivered', async () => {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'locks')!;
  Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
  try {
    const namespace = `lease-${crypto.randomUUID().slice(0, 8)}`;
    const queueDb = `tp-web-sdk/${namespace}/queue`;
    const lease = createStore(`tp-web-sdk/${namespace}/lease`, 'lease');
    let up = false;
    const received: string[] = [];
    const log: string[] = [];
    const tab = (name: string) =>
      storedClient(namespace, (body) => {
        if (!up) throw new TypeError('Failed to fetch');
        received.push(...loginVersions(body));
        log.push(`${name}: ${loginVersions(body).join(',')}`);
      });
    const a = tab('A');
    await expect.poll(() => a.stats().leader).toBe(true);
    for (let i = 0; i < 3; i++) a.track('players_login', { app_version: `a${i}` });
    await expect(a.flush()).rejects.toMatchObject({ name: 'NetworkError' }); // stored, in A's head
    const aKeys = await storedQueueKeys(queueDb);
    const tabA = aKeys[0]!.split(':')[1]!;

    const b = tab('B');
    b.track('players_login', { app_version: 'b0' });
    await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(4);
    const tabB = (await storedQueueKeys(queueDb)).map((k) => k.split(':')[1]!).find((id) => id !== tabA)!;

    // A's renewals came late (a throttled background tab, a sleeping laptop): B holds the lease now.
    await set('leader', { owner: tabB, expires: Date.now() + 60_000 }, lease);
    await expect.poll(() => [a.stats().leader, b.stats().leader], { timeout: 10_000 }).toEqual([false, true]);
    up = true;
    expect(await b.flush()).toMatchObject({ records: 4 }); // B delivers everything, A's three included
    expect(await storedQueueKeys(queueDb)).toEqual([]);

    // B's lease goes to A again (B throttled in its turn, or B closed).
    await set('leader', { owner: tabA, expires: Date.now() + 60_000 }, lease);
    await expect.poll(() => [a.stats().leader, b.stats().leader], { timeout: 10_000 }).toEqual([true, false]);

    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })); // A's keepalive upload
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ received: received.sort(), log }).toEqual({ received: ['a0', 'a1', 'a2', 'b0'], log });
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await a.shutdown();
    await b.shutdown();
  } finally {
    Object.defineProperty(Navigator.prototype, 'locks', original);
  }
}, 30_000);
