/**
 * IndexedDB that stops answering after its first transactions (a request that never fires in a
 * transaction that never ends): each transaction of the offer stores (states, device copy, caps
 * ledger) has `storageTimeoutMs`, not only the first, so `showAt()` settles and the next placement
 * is not `busy` for the rest of the page. The stores move to memory with a `StorageError`
 * warning. Real client and IndexedDB in Chromium, the service answered by the test.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, StorageError } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { clearNamespace, storedOptions } from '../support/stored-client.js';

const ok = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }));
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
let namespace = '';
afterEach(async () => {
  vi.restoreAllMocks();
  await clearNamespace(namespace);
});

/** From now on, a read of the namespace's offer databases never answers, and keeps its transaction open. */
function hangReads(): void {
  const get = IDBObjectStore.prototype.get;
  vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
    if (!this.transaction.db.name.startsWith(`tp-web-sdk/${namespace}/offer-`)) return get.call(this, key);
    const store = this;
    const keepBusy = (): void => {
      const request = get.call(store, 'busy');
      request.onsuccess = keepBusy;
      request.onerror = () => undefined; // aborted: the SDK gave up on it
    };
    keepBusy();
    return new EventTarget() as IDBRequest; // never fires
  });
}

it('showAt settles when IndexedDB stops answering after a first offer; the stores go to memory; the next placement shows', async () => {
  namespace = `offer-hang-${crypto.randomUUID().slice(0, 8)}`;
  const ui = createHeadlessAdapter();
  const tp = createClient({
    ...storedOptions(namespace, async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? OFFERS : {})),
    playerSlug: 'p-1', // the player the sample offers are for
    ui,
    storageTimeoutMs: 300,
    offerRules: { sessionGraceMs: 0, minIntervalMs: 0 },
  });
  const warnings: unknown[] = [];
  tp.on('warning', (warning) => void warnings.push(warning));
  await tp.offers.refresh();
  const first = tp.offers.showAt('game-over');
  await expect.poll(() => ui.current?.offerId).toBe(1);
  ui.current!.dismiss();
  expect(await first).toMatchObject({ action: 'dismiss', offerId: 1 });

  hangReads();
  const started = performance.now();
  const second = tp.offers.showAt('game-over');
  await expect.poll(() => ui.current?.offerId, { timeout: 5000 }).toBe(2);
  ui.current!.dismiss();
  expect(await second).toMatchObject({ action: 'dismiss', offerId: 2 });
  expect(performance.now() - started).toBeLessThan(3000);
  expect(warnings.length).toBeGreaterThan(0);
  expect(warnings.every((w) => w instanceof StorageError)).toBe(true);
  expect(warnings[0]).toMatchObject({ cause: { name: 'TimeoutError' } });
  // Nothing is left holding the placement: the next call decides at once (both offers dismissed this session).
  expect(await tp.offers.showAt('game-over')).toMatchObject({ action: 'skipped', reason: 'no-offer' });
  await tp.shutdown();
});
