/// <reference types="vite/client" />
/**
 * docs/privacy.md cannot fall behind the storage: after a full session in one namespace (records
 * tracked and flushed, offers refreshed and one opened for the first time, a batch dead-lettered by
 * a 400, a `pagehide` with a write unfinished), every IndexedDB database and localStorage key named
 * after the namespace, with `<namespace>` (and `<tab>`) in its name, is written in the document, and
 * each database's object stores are on its line. Real client, IndexedDB and localStorage in
 * Chromium; the service is answered by the test.
 */
import { afterEach, expect, it } from 'vitest';
import doc from '../../docs/privacy.md?raw';
import { createHeadlessAdapter } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { storedClient } from '../support/stored-client.js';

const namespace = `privacy-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  for (const key of Object.keys(localStorage).filter((k) => k.includes(namespace))) localStorage.removeItem(key);
  for (const { name } of await indexedDB.databases()) {
    if (name?.includes(namespace)) indexedDB.deleteDatabase(name);
  }
});

const answer = (status: number, reason: string, data: unknown = {}): Response => new Response(JSON.stringify({ status, reason, data }), { status });

/** `name` with the namespace and tab ids replaced by the document's placeholders. */
const generic = (name: string): string => name.replace(namespace, '<namespace>').replace(/\/(rescue|sent|relayed)\/[0-9a-z]+$/, '/$1/<tab>');

/** The object stores of database `name`. */
function storesOf(name: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      const stores = [...request.result.objectStoreNames];
      request.result.close();
      resolve(stores);
    };
    request.onerror = () => reject(request.error);
  });
}

it('every database, object store and localStorage key of a full session is named in docs/privacy.md', async () => {
  const firstOpens: string[] = [];
  const tp = storedClient(namespace, () => undefined, {
    playerSlug: 'p-1', // the player of the offer records
    ui: createHeadlessAdapter(),
    fetch: async (url, init) => {
      const path = new URL(String(url)).pathname;
      if (path.endsWith('/offers')) {
        if (init?.method === 'GET') return answer(200, 'OK', [offerRecord(1, personalizedBody)]);
        firstOpens.push((init?.headers as Record<string, string>).TPOfferId!);
        return answer(200, 'OK');
      }
      const body = JSON.parse(init!.body as string) as Record<string, Array<{ app_version?: string }>>;
      if (body.players_login?.some((r) => r.app_version === 'rejected')) return answer(400, 'Invalid Record');
      return answer(200, 'OK');
    },
  });
  tp.on('error', () => undefined); // the dead letter's and the unload's reports
  await expect.poll(() => tp.stats().leader).toBe(true);

  // Records tracked and delivered.
  tp.track('players_join', {});
  tp.track('players_login', { app_version: 'v1' });
  await tp.flush();

  // A batch the service refuses with a 400: set aside.
  tp.track('players_login', { app_version: 'rejected' });
  await tp.flush().catch(() => undefined);
  await expect.poll(async () => (await tp.deadLetters.list()).length).toBe(1);

  // Offers refreshed, one opened for the first time (the first-open update).
  expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([1]);
  const view = await tp.offers.view(1);
  view.open();
  view.dismiss();
  await view.closed;
  await expect.poll(() => firstOpens).toEqual(['1']);

  // The page goes away with writes unfinished: tracked in the same task as `pagehide`.
  for (let i = 0; i < 5; i++) tp.track('players_login', { app_version: `late-${i}` });
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  const keys = Object.keys(localStorage).filter((k) => k.includes(namespace));
  const databases = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(namespace));
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await tp.shutdown();

  const names = [...databases, ...keys].map(generic).sort();
  // Not vacuous: the session left its queue, its rescue copy and its device id.
  expect(names).toContain('tp-web-sdk/<namespace>/queue');
  expect(names).toContain('tp-web-sdk/<namespace>/rescue/<tab>');
  expect(names).toContain('tp-web-sdk:<namespace>:device-id');
  expect(names.length).toBeGreaterThanOrEqual(6);

  const missing = names.filter((name) => !doc.includes(`\`${name}\``));
  expect(missing, `not in docs/privacy.md: ${missing.join(', ')}`).toEqual([]);

  // Each database's object stores are on the document's line for that database.
  for (const database of databases) {
    const line = doc.split('\n').find((l) => l.startsWith(`| \`${generic(database)}\``)) ?? '';
    const undocumented = (await storesOf(database)).filter((store) => !line.includes(`\`${store}\``));
    expect(undocumented, `object stores of ${generic(database)} not on its line in docs/privacy.md`).toEqual([]);
  }
});
