/**
 * A game that tracks a record when its session ends (a natural `session:end` listener), in
 * Chromium on real IndexedDB: the end heard inside `forget()` must not open a consented half on
 * the storage being erased (it fell back to memory for the rest of the page); that record is held
 * and arrives after the erasing, as do later ones, from IndexedDB.
 */
import { afterEach, expect, it } from 'vitest';
import { clearNamespace, loginVersions, storedClient } from '../support/stored-client.js';

const namespace = `session-end-track-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await clearNamespace(namespace);
});

it('a record tracked in session:end during forget() arrives after the erasing; the storage stays IndexedDB', async () => {
  const received: string[] = [];
  const tp = storedClient(namespace, (body) => void received.push(...loginVersions(body)));
  const errors: string[] = [];
  tp.on('error', (e) => void errors.push(e.message));
  tp.on('session:end', ({ reason }) => void tp.track('players_login', { app_version: `end ${reason}` }));
  await expect.poll(() => tp.stats().leader).toBe(true);
  await tp.forget();
  tp.track('players_login', { app_version: 'after' });
  await expect.poll(() => tp.stats().leader).toBe(true);
  expect(tp.stats().storage).toBe('indexeddb');
  await tp.flush();
  expect(received.sort()).toEqual(['after', 'end forget']);
  expect(errors).toEqual([]);
  await tp.shutdown();
});
