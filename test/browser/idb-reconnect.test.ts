/**
 * A dead IndexedDB connection (Safari's "Connection to Indexed Database server lost", or a closed
 * one) is reopened, and the SDK stays on IndexedDB: records tracked after it died are still
 * stored durably, and nothing is reported. A connection also gives way to another page that
 * upgrades or deletes its database. Real IndexedDB in Chromium, with its connections killed by
 * test/support/idb-connections.ts; the service's answers come from an injected fetch.
 */
import { promisifyRequest, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/internal/idb.js';
import { createIndexedDbKeyValueStore } from '../../src/offers/store.js';
import { createIndexedDbDeadLetterStore, createIndexedDbStore, type DeadLetter } from '../../src/queue/index.js';
import { electLeader } from '../../src/tabs/index.js';
import { storedQueueKeys, watchConnections, type ConnectionWatch, type Death } from '../support/idb-connections.js';
import { storedClient } from '../support/stored-client.js';

let watch: ConnectionWatch;
beforeEach(() => {
  watch = watchConnections();
});
afterEach(() => watch.stop());

const deaths: Death[] = ['closed', 'lost'];

describe.each(deaths)('a connection %s, without a close event', (how) => {
  it('the queue reopens it: records tracked afterwards are stored in IndexedDB, then delivered, with no warning', async () => {
    const namespace = `reopen-${crypto.randomUUID().slice(0, 8)}`;
    const queueDb = `tp-web-sdk/${namespace}/queue`;
    const sent: number[] = [];
    const tp = storedClient(namespace, (body) => {
      for (const r of body.players_login as Array<{ app_version: string }>) sent.push(Number(r.app_version.split('.')[2]));
    });
    const reported: string[] = [];
    tp.on('warning', (e) => reported.push(`warning: ${e.message}`));
    tp.on('error', (e) => reported.push(`error: ${e.message}`));

    for (let i = 1; i <= 3; i++) tp.track('players_login', { app_version: `1.0.${i}` });
    await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(3);

    expect(watch.kill(queueDb, how)).toBeGreaterThan(0);
    for (let i = 4; i <= 6; i++) tp.track('players_login', { app_version: `1.0.${i}` });
    await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(6);
    expect(tp.stats().storage).toBe('indexeddb');

    expect(await tp.flush()).toMatchObject({ records: 6 });
    expect(sent).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await storedQueueKeys(queueDb)).toEqual([]);
    expect(reported).toEqual([]);
    await tp.shutdown();
  });

  it('openStore runs the failed transaction again, once, on one new connection shared by those that failed together', async () => {
    const name = `open-store-${crypto.randomUUID()}`;
    const store = openStore(name, 's');
    await set('a', 1, store);
    expect(watch.kill(name, how)).toBe(1);

    await Promise.all([set('b', 2, store), set('c', 3, store), get('a', store)]);
    expect(await Promise.all(['a', 'b', 'c'].map((k) => get(k, store)))).toEqual([1, 2, 3]);
    expect(watch.opened.filter((n) => n === name)).toHaveLength(2);
  });

  it('the other stores reopen it too: dead letters, offer states and the lease keep working', async () => {
    const id = crypto.randomUUID();
    const letters = createIndexedDbDeadLetterStore(`letters-${id}`);
    const states = createIndexedDbKeyValueStore<number, string>(`states-${id}`, 'states');
    const lease = electLeader('unused', 'tab', undefined, `lease-${id}`, 60_000);
    const letter = (key: string) => ({ key, at: 1, reason: { code: 'corrupt', reason: 'test' }, entries: [] }) as unknown as DeadLetter;
    await letters.add(letter('one'));
    await states.change(1, () => 'impressed');
    await expect.poll(() => lease.isLeader).toBe(true);

    expect(watch.kill(`letters-${id}`, how) + watch.kill(`states-${id}`, how) + watch.kill(`lease-${id}`, how)).toBe(3);
    await letters.add(letter('two'));
    expect((await letters.list()).map((l) => l.key)).toEqual(['one', 'two']);
    expect(await states.change(1, (s) => `${s}, opened`)).toBe('impressed, opened');
    expect(await lease.confirm()).toBe(true);
    lease.release();
  });
});

