/**
 * Records left in IndexedDB when the queue moves to memory: this page will not send them (copies
 * sent from memory could not be deleted there), a later page does. Until then `stats().stranded`
 * counts them and the inspector shows them, so a game's dashboard does not read "0 queued" while
 * records wait on disk. Real client and IndexedDB in Chromium; the connection dies as Safari's
 * does ("Connection to Indexed Database server lost"), the quota case is test/e2e/full-storage.test.ts.
 */
import { afterEach, expect, it } from 'vitest';
import { attachInspector } from '../../src/inspector.js';
import { storedQueueKeys, watchConnections } from '../support/idb-connections.js';
import { clearNamespace, loginVersions, storedClient } from '../support/stored-client.js';

const namespace = `stranded-${crypto.randomUUID().slice(0, 8)}`;
const queueDb = `tp-web-sdk/${namespace}/queue`;
const watch = watchConnections();

afterEach(async () => {
  watch.stop();
  await clearNamespace(namespace);
});

it('the records left in IndexedDB are counted as stranded, shown by the inspector, and sent by the next page', async () => {
  const sent: string[] = [];
  const tp = storedClient(namespace, (body) => void sent.push(...loginVersions(body)));
  tp.on('warning', () => undefined);
  for (const v of ['1', '2', '3']) tp.track('players_login', { app_version: v });
  await expect.poll(async () => (await storedQueueKeys(queueDb)).length).toBe(3);
  expect(tp.stats().stranded).toBe(0);

  watch.breakAll(queueDb); // lost for good: the queue moves to memory
  tp.track('players_login', { app_version: '4' });
  await expect.poll(() => tp.stats().storage).toBe('memory');
  expect(tp.stats()).toMatchObject({ queued: 1, stranded: 3 });

  const inspector = attachInspector(tp);
  inspector.open();
  const shadow = document.querySelector('[data-tp-inspector]')!.shadowRoot!;
  const state = [...shadow.querySelectorAll('h3')].find((h) => /Consent and storage/.test(h.textContent ?? ''))!.parentElement!.textContent;
  expect(state).toContain('Left in IndexedDB3 record(s), sent by a later page');
  inspector.detach();

  expect(await tp.flush()).toMatchObject({ records: 1 });
  await tp.shutdown();
  watch.stop(); // the next page: IndexedDB works
  const next = storedClient(namespace, (body) => void sent.push(...loginVersions(body)));
  await next.flush();
  expect(sent).toEqual(['4', '1', '2', '3']);
  expect(next.stats()).toMatchObject({ storage: 'indexeddb', queued: 0, stranded: 0 });
  await next.shutdown();
});
