/**
 * The Chromium side of `npm run bench`: measurements run in the page, each beside the floor it is
 * compared with, on real IndexedDB and real HTTP to the reference service on loopback.
 */
import { gzipSync } from 'fflate';
import { createClient } from '../../src/index.js';
import { buildLogsBody, createSendGate, encodeLogsBody, Transport, Uploader, type FlushResult } from '../../src/delivery/index.js';
import { createIndexedDbStore, createMemoryDeadLetterStore, DEFAULT_HEAD_LIMIT, RecordQueue, type QueueEntry } from '../../src/queue/index.js';
import { DEFAULT_MAX_BATCH_RECORDS as BATCH } from '../../src/client/options.js';
import { schemaOf } from '../../src/records/index.js';
import { fullPurchase as full, purchase, sessionPurchases } from '../records.js';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fresh = (): string => `bench-${crypto.randomUUID().slice(0, 8)}`;
const entry = (i: number): QueueEntry => ({ objectName: 'characters_purchases', record: { ...full, purchasable_slug: `item-${i}` }, enqueuedAt: 0 });

interface Config {
  baseUrl: string;
  clientKey: string;
  authMode: string;
}

/**
 * Median ns per `track()` call at each queue depth (real IndexedDB), and the floors: validation
 * alone, and a bare array push of the record. Depths are measured in turns within each round (in
 * alternating order), after one warm-up round, so that neither gets the colder JIT, each from a
 * clean heap (a garbage collection just before). The client
 * points at no service, so its records stay queued and the depth holds; a failing `flush()` is
 * only the way to wait for the writes.
 */
async function trackCost(depths: number[], rounds: number, calls: number): Promise<Record<string, number>> {
  const track = depths.map((): number[] => []);
  for (let r = -1; r < rounds; r++) {
    // Alternate which depth goes first, so that neither always follows the other's writes.
    const order = r % 2 === 0 ? [...depths.entries()] : [...depths.entries()].reverse();
    for (const [d, depth] of order) {
      const tp = createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', namespace: fresh(), flushIntervalMs: 0, flushOnHide: false, ui: null });
      for (let i = 0; i < depth; i++) tp.track('characters_purchases', purchase);
      await tp.flush().catch(() => undefined);
      // A clean heap for each timed loop (Chromium runs with --expose-gc here): otherwise one depth
      // pays for garbage the other left, and the two medians drift apart by chance.
      (globalThis as { gc?: () => void }).gc?.();
      const t = performance.now();
      for (let i = 0; i < calls; i++) tp.track('characters_purchases', purchase);
      if (r >= 0) track[d]!.push(((performance.now() - t) * 1e6) / calls);
      await tp.flush().catch(() => undefined);
      await tp.shutdown().catch(() => undefined);
    }
  }
  const schema = schemaOf('characters_purchases');
  const validate: number[] = [];
  const push: number[] = [];
  // Ten times the calls: a push is faster than the page's timer resolution (0.1 ms) over `calls`.
  const many = calls * 10;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (let i = 0; i < many; i++) schema.safeParse(full);
    validate.push(((performance.now() - t) * 1e6) / many);
    const list: unknown[] = [];
    t = performance.now();
    for (let i = 0; i < many; i++) list.push({ ...purchase });
    push.push(((performance.now() - t) * 1e6) / many);
  }
  return { ...Object.fromEntries(depths.map((depth, d) => [`depth${depth}`, median(track[d]!)])), validate: median(validate), push: median(push) };
}

/** A fresh database with one object store `entries`, opened with the raw API. */
function rawDb(): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(fresh());
    open.onupgradeneeded = () => open.result.createObjectStore('entries');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** Runs `use` in one raw transaction and resolves with its result when the transaction completes. */
function rawTx<T>(db: IDBDatabase, mode: IDBTransactionMode, use: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction('entries', mode);
    let value: T;
    use(tx.objectStore('entries'), (v) => {
      value = v;
    });
    tx.oncomplete = () => resolve(value);
    tx.onerror = () => reject(tx.error);
  });
}

/** Records per second: the queue persisting 1,000 records, and one raw transaction of the same. */
async function persist(rounds: number): Promise<Record<string, number>> {
  const queueRates: number[] = [];
  const rawRates: number[] = [];
  const records = Array.from({ length: 1000 }, (_, i) => entry(i));
  for (let r = 0; r < rounds; r++) {
    const queue = new RecordQueue({ store: createIndexedDbStore(fresh()), tabId: 'b', clock: Date.now, onStorageError: () => undefined });
    await queue.settled();
    let t = performance.now();
    for (const e of records) queue.enqueue(e);
    await queue.settled();
    queueRates.push(1000 / ((performance.now() - t) / 1000));

    const db = await rawDb();
    t = performance.now();
    await rawTx<void>(db, 'readwrite', (store) => records.forEach((e, i) => store.put(e, String(i).padStart(11, '0'))));
    rawRates.push(1000 / ((performance.now() - t) / 1000));
    db.close();
  }
  return { queue: median(queueRates), raw: median(rawRates) };
}

