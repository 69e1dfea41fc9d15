/**
 * IndexedDB that never answers: Safari 14.1 could leave `indexedDB.open` pending forever, with
 * no `success`, `error` or `blocked`. The SDK must not wait with it: after `storageTimeoutMs` the
 * queue moves to memory with one `warning`, `flush()` settles, and the records tracked meanwhile
 * are delivered from memory. Real client and real Chromium; `indexedDB.open` of the test's
 * namespace returns a request that never fires; the service is answered by the test.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { StorageError } from '../../src/index.js';
import { refuseLocalStorage } from '../support/refused-local-storage.js';
import { clearNamespace, loginVersions, storedClient } from '../support/stored-client.js';

const namespace = `hang-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  vi.restoreAllMocks();
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await clearNamespace(namespace);
});

/** `indexedDB.open` of the namespace's databases never answers; others open as usual. */
function hangOpens(): void {
  const open = IDBFactory.prototype.open;
  vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(function (this: IDBFactory, name: string, version?: number) {
    if (name.includes(namespace)) return new EventTarget() as IDBOpenDBRequest; // pending forever
    return version === undefined ? open.call(this, name) : open.call(this, name, version);
  });
}

it('an open that never answers: memory after storageTimeoutMs, one warning, flush() settles, the records are delivered', async () => {
  hangOpens();
  const sent: string[] = [];
  const warnings: unknown[] = [];
  const tp = storedClient(namespace, (body) => void sent.push(...loginVersions(body)), { storageTimeoutMs: 500 });
  tp.on('warning', (warning) => void warnings.push(warning));
  tp.track('players_login', { app_version: 'a' });
  expect(tp.stats().storage).toBe('indexeddb'); // still waiting for the open
  tp.track('players_login', { app_version: 'b' });

  const started = performance.now();
  const result = await tp.flush();
  expect(performance.now() - started).toBeLessThan(3000);
  expect(result).toMatchObject({ records: 2 });
  expect(sent).toEqual(['a', 'b']);
  expect(tp.stats()).toMatchObject({ storage: 'memory', queued: 0, delivered: 2 });
  // One warning for the queue's move (the offer states, read at start, move too, with their own).
  const queue = warnings.filter((w) => (w as StorageError).operation === 'open');
  expect(queue).toHaveLength(1);
  expect(queue[0]).toBeInstanceOf(StorageError);
  expect(queue[0]).toMatchObject({ operation: 'open', cause: { name: 'TimeoutError' } });
  expect(warnings.every((w) => w instanceof StorageError && ['open', 'offer-state'].includes(w.operation))).toBe(true);

  // Tracked after the move: sent from memory too.
  tp.track('players_login', { app_version: 'c' });
  expect(await tp.flush()).toMatchObject({ records: 1 });
  expect(sent).toEqual(['a', 'b', 'c']);
  await tp.shutdown();
});

it('localStorage refused as well: the values move to memory too, flush() settles, nothing is lost, the game keeps running', async () => {
  hangOpens();
  refuseLocalStorage(); // undone by restoreAllMocks
  const sent: string[] = [];
  const warnings: Array<{ operation: string; message: string }> = [];
  let logins = 0;
  const tp = storedClient(
    namespace,
    (body) => {
      for (const r of (body.characters_stages ?? []) as Array<{ stage_slug: string }>) sent.push(r.stage_slug);
      logins += (body.players_login ?? []).length;
    },
    { storageTimeoutMs: 300, autoLogin: 'session', region: 'KR' },
  );
  tp.on('warning', (warning) => void warnings.push(warning as StorageError));
  for (let n = 0; n < 300; n++) tp.track('characters_stages', { character_slug: 'c', stage_slug: `s${n}` });
  expect(await tp.flush()).toMatchObject({ records: 301 }); // the 300 and the SDK's own login
  expect(new Set(sent).size).toBe(300);
  expect(logins).toBe(1);
  expect(tp.stats()).toMatchObject({ storage: 'memory', queued: 0 });
  expect(tp.session).toBeDefined();
  // One warning per move: the values (to memory, localStorage and IndexedDB both failing), the
  // queue, and the offer states (read at start for the player), each after storageTimeoutMs.
  await expect.poll(() => warnings.map((w) => w.operation).sort()).toEqual(['local-storage', 'offer-state', 'open']);
  expect(warnings.find((w) => w.operation === 'local-storage')!.message).toMatch(/TimeoutError: localStorage refused .*, and IndexedDB failed .*this page only/);
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })); // nothing throws at unload either
  await tp.shutdown();
});
