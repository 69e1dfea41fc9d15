/**
 * The uploader's side of the service-worker relay: the unload upload goes to the relay instead of
 * a keepalive `fetch`; its records are relayed keys (the next page holds them) until the worker
 * answers; an accepted body leaves the queue, a refused one stays; a drain that read records the
 * relay then took reads its batch again. A stand-in relay; the real worker is tested in
 * test/e2e/sw-relay.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Transport, type UnloadRelay } from '../../src/delivery/index.js';
import { createMemoryStore, RecordQueue } from '../../src/queue/index.js';
import { decodeLogs, startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { testUploader } from '../support/uploader.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** A relay that records what it is handed and answers when the test says. */
function standInRelay() {
  const handed: string[][] = [];
  const answers: Array<(accepted: boolean) => void> = [];
  const relay: UnloadRelay = {
    ready: true,
    send: (_encoded, keys) => {
      handed.push([...keys]);
      const answer = gate<boolean>();
      answers.push(answer.open);
      return answer.promise;
    },
    settled: async () => undefined,
    stop: () => undefined,
  };
  return { relay, handed, answers };
}

async function setUp(baseUrl: string, records: number, relay: UnloadRelay, mayUpload?: () => Promise<boolean>) {
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
  for (let i = 0; i < records; i++) queue.enqueue({ objectName: 'players_offers', record: { offer_id: i, message_status: 'impress' }, enqueuedAt: i });
  await queue.peek(100);
  const transport = new Transport({ baseUrl, fetch: globalThis.fetch.bind(globalThis), credentials: () => ({ clientKey: 'k', authMode: 'client' }), timeoutMs: 10_000, offersPlayerParam: 'player_slug' });
  const delivered: number[] = [];
  const uploader = testUploader(queue, transport, { relay: () => relay, maxBatchRecords: 3, onDelivered: (d) => void delivered.push(d.records), ...(mayUpload && { mayUpload }) });
  return { queue, uploader, delivered };
}

describe('the unload upload with a relay', () => {
  it('goes to the relay as an ordinary batch, not to the network; its records are relayed keys until the worker answers; accepted, they leave the queue', async () => {
    server = await startScriptedServer([]);
    const { relay, handed, answers } = standInRelay();
    const { queue, uploader, delivered } = await setUp(server.baseUrl, 5, relay);
    uploader.unload(true);
    expect(handed).toHaveLength(1);
    expect(handed[0]).toHaveLength(3); // an ordinary batch (maxBatchRecords), not the keepalive budget
    expect(server.requests).toHaveLength(0);
    expect(uploader.relayedKeys().sort()).toEqual(handed[0]!.sort());
    expect(uploader.sentKeys()).toEqual([]); // not trusted: the worker decides
    answers[0]!(true);
    await expect.poll(() => queue.length).toBe(2);
    expect(delivered).toEqual([3]);
    expect(uploader.relayedKeys()).toEqual([]);
  });

  it('refused by the service (the worker says so): the records stay queued and the next drain sends them', async () => {
    server = await startScriptedServer([]);
    const { relay, answers } = standInRelay();
    const { queue, uploader } = await setUp(server.baseUrl, 2, relay);
    uploader.unload(true);
    answers[0]!(false);
    await expect.poll(() => uploader.relayedKeys()).toEqual([]);
    expect(queue.length).toBe(2);
    expect(await uploader.flush()).toMatchObject({ records: 2 });
  });

  it('a drain that read a batch before the page was hidden reads it again: no record is both relayed and sent', async () => {
    server = await startScriptedServer([]);
    const { relay, handed, answers } = standInRelay();
    let calls = 0;
    let uploader!: Awaited<ReturnType<typeof setUp>>['uploader'];
    // Asked after the drain read its batch and before it sends it: the page hides then.
    const mayUpload = async (): Promise<boolean> => {
      if (++calls === 1) uploader.unload(false);
      return true;
    };
    ({ uploader } = await setUp(server.baseUrl, 6, relay, mayUpload));
    const flushed = uploader.flush();
    await expect.poll(() => handed.length).toBe(1);
    answers[0]!(true);
    await flushed;
    const sent = server.requests.flatMap((b) => (decodeLogs(b)?.players_offers ?? []).map((r) => (r as { offer_id: number }).offer_id));
    const relayedCount = handed[0]!.length;
    expect(sent.length + relayedCount).toBe(6);
  });

  it('a flush while the worker has not answered waits for that answer (without spinning), then sends what it refused', async () => {
    server = await startScriptedServer([]);
    const { relay, answers } = standInRelay();
    const { uploader } = await setUp(server.baseUrl, 3, relay);
    uploader.unload(true); // hidden, and back before the worker answered
    let settled = false;
    const flushed = uploader.flush().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50)); // a drain spinning on microtasks would starve this timer
    expect(settled).toBe(false);
    answers[0]!(false);
    expect(await flushed).toMatchObject({ records: 3 });
  });

  it('holdKeys keeps records another page handed to the relay out of every request until released; a flush waits for them', async () => {
    server = await startScriptedServer([]);
    const { relay } = standInRelay();
    const { queue, uploader } = await setUp(server.baseUrl, 4, relay);
    const keys = (await queue.peek(2)).map((e) => e.key);
    const release = uploader.holdKeys(keys);
    let settled = false;
    const flushed = uploader.flush().finally(() => (settled = true));
    await expect.poll(() => server!.requests.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false); // the held records are due too: the flush waits (without spinning)
    const first = decodeLogs(server.requests[0]!)!.players_offers!.map((r) => (r as { offer_id: number }).offer_id);
    expect(first).toEqual([2, 3]);
    release(); // the worker did not deliver them
    expect(await flushed).toMatchObject({ records: 4 });
  });
});
