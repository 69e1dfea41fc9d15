/**
 * localStorage refused while IndexedDB works (blocked storage, some WebViews): the device id, the
 * session record, the sent ledger and the service health are kept in IndexedDB instead. Clients
 * made one after the other in one page, each let go with a `pagehide`, stand for reloads: they
 * must share one device id and one session (one automatic login), as with localStorage. Real
 * client, IndexedDB and Web Locks in Chromium; every localStorage read and write throws.
 */
import { afterEach, expect, it } from 'vitest';
import { StorageError, type TpClient } from '../../src/index.js';
import { refuseLocalStorage } from '../support/refused-local-storage.js';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `ls-refused-${crypto.randomUUID().slice(0, 8)}`;
let restore = (): void => undefined;

afterEach(async () => {
  restore();
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await clearNamespace(namespace);
});

type Sent = { objectName: string; device_unique_id: string };

/** The session's decision (its login) was made: the tracker's turn under the session lock is over. */
async function sessionDecided(tp: TpClient): Promise<void> {
  await expect.poll(() => tp.session).toBeDefined();
  await navigator.locks.request(`tp-web-sdk/${namespace}/session`, () => undefined);
}

it('five reloads: one device id, one session and one automatic login; one warning each', async () => {
  restore = refuseLocalStorage();
  const sent: Sent[] = [];
  const sessions = new Set<string>();
  const warnings: unknown[][] = [];
  for (let page = 0; page < 5; page++) {
    const heard: unknown[] = [];
    warnings.push(heard);
    const tp = storedClient(
      namespace,
      (body) => {
        for (const [objectName, records] of Object.entries(body)) for (const r of records as Sent[]) sent.push({ ...r, objectName });
      },
      { autoLogin: 'session', region: 'KR' },
    );
    tp.on('warning', (warning) => void heard.push(warning));
    tp.track('players_join', {}); // before the values are read: its device id is filled in then
    await sessionDecided(tp);
    sessions.add(tp.session!.id);
    await tp.flush();
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    await tp.shutdown();
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  }
  expect(sent.filter((r) => r.objectName === 'players_join')).toHaveLength(5);
  expect(sent.filter((r) => r.objectName === 'players_login')).toHaveLength(1);
  expect(new Set(sent.map((r) => r.device_unique_id)).size).toBe(1);
  expect(sessions.size).toBe(1);
  for (const heard of warnings) {
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeInstanceOf(StorageError);
    expect(heard[0]).toMatchObject({ operation: 'local-storage', message: expect.stringMatching(/SecurityError: localStorage refused .*kept in IndexedDB/) });
  }
});
