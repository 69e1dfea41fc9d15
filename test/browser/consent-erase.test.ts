/**
 * Consent withdrawn after a full session, in Chromium on real IndexedDB and
 * localStorage: `setConsent('denied')` erases the queue, the dead-letter store, the offer states
 * and the offline copy of offers, the caps' count of opens, the rescue copies and the device id; afterwards `track()` keeps
 * nothing and no request is made. The device id key is the namespace's (`tp-web-sdk:<namespace>:device-id`).
 */
import { afterEach, expect, it } from 'vitest';
import { playFullSession, sessionClient, storedNames } from '../support/full-session.js';
import { clearNamespace } from '../support/stored-client.js';

const namespace = `erase-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
  await clearNamespace(namespace);
});

it('a withdrawal after a full session erases every database and key of the namespace; nothing is kept or sent after', async () => {
  const session = sessionClient(namespace, { namespace });
  const { tp, requests } = session;
  const consent: string[] = [];
  tp.on('consent', (e) => consent.push(`${e.state} ${e.source}`));
  await playFullSession(session);
  const before = await storedNames(namespace);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  // Not vacuous: the session stored every kind of data.
  expect(before.databases.map((n) => n.split('/').pop()).sort()).toEqual(['dead-letter', 'offer-cache', 'offer-caps', 'offer-states', 'queue']);
  expect(before.keys.some((k) => k.endsWith(':device-id'))).toBe(true);
  expect(before.keys.some((k) => k.includes('/rescue/'))).toBe(true);

  tp.setConsent('denied');
  expect(consent).toEqual(['denied setConsent']);
  await expect.poll(() => storedNames(namespace)).toEqual({ databases: [], keys: [] });

  const sent = requests.length;
  expect(tp.track('players_login', {})).toBe(false);
  expect(await tp.flush()).toEqual({ records: 0, batches: 0, deadLettered: 0 });
  expect(await tp.deadLetters.list()).toEqual([]);
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await new Promise((r) => setTimeout(r, 100));
  expect(requests.length).toBe(sent);
  expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
  await tp.shutdown();
});

it('forget() resolves once the namespace is gone, and the client goes on under a new device id', async () => {
  const session = sessionClient(namespace, { namespace });
  const { tp } = session;
  await playFullSession(session);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  const deviceKey = `tp-web-sdk:${namespace}:device-id`;
  const before = localStorage.getItem(deviceKey);
  expect(before).toMatch(/\S/);

  await tp.forget();
  expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
  expect(tp.consent).toBe('granted');

  tp.track('players_login', {});
  await tp.flush();
  expect(await tp.deadLetters.list()).toEqual([]); // the one before is gone
  expect(localStorage.getItem(deviceKey)).toMatch(/\S/);
  expect(localStorage.getItem(deviceKey)).not.toBe(before);
  await tp.shutdown();
});
