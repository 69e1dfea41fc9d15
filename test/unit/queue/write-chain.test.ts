/**
 * The queue's write side (src/queue/write-chain.ts): one batch per task, keys drawn at enqueue and
 * renewed at the write when at or below the store's greatest key at open, and a chain of store
 * operations that a failure does not break.
 */
import { expect, it } from 'vitest';
import { StorageError } from '../../../src/errors/index.js';
import { createMemoryStore, type QueueEntry, type QueueStore } from '../../../src/queue/index.js';
import { afterWrites, enqueue, seedKeys, settled, unfinished } from '../../../src/queue/write-chain.js';
import { queueState } from '../../support/queue-state.js';

const entry = (n: number, at = 1_000): QueueEntry => ({ objectName: 'players_login', record: { n }, enqueuedAt: at });

it('entries tracked in one task are written in one append, keyed in order, and counted', async () => {
  const inner = createMemoryStore();
  let appends = 0;
  const store: QueueStore = { ...inner, append: (batch) => (appends++, inner.append(batch)) };
  const q = queueState({ store });
  for (let i = 0; i < 3; i++) enqueue(q, entry(i));
  expect([q.buffer.length, appends]).toEqual([3, 0]);
  await settled(q);
  expect([appends, q.stored, q.buffer.length, q.writingCount]).toEqual([1, 3, 0, 0]);
  const keys = (await inner.read(10)).map((e) => e.key);
  expect(keys).toEqual([...keys].sort());
  expect(q.lastKey).toBe(keys[2]);
});

it('unfinished: the entries not stored yet, keyed as their write will key them, with their size', () => {
  const q = queueState({ tabId: 'tab' });
  enqueue(q, entry(1));
  enqueue(q, { ...entry(2), bytes: 99 });
  const [a, b] = unfinished(q);
  expect(a).toEqual({ ...entry(1), key: `${(1_000_000).toString(36).padStart(11, '0')}:tab`, bytes: 7 });
  expect(b!.bytes).toBe(99);
  expect(b!.key > a!.key).toBe(true);
});

it('an entry keyed at or below the store’s greatest key at open (the clock went back) is given a new key at its write', async () => {
  const store = createMemoryStore();
  const q = queueState({ store, tabId: 'tab', clock: () => 5_000 });
  enqueue(q, entry(1, 1_000)); // keyed before the open saw the store
  const stale = unfinished(q)[0]!.key;
  seedKeys(q, `${(2_000_000).toString(36).padStart(11, '0')}:other`);
  await settled(q);
  const [written] = await store.read(1);
  expect(written!.key).not.toBe(stale);
  expect(written!.key).toBe(`${(5_000_000).toString(36).padStart(11, '0')}:tab`);
});

it('a renewed key is the one the unload upload and the rescue copy carry, before and during the write', async () => {
  const inner = createMemoryStore();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The write waits, as one cut off by the page going: what is unfinished then is sent and copied.
  const store: QueueStore = { ...inner, append: async (batch) => (await held, inner.append(batch)) };
  const q = queueState({ store, tabId: 'tab', clock: () => 5_000 });
  enqueue(q, entry(1, 1_000));
  enqueue(q, entry(2, 1_000));
  seedKeys(q, `${(2_000_000).toString(36).padStart(11, '0')}:other`);
  const before = unfinished(q).map((e) => e.key);
  const writing = settled(q);
  await new Promise((r) => setTimeout(r, 0));
  expect(q.writingCount).toBe(2);
  const during = unfinished(q).map((e) => e.key);
  release();
  await writing;
  const written = (await inner.read(10)).map((e) => e.key);
  // Without one key per record, the upload's 200 would delete keys the store never held, and the
  // stored copies would be sent again by the next page.
  expect(before).toEqual(written);
  expect(during).toEqual(written);
});

it('afterWrites: a failed link is reported once, as a StorageError of its operation, and later links still run', async () => {
  const heard: StorageError[] = [];
  const q = queueState({ onStorageError: (e) => heard.push(e) });
  const ran: string[] = [];
  void afterWrites(q, 'restore', async () => {
    ran.push('first');
    throw new Error('broken');
  });
  void afterWrites(q, 'read', async () => {
    throw new StorageError('remove', new Error('already one'));
  });
  await afterWrites(q, 'remove', async () => void ran.push('third'));
  expect(ran).toEqual(['first', 'third']);
  expect(heard.map((e) => [e.operation, e.message])).toEqual([
    ['restore', 'Storage restore failed: Error: broken'],
    ['remove', 'Storage remove failed: Error: already one'],
  ]);
});

it('while a write is slower than the game tracks (a record each frame on a slow phone), what is tracked meanwhile goes in the next append, not in one append each piling up in the chain', async () => {
  const inner = createMemoryStore();
  const appended: number[] = [];
  let release = (): void => undefined;
  const store: QueueStore = {
    ...inner,
    append: async (batch) => {
      appended.push(batch.length);
      if (appended.length === 1) await new Promise<void>((resolve) => (release = resolve)); // the first write is slow
      return inner.append(batch);
    },
  };
  const q = queueState({ store });
  enqueue(q, entry(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(appended).toEqual([1]); // on its way, slowly
  for (let frame = 1; frame <= 9; frame++) {
    enqueue(q, entry(frame)); // a frame each task
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const written = settled(q);
  release();
  await written;
  expect(appended).toEqual([1, 9]);
  expect([q.stored, q.buffer.length, q.writingCount]).toEqual([10, 0, 0]);
  expect((await inner.read(20)).map((e) => (e.record as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

it('the length is told once for each task that buffered entries', async () => {
  const lengths: number[] = [];
  const q = queueState({ onLengthChange: (n) => lengths.push(n) });
  enqueue(q, entry(1));
  enqueue(q, entry(2));
  await settled(q); // settled() starts the write itself; the microtask then has nothing new to tell
  enqueue(q, entry(3));
  await settled(q);
  expect(lengths).toEqual([2, 3]);
});
