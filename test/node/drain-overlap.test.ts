/**
 * A drain beside the keepalive upload of a hidden page: a record is never in two requests, even
 * when the page is hidden between the moment the drain read a batch and the moment it sends it.
 * A batch that fails ends the drain, and the next flush starts from it; so does a page being
 * unloaded. Keepalive uploads in flight together stay inside the browser's budget. Over real HTTP to a scripted service, with the uploader and a memory queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Transport } from '../../src/delivery/index.js';
import { createMemoryStore, RecordQueue } from '../../src/queue/index.js';
import { decodeLogs, startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { gate } from '../support/going-page.js';
import { testUploader } from '../support/uploader.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Hooks {
  mayUpload?: () => Promise<boolean>;
  isUnloading?: () => boolean;
  compression?: 'gzip' | 'none';
}

/** Queues records with offer ids `from` to `to - 1` (and `message_detail`, if given). */
function enqueue(queue: RecordQueue, from: number, to: number, detail?: string): void {
  for (let i = from; i < to; i++) {
    queue.enqueue({ objectName: 'players_offers', record: { offer_id: i, message_status: 'impress', ...(detail && { message_detail: detail }) }, enqueuedAt: i });
  }
}

function setUp(baseUrl: string, records: number, { mayUpload = async () => true, isUnloading, compression = 'gzip' }: Hooks = {}) {
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
  enqueue(queue, 0, records);
  const transport = new Transport({ baseUrl, fetch: globalThis.fetch.bind(globalThis), credentials: () => ({ clientKey: 'k', authMode: 'client' }), timeoutMs: 10_000, offersPlayerParam: 'player_slug' });
  const uploader = testUploader(queue, transport, { compression, maxBatchRecords: 3, mayUpload, isUnloading });
  return { queue, uploader };
}

/** The offer ids of each request the server received, in arrival order. */
const ids = (s: ScriptedServer) => s.requests.map((b) => (decodeLogs(b)?.players_offers ?? []).map((r) => (r as { offer_id: number }).offer_id));

/** A scripted service that holds its answer to the first request: `arrived` once it is read, `answer()` lets it go. */
async function holdingFirstAnswer(): Promise<{ server: ScriptedServer; arrived: Promise<void>; answer: () => void }> {
  const first = gate();
  const firstArrived = gate();
  const held = await startScriptedServer([], undefined, (index) => {
    if (index !== 0) return undefined;
    firstArrived.open();
    return first.promise;
  });
  return { server: held, arrived: firstArrived.promise, answer: first.open };
}

