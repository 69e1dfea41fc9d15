/**
 * The sent ledger (src/queue/sent-ledger.ts): keys a page handed to the service as it went away
 * are deleted by the next page that opens the queue, and by a tab that takes over uploading; a
 * rescued copy of such a record is not brought back.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createLocalLedger, createLocalRescue, createMemoryStore, LEDGER_MAX_CHARS, RecordQueue, type StoredEntry } from '../../../src/queue/index.js';

afterEach(() => localStorage.clear());

const entry = (n: number): StoredEntry => ({ key: `0000000000${n}:old`, objectName: 'players_login', record: { n }, enqueuedAt: n, bytes: 7 });

function openQueue(store = createMemoryStore()) {
  return new RecordQueue({
    store,
    tabId: 'new',
    clock: Date.now,
    onStorageError: (e) => expect.fail(String(e)),
    rescue: createLocalRescue('tp/rescue/', 'new'),
    ledger: createLocalLedger('tp/sent/', 'new'),
  });
}

it('a page that opens leaves the notes alone (their tab may be alive); as it starts uploading, it deletes those records and forgets the notes', async () => {
  const store = createMemoryStore();
  await store.append([entry(1), entry(2), entry(3)]);
  createLocalLedger('tp/sent/', 'old').save([entry(1).key, entry(3).key, '00000000009:gone']);
  const queue = openQueue(store);
  await queue.settled();
  expect(await store.count()).toBe(3); // the tab that wrote them may still hear its request fail
  expect(Object.keys(localStorage)).toEqual(['tp/sent/old']);
  await queue.reload(); // this tab takes over uploading: the writer let go of the lock
  expect((await store.read(10)).map((e) => e.key)).toEqual([entry(2).key]);
  expect(queue.length).toBe(1);
  expect(await store.bytes()).toBe(7);
  expect(Object.keys(localStorage)).toEqual([]);
  expect((await queue.peek(10)).map((e) => e.key)).toEqual([entry(2).key]);
});

it('a record both rescued and noted as sent (its write unfinished, in the keepalive upload) is not brought back', async () => {
  const store = createMemoryStore();
  createLocalRescue('tp/rescue/', 'old').save([entry(1), entry(2)]);
  createLocalLedger('tp/sent/', 'old').save([entry(1).key]);
  const queue = openQueue(store);
  await queue.settled();
  await queue.reload();
  expect((await store.read(10)).map((e) => e.key)).toEqual([entry(2).key]);
});

it('a tab that takes over uploading deletes what the last leader noted as it went away', async () => {
  const store = createMemoryStore();
  await store.append([entry(1), entry(2)]);
  const queue = openQueue(store);
  await queue.settled();
  createLocalLedger('tp/sent/', 'old').save([entry(1).key]); // the leader, in its pagehide
  await queue.reload();
  expect((await store.read(10)).map((e) => e.key)).toEqual([entry(2).key]);
  expect(queue.unloadSnapshot(new Set(), false).stored.map((e) => e.key)).toEqual([entry(2).key]);
});

it('keeps a ledger to LEDGER_MAX_CHARS characters: keys past it are sent again, never lost', () => {
  const keys = Array.from({ length: 10_000 }, (_, i) => `${String(i).padStart(11, '0')}:abcdefgh`);
  createLocalLedger('tp/sent/', 'a').save(keys);
  const copy = localStorage.getItem('tp/sent/a')!;
  expect(copy.length).toBeLessThanOrEqual(LEDGER_MAX_CHARS);
  const kept = JSON.parse(copy) as string[];
  expect(kept).toEqual(keys.slice(0, kept.length));
  expect(kept.length).toBe(Math.floor((LEDGER_MAX_CHARS - 1) / (keys[0]!.length + 3)));
  createLocalLedger('tp/sent/', 'a').save([]);
  expect(localStorage.getItem('tp/sent/a')).toBeNull();
});

it('a ledger that cannot be saved (localStorage full) leaves no older copy behind to delete records no longer sent', () => {
  const ledger = createLocalLedger('tp/sent/', 'a');
  ledger.save(['00000000001:a']);
  const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  try {
    ledger.save(['00000000002:a', '00000000003:a']); // the first key's request failed meanwhile
    expect(setItem).toHaveBeenCalled();
  } finally {
    setItem.mockRestore();
  }
  expect(localStorage.getItem('tp/sent/a')).toBeNull();
});
