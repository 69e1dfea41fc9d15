/**
 * What the uploader counts as good as delivered, for the sent ledger a page leaves as it goes
 * away (docs/decisions.md, "Delivery: exactly once on reload and close"): the records of a trusted
 * keepalive upload until it settles, and the records the service accepted until their deletion
 * commits. Over real HTTP to a scripted service, with the uploader and a memory queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Transport } from '../../src/delivery/index.js';
import { createMemoryStore, RecordQueue, type QueueStore } from '../../src/queue/index.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { gate } from '../support/going-page.js';
import { testUploader } from '../support/uploader.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setUp(baseUrl: string, options: { trusted?: boolean; store?: QueueStore; background?: unknown[]; maxBatchRecords?: number } = {}) {
  const queue = new RecordQueue({ store: options.store ?? createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
  for (let i = 0; i < 4; i++) queue.enqueue({ objectName: 'players_offers', record: { offer_id: i, message_status: 'impress' }, enqueuedAt: i });
  await queue.peek(10); // the head the unload upload reads, as a page has it
  const transport = new Transport({ baseUrl, fetch: globalThis.fetch.bind(globalThis), credentials: () => ({ clientKey: 'k', authMode: 'client' }), timeoutMs: 10_000, offersPlayerParam: 'player_slug' });
  let changes = 0;
  const uploader = testUploader(queue, transport, {
    trustKeepalive: () => options.trusted === true,
    onSentChange: () => void (changes += 1),
    onBackgroundError: (e) => void options.background?.push(e),
    ...(options.maxBatchRecords && { maxBatchRecords: options.maxBatchRecords }),
  });
  return { queue, uploader, changes: () => changes };
}

describe('sent keys', () => {
  it('a trusted keepalive upload: its records are sent keys from the moment it leaves until it is delivered', async () => {
    const answer = gate();
    server = await startScriptedServer([], undefined, () => answer.promise);
    const { queue, uploader, changes } = await setUp(server.baseUrl, { trusted: true });
    const keys = (await queue.peek(10)).map((e) => e.key);
    uploader.unload(true);
    expect(uploader.sentKeys().sort()).toEqual(keys); // synchronously: the page may be gone in the next task
    expect(changes()).toBeGreaterThan(0);
    answer.open();
    await expect.poll(() => queue.length).toBe(0);
    await expect.poll(() => uploader.sentKeys()).toEqual([]);
  });

  it('a trusted keepalive upload that fails while the page is still there: its records leave the sent keys and stay queued', async () => {
    server = await startScriptedServer([{ status: 500, body: { status: 500, reason: 'Internal Server Error' } }]);
    const background: unknown[] = [];
    const { queue, uploader } = await setUp(server.baseUrl, { trusted: true, background });
    uploader.unload(true);
    expect(uploader.sentKeys()).toHaveLength(4);
    await expect.poll(() => background.length).toBe(1);
    expect(uploader.sentKeys()).toEqual([]);
    expect(queue.length).toBe(4);
  });

  it('a trusted keepalive upload is an ordinary batch (maxBatchRecords): a service limit cannot refuse it whole with no page there to halve it', async () => {
    const answer = gate();
    server = await startScriptedServer([], undefined, () => answer.promise);
    const { uploader } = await setUp(server.baseUrl, { trusted: true, maxBatchRecords: 3 });
    uploader.unload(true);
    expect(uploader.sentKeys()).toHaveLength(3);
    answer.open();
  });

  it('an untrusted keepalive upload (the service was failing) adds no sent keys: the next page sends those records again', async () => {
    const answer = gate();
    server = await startScriptedServer([], undefined, () => answer.promise);
    const { uploader } = await setUp(server.baseUrl, { trusted: false });
    uploader.unload(true);
    expect(uploader.sentKeys()).toEqual([]);
    answer.open();
  });

  it('records the service accepted are sent keys until their deletion commits', async () => {
    server = await startScriptedServer([]);
    const memory = createMemoryStore();
    const deletion = gate();
    let deleting = false;
    const store: QueueStore = {
      ...memory,
      kind: memory.kind,
      remove: async (refs) => {
        deleting = true;
        await deletion.promise;
        return memory.remove(refs);
      },
    };
    const { uploader } = await setUp(server.baseUrl, { store });
    const flushed = uploader.flush();
    await expect.poll(() => deleting).toBe(true);
    expect(uploader.sentKeys()).toHaveLength(4); // accepted: a page gone now leaves them to the next
    deletion.open();
    expect(await flushed).toMatchObject({ records: 4 });
    expect(uploader.sentKeys()).toEqual([]);
  });
});