it('when the new connection fails too, the queue moves to memory with one warning, and keeps every record (the stored one for the next page)', async () => {
  const namespace = `broken-${crypto.randomUUID().slice(0, 8)}`;
  const queueDb = `tp-web-sdk/${namespace}/queue`;
  const sent: unknown[] = [];
  const tp = storedClient(namespace, (body) => sent.push(...body.players_login!));
  const warnings: string[] = [];
  tp.on('warning', (e) => warnings.push(e.name));
  tp.track('players_login', { app_version: '1.0.1' });
  await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(1);

  const opened = watch.opened.length;
  watch.breakAll(queueDb);
  tp.track('players_login', { app_version: '1.0.2' });
  await expect.poll(() => tp.stats().storage).toBe('memory');
  expect(warnings).toEqual(['StorageError']);
  // One new connection was tried, not more.
  expect(watch.opened.slice(opened).filter((n) => n === queueDb)).toHaveLength(1);
  // What was stored stays in IndexedDB (sent from memory, it could not be deleted there).
  expect(await tp.flush()).toMatchObject({ records: 1 });
  await tp.shutdown();
  watch.stop();
  const next = storedClient(namespace, (body) => sent.push(...body.players_login!));
  await next.flush();
  await next.flush();
  expect((sent as Array<{ app_version: string }>).map((r) => r.app_version)).toEqual(['1.0.2', '1.0.1']);
  await next.shutdown();
});

/**
 * Whether an upgrade or deletion went through. It may be `blocked` for a moment while a
 * transaction of the connection it waits for finishes; one kept open blocks it for good.
 */
async function goesThrough(request: IDBOpenDBRequest): Promise<void> {
  let outcome = 'pending';
  request.onsuccess = () => {
    (request.result as IDBDatabase | undefined)?.close();
    outcome = 'success';
  };
  request.onblocked = () => (outcome = 'blocked');
  request.onerror = () => (outcome = `failed: ${request.error?.name}`);
  await expect.poll(() => outcome, { timeout: 3000 }).toBe('success');
}

describe('another page upgrades or deletes the database', () => {
  it('a newer version upgrading it is not blocked, and the store goes on at that version', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const store = openStore(name, 's');
    await set('a', 1, store);

    const upgrade = indexedDB.open(name, 2);
    upgrade.onupgradeneeded = () => upgrade.result.createObjectStore('added-by-v2');
    await goesThrough(upgrade);

    await set('b', 2, store);
    expect(await Promise.all([get('a', store), get('b', store)])).toEqual([1, 2]);
  });

  it("a game's reset deleting the queue's database is not blocked, and the queue goes on in a new one", async () => {
    const namespace = `reset-${crypto.randomUUID().slice(0, 8)}`;
    const queueDb = `tp-web-sdk/${namespace}/queue`;
    const tp = storedClient(namespace, () => undefined);
    const reported: string[] = [];
    tp.on('warning', (e) => reported.push(`warning: ${e.message}`));
    tp.on('error', (e) => reported.push(`error: ${e.message}`));
    tp.track('players_login', { app_version: '1.0.1' });
    await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(1);

    await goesThrough(indexedDB.deleteDatabase(queueDb) as IDBOpenDBRequest);

    tp.track('players_login', { app_version: '1.0.2' });
    await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(1);
    expect(tp.stats().storage).toBe('indexeddb');
    expect(reported).toEqual([]);
    await tp.shutdown();
  });
});

it("a transaction aborted by the browser before the queue's count was read fails, and is not left hanging", async () => {
  const store = createIndexedDbStore(`abort-${crypto.randomUUID()}`);
  expect(await store.count()).toBe(0);
  const realGet = IDBObjectStore.prototype.get;
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
    const request = realGet.call(this, key);
    this.transaction.abort(); // as the backend does when it fails a transaction
    return request;
  };
  try {
    const outcome = await Promise.race([
      store.count().then(() => 'resolved', () => 'rejected'),
      new Promise((resolve) => setTimeout(resolve, 2000, 'still waiting after 2 s')),
    ]);
    expect(outcome).toBe('rejected');
  } finally {
    IDBObjectStore.prototype.get = realGet;
  }
});

it('openStore leaves other failures to the caller, on the same connection', async () => {
  const name = `open-store-${crypto.randomUUID()}`;
  const store = openStore(name, 's');
  await set('a', 1, store);
  // An object is not a valid key: DataError, which a new connection would not cure.
  await expect(store('readwrite', (s) => promisifyRequest(s.put(1, {} as IDBValidKey)))).rejects.toMatchObject({ name: 'DataError' });
  expect(await get('a', store)).toBe(1);
  expect(watch.opened.filter((n) => n === name)).toHaveLength(1);
});
