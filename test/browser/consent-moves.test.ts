/**
 * Consent moving back and forth in Chromium, on real IndexedDB: nothing tracked is lost when
 * consent goes back to pending with writes under way and comes back at once (the new storage is
 * not refused with the old one), and a retired store refuses where a newer one works.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { lastStoreOpened, openStore, retireStores } from '../../src/internal/index.js';
import { clearNamespace, loginVersions, storedClient, storedOptions } from '../support/stored-client.js';

const namespace = `moves-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await clearNamespace(namespace);
});

it('granted, pending and granted again in one task: every record tracked arrives once', async () => {
  const received: string[] = [];
  const tp = storedClient(namespace, (body) => void received.push(...loginVersions(body)));
  await expect.poll(() => tp.stats().leader).toBe(true);
  for (let i = 0; i < 10; i++) tp.track('players_login', { app_version: `a${i}` }); // writes under way
  tp.setConsent('pending');
  for (let i = 0; i < 10; i++) tp.track('players_login', { app_version: `b${i}` }); // held
  tp.setConsent('granted');
  await expect.poll(() => tp.stats().leader).toBe(true);
  await tp.flush();
  expect(received.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `a${i}`), ...Array.from({ length: 10 }, (_, i) => `b${i}`)].sort());
  await tp.shutdown();
});

it('a retired store refuses its transactions; one opened later, or under another prefix, works', async () => {
  const from = lastStoreOpened() + 1;
  const old = openStore(`tp-web-sdk/${namespace}/x`, 's');
  const other = openStore(`tp-web-sdk/${namespace}-other/x`, 's');
  await old('readwrite', (s) => s.put(1, 'k'));
  retireStores(`tp-web-sdk/${namespace}/`, from, lastStoreOpened() - 1); // `other` is after `old`
  await expect(old('readonly', (s) => s.get('k'))).rejects.toMatchObject({ name: 'AbortError' });
  const fresh = openStore(`tp-web-sdk/${namespace}/x`, 's');
  const read = await fresh('readonly', (s) => new Promise((resolve) => (s.get('k').onsuccess = (e) => resolve((e.target as IDBRequest).result))));
  expect(read).toBe(1);
  await expect(other('readwrite', (s) => s.put(2, 'k'))).resolves.not.toThrow();
});

it('denied then granted in one task, then 20 records: all 20 arrive (IndexedDB)', async () => {
  const received: string[] = [];
  const tp = storedClient(namespace, (body) => void received.push(...loginVersions(body)));
  await expect.poll(() => tp.stats().leader).toBe(true);
  tp.setConsent('denied');
  tp.setConsent('granted');
  for (let i = 0; i < 20; i++) tp.track('players_login', { app_version: `r${i}` });
  await new Promise((r) => setTimeout(r, 200));
  await tp.flush();
  expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
  await tp.shutdown();
});

it('forget() not awaited, then 20 records in the same task: all 20 arrive (IndexedDB)', async () => {
  const received: string[] = [];
  const tp = storedClient(namespace, (body) => void received.push(...loginVersions(body)));
  await expect.poll(() => tp.stats().leader).toBe(true);
  const forgetting = tp.forget();
  for (let i = 0; i < 20; i++) tp.track('players_login', { app_version: `r${i}` });
  await forgetting;
  await tp.flush();
  expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
  await tp.shutdown();
});

it('the storage keeps the namespace createClient was given when the game changes its options object later', async () => {
  const later = `${namespace}-later`;
  const options = storedOptions(namespace, async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} })));
  const tp = createClient(options);
  options.namespace = later; // the game reuses its options object
  tp.setConsent('pending');
  tp.setConsent('granted'); // a new consented half opens its storage
  tp.track('players_login', { app_version: 'a' });
  await expect.poll(() => tp.stats().leader).toBe(true);
  await tp.flush();
  const names = (await indexedDB.databases()).map((d) => d.name ?? '');
  expect(names.some((name) => name.startsWith(`tp-web-sdk/${namespace}/`))).toBe(true);
  expect(names.filter((name) => name.includes(later))).toEqual([]);
  await tp.shutdown();
  await clearNamespace(later);
});