/** A `fetch` that answers every request at once with the service's success envelope: no HTTP. */
const instantOk: typeof fetch = async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }), { status: 200 });

/**
 * Drains `records` from a fresh IndexedDB queue (or from `stored`, a queue already holding them)
 * through the uploader with `fetchImpl`, in batches of `maxBatchRecords` (the default of the
 * client unless given); returns the milliseconds it took and where they went (measured by
 * wrapping, not changing, the parts).
 */
async function drainOnce(records: QueueEntry[], config: Config, fetchImpl: typeof fetch, maxBatchRecords = BATCH, stored?: RecordQueue): Promise<Record<'ms' | 'http' | 'peek' | 'remove', number>> {
  // The head as the client sizes it (create-client.ts): at least two batches.
  const headLimit = Math.max(DEFAULT_HEAD_LIMIT, 2 * maxBatchRecords);
  const queue = stored ?? new RecordQueue({ store: createIndexedDbStore(fresh()), tabId: 'b', clock: Date.now, onStorageError: () => undefined, headLimit });
  if (!stored) for (const e of records) queue.enqueue(e);
  await queue.settled();
  const transport = new Transport({ baseUrl: config.baseUrl, fetch: fetchImpl, credentials: () => config, timeoutMs: 30_000, offersPlayerParam: 'player_slug' });
  const uploader = new Uploader({
    queue,
    transport,
    compression: 'gzip',
    maxBatchRecords,
    maxBatchBytes: 1_048_576,
    maxBatchCompressedBytes: 262_144,
    keepaliveBudgetBytes: 60 * 1024,
    onDelivered: () => undefined,
    onUpload: () => undefined,
    onBackgroundError: () => undefined,
    deadLetters: createMemoryDeadLetterStore(),
    checkEntry: () => undefined,
    onDeadLetter: () => undefined,
    onStorageError: () => undefined,
    clock: Date.now,
    gate: createSendGate({ consented: () => true, online: () => true, leader: () => true, confirmLeader: async () => true, onPause: () => undefined }),
  });
  const spent = { http: 0, peek: 0, remove: 0 };
  const timed =
    <A extends unknown[], R>(part: keyof typeof spent, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t0 = performance.now();
      try {
        return await run(...args);
      } finally {
        spent[part] += performance.now() - t0;
      }
    };
  transport.postLogs = timed('http', transport.postLogs.bind(transport));
  queue.peek = timed('peek', queue.peek.bind(queue));
  queue.remove = timed('remove', queue.remove.bind(queue));
  const t = performance.now();
  const result: FlushResult = await uploader.flush();
  const ms = performance.now() - t;
  if (result.records !== records.length) throw new Error(`drained ${result.records}`);
  return { ms, ...spent };
}

/**
 * Records per second: 10,000 queued records drained by the uploader (read, gzip, HTTP to the
 * reference service on loopback, delete; the client's default batches), and the raw floor: one
 * getAll, one fflate gzip, one delete of the same records, no HTTP. Beside them: the same drain
 * answered in the page (no HTTP), the same drain in batches of 500, the same drain of records
 * written one per transaction (as a game tracking one record at a time stores them), the same
 * request bodies posted with a bare `fetch` (HTTP alone), and the raw floor's work cut into the
 * default batches (no HTTP).
 */
async function drain(config: Config, rounds: number): Promise<Record<string, number>> {
  const runs = { sdk: [] as number[], raw: [] as number[], local: [] as number[], small: [] as number[], oneByOne: [] as number[], http: [] as number[], peek: [] as number[], remove: [] as number[], httpAlone: [] as number[], rawBatched: [] as number[] };
  const records = Array.from({ length: 10_000 }, (_, i) => entry(i));
  const perSecond = (ms: number): number => records.length / (ms / 1000);
  for (let r = 0; r < rounds; r++) {
    const loopback = await drainOnce(records, config, fetch.bind(globalThis));
    runs.sdk.push(perSecond(loopback.ms));
    runs.http.push(loopback.http);
    runs.peek.push(loopback.peek);
    runs.remove.push(loopback.remove);
    runs.local.push(perSecond((await drainOnce(records, config, instantOk)).ms));
    runs.small.push(perSecond((await drainOnce(records, config, fetch.bind(globalThis), 500)).ms));
    runs.oneByOne.push(perSecond((await drainOnce(records, config, fetch.bind(globalThis), BATCH, await storedOneByOne(records))).ms));

    const bodies = Array.from({ length: records.length / BATCH }, (_, b) => encodeLogsBody(buildLogsBody(records.slice(b * BATCH, (b + 1) * BATCH)), 'gzip'));
    const headers = { 'Content-Type': 'application/octet-stream', TPClientKey: config.clientKey, TPAuthMode: config.authMode };
    let t = performance.now();
    for (const { body } of bodies) await (await fetch(`${config.baseUrl}/logs`, { method: 'POST', headers, body: body as BodyInit })).text();
    runs.httpAlone.push(performance.now() - t);

    const db = await rawFilled(records);
    t = performance.now();
    await rawDrain(db);
    runs.raw.push(perSecond(performance.now() - t));

    const cut = await rawFilled(records);
    t = performance.now();
    await rawDrainInBatches(cut, records.length, BATCH);
    runs.rawBatched.push(perSecond(performance.now() - t));
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]));
}

