/**
 * A Buy with the `purchase` option on real IndexedDB (Chromium): the pending attempt is committed
 * to the device before the game's handler is asked, so a handler that takes the page at once (a
 * redirect to a store's checkout, an engine that reloads) leaves it for the next page's
 * `offers.purchases()`. Transactions are watched from their creation: when the handler runs, the
 * one that wrote the attempt has completed. A store that does not answer (held here by another
 * connection's transaction) holds the handler back for at most 500 ms; a purchase aborted in that
 * time was asked of nobody: `cancelled`, and the handler is never called.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions, type HeadlessAdapter, type OfferOutcome, type TpClient } from '../../src/index.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

const put = IDBObjectStore.prototype.put;
const transaction = IDBDatabase.prototype.transaction;
let tp: TpClient | undefined;

afterEach(async () => {
  IDBObjectStore.prototype.put = put;
  IDBDatabase.prototype.transaction = transaction;
  await tp?.shutdown();
  tp = undefined;
});

/** A client with the `purchase` option on IndexedDB under a namespace of its own, and a Buy of offer 1. */
function buyer(purchase: ClientOptions['purchase']) {
  const namespace = `purchase-first-${crypto.randomUUID().slice(0, 8)}`;
  const base = memoryClientOptions(async () => okEnvelope([offerRecord(1, aiBody)]));
  const client = createClient({
    ...base,
    storage: 'indexeddb',
    namespace,
    platform: 'ios',
    characterSlug: 'hero',
    now: () => Date.UTC(2026, 0, 1, 12), // within the sample offer's sale
    productInfo: () => ({ price: 4.99, currencyCode: 'USD' }),
    purchase,
  });
  tp = client;
  const ui = base.ui as HeadlessAdapter;
  /** Shows offer 1 and presses Buy; `beforeBuy` runs once it is drawn. */
  const buy = async (signal?: AbortSignal, beforeBuy?: () => Promise<unknown>): Promise<OfferOutcome> => {
    await client.offers.refresh();
    const shown = client.offers.show(1, { signal });
    await vi.waitFor(() => expect(ui.current?.offerId).toBe(1));
    await beforeBuy?.();
    ui.current!.interact();
    return shown;
  };
  return { client, buy, dbName: `tp-web-sdk/${namespace}/offer-caps` };
}

/** Holds a readwrite transaction on the caps store of `dbName` (another connection's) until the returned function is called. */
async function holdStore(dbName: string): Promise<() => void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const tx = transaction.call(db, 'opens', 'readwrite');
  let holding = true;
  const spin = (): void => {
    if (holding) tx.objectStore('opens').get('held').onsuccess = spin;
  };
  spin();
  return () => {
    holding = false;
    db.close();
  };
}

it('the attempt is committed before the handler is asked', async () => {
  /** Each transaction's completion, heard before the SDK's own handler (listened to at its creation). */
  const completed = new WeakSet<IDBTransaction>();
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = transaction.apply(this, args);
    tx.addEventListener('complete', () => completed.add(tx));
    return tx;
  };
  /** The transactions that put a purchase attempt. */
  const writes: IDBTransaction[] = [];
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (JSON.stringify(value ?? null).includes('"attemptId"')) writes.push(this.transaction);
    return put.call(this, value, key);
  };
  let committedWhenAsked: boolean | undefined;
  const { client, buy } = buyer(() => {
    committedWhenAsked = writes.some((tx) => completed.has(tx));
    return new Promise<never>(() => undefined); // the page goes to the store's checkout
  });
  const shown = buy();
  await vi.waitFor(() => expect(committedWhenAsked).toBeDefined());
  expect(committedWhenAsked).toBe(true);
  expect(await client.offers.purchases()).toEqual([expect.objectContaining({ offerId: 1 })]);
  await client.shutdown(); // aborts the handler's signal: the attempt stays pending
  expect(await shown).toMatchObject({ purchase: { result: { status: 'pending' } } });
});

it('a store that does not answer holds the handler back 500 ms at most: it is asked, and answers', async () => {
  const asked: number[] = [];
  const { buy, dbName } = buyer(async () => (asked.push(performance.now()), { status: 'purchased' }));
  let release = (): void => undefined;
  let bought = 0;
  const outcome = buy(undefined, async () => {
    release = await holdStore(dbName);
    bought = performance.now();
  });
  await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 3000 });
  expect(asked[0]! - bought).toBeGreaterThanOrEqual(450);
  expect(asked[0]! - bought).toBeLessThan(1000); // within WebKit's user activation
  release();
  expect(await outcome).toMatchObject({ purchase: { result: { status: 'purchased' }, tracked: true } });
});

it('a purchase aborted while its attempt is being saved was asked of nobody: cancelled, the handler never called, no attempt left', async () => {
  const handler = vi.fn(async () => ({ status: 'purchased' }) as const);
  const { client, buy, dbName } = buyer(handler);
  const stop = new AbortController();
  let release = (): void => undefined;
  const outcome = buy(stop.signal, async () => (release = await holdStore(dbName)));
  await new Promise((r) => setTimeout(r, 200));
  stop.abort();
  await new Promise((r) => setTimeout(r, 1000));
  release();
  expect(await outcome).toMatchObject({ purchase: { result: { status: 'cancelled' }, tracked: false } });
  expect(handler).not.toHaveBeenCalled();
  expect(await client.offers.purchases()).toEqual([]);
});
