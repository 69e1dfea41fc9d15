/**
 * What the queue finds in its store (src/queue/settle.ts): the open, rescued records written back,
 * and the sent ledgers settled.
 */
import { expect, it } from 'vitest';
import type { StorageError } from '../../../src/errors/index.js';
import { createMemoryStore, type QueueStore, type StoredEntry } from '../../../src/queue/index.js';
import { adoptRescues, openQueue, settleLedgers } from '../../../src/queue/settle.js';
import { arrayRescue } from '../../support/rescue.js';
import { queueState, stored } from '../../support/queue-state.js';

it('openQueue reads the count, the greatest key and the earlier drops, and fills the head', async () => {
  const store = createMemoryStore();
  await store.append([stored(1, 5), stored(2, 5), stored(3, 5)]);
  await store.addDropped(4);
  const earlier: number[] = [];
  const lengths: number[] = [];
  const q = queueState({ store, headLimit: 2, onEarlierDrops: (n) => earlier.push(n), onLengthChange: (n) => lengths.push(n) }, { headComplete: false });
  await openQueue(q);
  expect([q.stored, q.storedBytes, q.lastKey, q.floorKey]).toEqual([3, 15, stored(3).key, stored(3).key]);
  expect([q.head.map((e) => e.record.n), q.headComplete]).toEqual([[1, 2], false]);
  expect([earlier, lengths]).toEqual([[4], [3]]);
  expect(await store.takeDropped()).toBe(0); // reported once
});

it('openQueue on a store that fails moves to memory, with a StorageError open, and reports the length', async () => {
  const heard: StorageError[] = [];
  const lengths: number[] = [];
  const broken: QueueStore = { ...createMemoryStore(), kind: 'indexeddb', count: () => Promise.reject(new DOMException('blocked', 'UnknownError')) };
  const q = queueState({ store: broken, onStorageError: (e) => heard.push(e), onLengthChange: (n) => lengths.push(n) });
  await openQueue(q);
  expect(q.storage.store.kind).toBe('memory');
  expect(heard.map((e) => e.operation)).toEqual(['open']);
  expect(lengths).toEqual([0]);
});

it('adoptRescues writes the rescued entries by key, forgets the copies, recounts, and says the queue grew', async () => {
  const store = createMemoryStore();
  await store.append([stored(1)]);
  const saved: StoredEntry[][] = [[stored(2), stored(3)]];
  let written = 0;
  const q = queueState({ store, rescue: arrayRescue(saved), onWritten: () => written++ }, { stored: 1, storedBytes: 10 });
  await adoptRescues(q);
  expect((await store.read(10)).map((e) => e.record.n)).toEqual([1, 2, 3]);
  expect([saved, q.stored, q.storedBytes, q.lastKey, q.headComplete, written]).toEqual([[], 3, 30, stored(3).key, false, 1]);
});

it('settleLedgers deletes the noted records, forgets the notes, and takes the count from the store', async () => {
  const store = createMemoryStore();
  await store.append([stored(1), stored(2), stored(3)]);
  const notes = [[stored(3).key, stored(1).key, stored(9).key]];
  const ledger = { prefix: undefined, save: () => undefined, readAll: () => ({ items: notes.flat(), forget: () => void notes.splice(0) }) };
  const q = queueState({ store, ledger }, { stored: 3, storedBytes: 30, head: [stored(1), stored(2), stored(3)] });
  await settleLedgers(q);
  expect((await store.read(10)).map((e) => e.record.n)).toEqual([2]);
  expect([notes, q.stored, q.storedBytes, q.head.map((e) => e.record.n)]).toEqual([[], 1, 10, [2]]);
});