/** A fresh queue holding `records`, each written in a transaction of its own (one stored value each). */
async function storedOneByOne(records: readonly QueueEntry[]): Promise<RecordQueue> {
  const queue = new RecordQueue({ store: createIndexedDbStore(fresh()), tabId: 'b', clock: Date.now, onStorageError: () => undefined, headLimit: Math.max(DEFAULT_HEAD_LIMIT, 2 * BATCH) });
  for (const e of records) {
    queue.enqueue(e);
    await queue.settled();
  }
  return queue;
}

/** A fresh raw database holding `records`, written in one transaction. */
async function rawFilled(records: readonly QueueEntry[]): Promise<IDBDatabase> {
  const db = await rawDb();
  await rawTx<void>(db, 'readwrite', (store) => records.forEach((e, i) => store.put(e, String(i).padStart(11, '0'))));
  return db;
}

/**
 * The raw floor's work cut into batches of `size` keys, as a drain that deletes only what the
 * service accepted must cut it: per batch one getAll, one fflate gzip, one range delete, each in
 * its own transaction; then closes `db`. No HTTP, no meta, no tombstones.
 */
async function rawDrainInBatches(db: IDBDatabase, count: number, size: number): Promise<void> {
  for (let first = 0; first < count; first += size) {
    const range = IDBKeyRange.bound(String(first).padStart(11, '0'), String(Math.min(first + size, count) - 1).padStart(11, '0'));
    const batch = await rawTx<QueueEntry[]>(db, 'readonly', (store, done) => {
      const get = store.getAll(range);
      get.onsuccess = () => done(get.result as QueueEntry[]);
    });
    gzipSync(new TextEncoder().encode(JSON.stringify(buildLogsBody(batch))));
    await rawTx<void>(db, 'readwrite', (store) => store.delete(range));
  }
  db.close();
}

/** The raw floor of a drain: one getAll, one fflate gzip, one delete of everything; then closes `db`. */
async function rawDrain(db: IDBDatabase): Promise<void> {
  const all = await rawTx<QueueEntry[]>(db, 'readonly', (store, done) => {
    const get = store.getAll();
    get.onsuccess = () => done(get.result as QueueEntry[]);
  });
  gzipSync(new TextEncoder().encode(JSON.stringify(buildLogsBody(all))));
  await rawTx<void>(db, 'readwrite', (store) => store.delete(IDBKeyRange.lowerBound('')));
  db.close();
}

/** The drain `runStaged` runs next, its records already stored and the storage settled. */
let staged: (() => Promise<void>) | undefined;

/**
 * Stores 10,000 records for one drain, `kind` `sdk` (the queue, drained by the uploader over HTTP)
 * or `raw` (a raw object store, drained by getAll + fflate gzip + delete), then waits 1.5 s for
 * IndexedDB's background work to end, so that the CPU read around {@link runStaged} is the drain's.
 */
async function stageDrain(config: Config, kind: 'sdk' | 'raw'): Promise<void> {
  const records = Array.from({ length: 10_000 }, (_, i) => entry(i));
  if (kind === 'sdk') {
    const queue = new RecordQueue({ store: createIndexedDbStore(fresh()), tabId: 'b', clock: Date.now, onStorageError: () => undefined, headLimit: Math.max(DEFAULT_HEAD_LIMIT, 2 * BATCH) });
    for (const e of records) queue.enqueue(e);
    await queue.settled();
    staged = async () => {
      await drainOnce(records, config, fetch.bind(globalThis), BATCH, queue);
    };
  } else {
    const db = await rawFilled(records);
    staged = () => rawDrain(db);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/** Runs the staged drain; resolves with its milliseconds. */
async function runStaged(): Promise<number> {
  const run = staged!;
  staged = undefined;
  const t = performance.now();
  await run();
  return performance.now() - t;
}

/** How many typical records (one session's purchases) one keepalive body of `budget` bytes carries (gzip). */
function keepaliveCapacity(budget: number): number {
  let low = 1;
  let high = 100_000;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (encodeLogsBody({ characters_purchases: sessionPurchases(mid) }, 'gzip').bytes <= budget) low = mid;
    else high = mid - 1;
  }
  return low;
}

Object.assign(window, { bench: { trackCost, persist, drain, keepaliveCapacity, stageDrain, runStaged } });
document.body.dataset.ready = 'true';

