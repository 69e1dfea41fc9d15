/**
 * The page-hide (keepalive) upload and entries read back from storage, against the reference
 * service over real HTTP: a corrupt stored entry stays out of the request, so its neighbours are
 * delivered; the next drain puts it aside.
 */
import { describe, expect, it } from 'vitest';
import { Transport } from '../../src/delivery/index.js';
import { createMemoryStore, RecordQueue, type StoredEntry } from '../../src/queue/index.js';
import { isObjectName, validateRecord } from '../../src/records/index.js';
import { AUTH, received, useService } from '../support/service.js';
import { testUploader } from '../support/uploader.js';

const service = useService();

const reaction = (i: number, status = 'impress'): StoredEntry => ({
  key: `00000000${i}:t`,
  objectName: 'players_offers',
  enqueuedAt: i,
  bytes: 80,
  record: { player_slug: 'p', event_timestamp: 1_700_000_000 + i, offer_id: i, message_status: status },
});

describe('the keepalive upload and stored entries', () => {
  it('leaves a corrupt stored entry out of the page-hide upload: its neighbours are delivered, and the next drain puts it aside', async () => {
    const store = createMemoryStore();
    await store.append([reaction(0, 'clicked'), reaction(1), reaction(2), reaction(3)]);
    const queue = new RecordQueue({ store, tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
    await queue.settled();
    const errors: unknown[] = [];
    const setAside: string[] = [];
    let delivered = 0;
    const transport = new Transport({ baseUrl: service.current.baseUrl, fetch: globalThis.fetch.bind(globalThis), credentials: () => AUTH, timeoutMs: 10_000, offersPlayerParam: 'player_slug' });
    const uploader = testUploader(queue, transport, {
      onDelivered: (info) => void (delivered += info.records),
      onBackgroundError: (e) => void errors.push(e),
      checkEntry: (e) => (isObjectName(e.objectName) ? (validateRecord(e.objectName, e.record).ok ? undefined : 'invalid') : 'unknown'),
      onDeadLetter: (info) => void setAside.push(info.reason.code),
    });
    uploader.unload(false); // visibilitychange → hidden
    await expect.poll(() => delivered + errors.length).toBeGreaterThan(0);
    expect(errors.map(String)).toEqual([]);
    expect((await received(service.current, 'players_offers')).map((r) => r.offer_id)).toEqual([1, 2, 3]);
    expect(await queue.peek(10)).toHaveLength(1); // the corrupt one, left for the drain
    await uploader.flush();
    expect([setAside, await queue.peek(10)]).toEqual([['corrupt'], []]);
  });
});
