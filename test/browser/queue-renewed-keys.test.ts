/**
 * The queue renews the keys of records tracked before its store was
 * open that are at or below the greatest stored key (queue.ts #persist). When only the first
 * records of that write are renewed, the write reaches the store out of key order: the store sorts
 * it (it aborted, and the tab fell back to memory).
 */
import { expect, it } from 'vitest';
import { createIndexedDbStore, RecordQueue } from '../../src/queue/index.js';
import { KeyGenerator } from '../../src/queue/keys.js';
import type { StorageError } from '../../src/errors/index.js';

it('a tab opening while another tracks in the same millisecond keeps its queue in IndexedDB', async () => {
  const name = `tp-test-${crypto.randomUUID()}`;
  const T = 1_767_225_600_000;
  // Tab A wrote 5 records in millisecond T: keys T·1000+0 … T·1000+4.
  const a = new KeyGenerator('aaaaaaaa');
  const tabA = createIndexedDbStore(name);
  await tabA.append(
    Array.from({ length: 5 }, (_, i) => ({ key: a.next(T), objectName: 'players_login' as const, record: { event_timestamp: 1, i }, enqueuedAt: T, bytes: 30 })),
  );

  // Tab B opens, and tracks 10 records in the same millisecond, before its store is open.
  const errors: StorageError[] = [];
  const tabB = new RecordQueue({ store: createIndexedDbStore(name), tabId: 'bbbbbbbb', clock: () => T, onStorageError: (e) => errors.push(e) });
  for (let i = 0; i < 10; i++) tabB.enqueue({ objectName: 'players_login', record: { event_timestamp: 1, i }, enqueuedAt: T });
  await tabB.settled();

  expect({ errors: errors.map((e) => String(e.message)), storage: tabB.storageKind, stored: await tabA.count() }).toEqual({
    errors: [],
    storage: 'indexeddb',
    stored: 15,
  });
});
