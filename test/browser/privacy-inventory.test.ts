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
import { playFullSession, sessionClient, storedNames } from '../support/full-session.js';
import { clearNamespace } from '../support/stored-client.js';

const namespace = `privacy-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  await clearNamespace(namespace);
});

/** `name` with the namespace and tab ids replaced by the document's placeholders. */
const generic = (name: string): string => name.replace(namespace, '<namespace>').replace(/\/(rescue|sent|relayed|unseen)\/[0-9a-z]+$/, '/$1/<tab>');

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
  const session = sessionClient(namespace);
  await playFullSession(session);
  const { databases, keys } = await storedNames(namespace);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await session.tp.shutdown();

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
