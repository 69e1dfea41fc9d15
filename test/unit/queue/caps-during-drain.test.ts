/**
 * The queue's caps against the drain: a batch read for sending is in flight from its read, so a
 * write landing before its request (while the drain confirms the lease or waits for an older
 * deletion) does not evict it (it was counted dropped, then delivered).
 */
import { expect, it } from 'vitest';
import { Transport } from '../../../src/delivery/index.js';
import { createMemoryStore, RecordQueue, type DropInfo } from '../../../src/queue/index.js';
import { testUploader } from '../../support/uploader.js';

it('a queue at its cap does not drop the batch the drain has read and is about to send (counted dropped, then delivered)', async () => {
  const drops: DropInfo[] = [];
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)), maxRecords: 5, onDropped: (d) => drops.push(d) });
  for (let i = 0; i < 5; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: Date.now() });
  await queue.settled();
  const onWire: number[] = [];
  let delivered = 0;
  let first = true;
  const transport = new Transport({
    baseUrl: 'https://service.invalid/v2021.4/web',
    fetch: async (_url, init) => {
      onWire.push(...(JSON.parse(init!.body as string) as { players_login: Array<{ i: number }> }).players_login.map((r) => r.i));
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
    },
    credentials: () => ({ clientKey: 'k', authMode: 'client' }),
    timeoutMs: 10_000,
    offersPlayerParam: 'player_slug',
  });
  const uploader = testUploader(queue, transport, {
    compression: 'none',
    onDelivered: (info) => void (delivered += info.records),
    // The game tracks while the drain confirms it may upload (the lease transaction, an older deletion).
    mayUpload: async () => {
      if (first) {
        first = false;
        for (let i = 5; i < 8; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: Date.now() });
        await queue.settled();
      }
      return true;
    },
  });
  const result = await uploader.flush();
  await queue.refreshCount();
  // Each of the 8 records is delivered, dropped or still queued: one of the three, not two.
  const droppedCount = drops.reduce((n, d) => n + d.records, 0);
  expect({ result, onWire, delivered, droppedCount, queued: queue.length, accounted: delivered + droppedCount + queue.length }).toMatchObject({ accounted: 8 });
});