describe('a drain', () => {
  it('sends every record once, in order, in batches of maxBatchRecords', async () => {
    server = await startScriptedServer([]);
    const { queue, uploader } = setUp(server.baseUrl, 10);
    expect(await uploader.flush()).toEqual({ records: 10, batches: 4, deadLettered: 0 });
    expect(ids(server)).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
    expect(queue.length).toBe(0);
  });

  it('a batch that fails ends the drain, and the next flush sends it and the rest in order', async () => {
    server = await startScriptedServer([{ status: 200, body: { status: 200, reason: 'OK', data: {} } }, { status: 503, body: { status: 503, reason: 'Service Unavailable' } }]);
    const { queue, uploader } = setUp(server.baseUrl, 9);
    await expect(uploader.flush()).rejects.toMatchObject({ name: 'ServiceError', status: 503 });
    expect(ids(server)).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(queue.length).toBe(6);
    expect(await uploader.flush()).toEqual({ records: 6, batches: 2, deadLettered: 0 });
    expect(ids(server).slice(2)).toEqual([[3, 4, 5], [6, 7, 8]]);
  });

  it('a keepalive upload made while a batch is on the wire does not send that batch again', async () => {
    const held = await holdingFirstAnswer();
    server = held.server;
    const { queue, uploader } = setUp(server.baseUrl, 9);
    const flushed = uploader.flush();
    await held.arrived;
    uploader.unload(false); // the page is hidden
    await expect.poll(() => server!.requests.length).toBe(2);
    held.answer();
    await flushed;
    await expect.poll(() => queue.length).toBe(0);
    expect(ids(server)).toEqual([[0, 1, 2], [3, 4, 5, 6, 7, 8]]);
  });

  it('a keepalive upload made while the first half of a batch split on a 413 is on the wire does not take the other half', async () => {
    const second = gate();
    const secondArrived = gate();
    server = await startScriptedServer([{ status: 413, body: { status: 413, reason: 'Payload Too Large' } }], undefined, (index) => {
      if (index !== 1) return undefined;
      secondArrived.open();
      return second.promise;
    });
    const { queue, uploader } = setUp(server.baseUrl, 9);
    const flushed = uploader.flush();
    await secondArrived.promise; // [0, 1, 2] was refused as too large; [0, 1] is on the wire
    uploader.unload(false); // the page is hidden
    await expect.poll(() => server!.requests.length).toBe(3);
    second.open();
    await flushed;
    await expect.poll(() => queue.length).toBe(0);
    expect(ids(server)).toEqual([[0, 1, 2], [0, 1], [3, 4, 5, 6, 7, 8], [2]]);
  });

  it('the page hidden after the drain read a batch and before it sent it: the batch is in flight from its read, so the keepalive upload leaves it to the drain, which sends it once', async () => {
    server = await startScriptedServer([]);
    let calls = 0;
    let setUpDone!: ReturnType<typeof setUp>;
    // Asked before each request, after its batch was read: before the second one, the page hides.
    const mayUpload = async (): Promise<boolean> => {
      if (++calls === 2) setUpDone.uploader.unload(false);
      return true;
    };
    setUpDone = setUp(server.baseUrl, 9, { mayUpload });
    const { queue, uploader } = setUpDone;
    // The drain sends its batch [3, 4, 5]; the keepalive upload took the rest, [6, 7, 8], and
    // delivered them while the flush waited: the flush counts them too.
    expect(await uploader.flush()).toEqual({ records: 9, batches: 3, deadLettered: 0 });
    // The keepalive upload took what was not in flight: the records after the batch read.
    expect(ids(server).flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(queue.length).toBe(0);
  });

  it('the page unloaded while a batch is on the wire: that batch is delivered, no further one is sent, and the page shown again sends the rest once', async () => {
    const held = await holdingFirstAnswer();
    server = held.server;
    let unloading = false;
    const { queue, uploader } = setUp(server.baseUrl, 9, { isUnloading: () => unloading });
    const flushed = uploader.flush();
    await held.arrived;
    unloading = true; // pagehide (with no keepalive upload: flushOnHide off)
    held.answer();
    await expect(flushed).rejects.toMatchObject({ name: 'NetworkError', retryable: true, message: /unloaded/ });
    expect(ids(server)).toEqual([[0, 1, 2]]);
    expect(queue.length).toBe(6);
    unloading = false; // pageshow: back from the back/forward cache
    expect(await uploader.flush()).toEqual({ records: 6, batches: 2, deadLettered: 0 });
    expect(ids(server)).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8]]);
  });
});

describe('keepalive uploads', () => {
  it('share the browser budget: one made while another is in flight gets what that one left, and the whole budget once it is answered', async () => {
    const budget = 60 * 1024;
    const held = await holdingFirstAnswer();
    server = held.server;
    const { queue, uploader } = setUp(server.baseUrl, 0, { compression: 'none' });
    const detail = 'x'.repeat(200); // records of about 260 bytes
    enqueue(queue, 0, 40, detail);
    await queue.settled();
    uploader.unload(false); // hidden: all 40 records fit
    await held.arrived;
    enqueue(queue, 40, 1040, detail);
    await queue.settled();
    uploader.unload(true); // pagehide, with the first upload still in flight
    await expect.poll(() => server!.requests.length).toBe(2);
    const [first, second] = server.requests.map((body) => body.length) as [number, number];
    expect(ids(server)[0]).toHaveLength(40);
    expect(first + second).toBeLessThanOrEqual(budget);
    expect(second).toBeGreaterThan(budget - first - 300); // what was left, less than one record

    held.answer();
    await expect.poll(() => queue.length).toBe(1040 - ids(server).flat().length);
    uploader.unload(false);
    await expect.poll(() => server!.requests.length).toBe(3);
    expect(server.requests[2]!.length).toBeGreaterThan(budget - 300); // the whole budget again
    expect(server.requests[2]!.length).toBeLessThanOrEqual(budget);
    // No record was in two requests.
    expect(new Set(ids(server).flat()).size).toBe(ids(server).flat().length);
  });
});
