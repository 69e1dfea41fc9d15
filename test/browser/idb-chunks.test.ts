/**
 * The IndexedDB queue's layout (src/queue/idb-chunks.ts), in real Chromium: many records per
 * IndexedDB value, values of the layout before chunks still read and delivered, and the counts
 * rebuilt from chunks.
 */
import { createStore, del, entries as idbEntries, setMany } from 'idb-keyval';
import { expect, it } from 'vitest';
import { createIndexedDbStore } from '../../src/queue/index.js';
import { entry } from '../contract/queue-store.contract.js';

const freshName = () => `tp-test-${crypto.randomUUID()}`;

/** The keys of the values stored in database `name`, meta and tombstones left out. */
async function storedKeys(name: string): Promise<string[]> {
  const all = await idbEntries(createStore(name, 'entries'));
  return all.map(([key]) => key as string).filter((key) => !key.startsWith('!'));
}

it('stores a write of 1,200 records in three IndexedDB values, not one per record', async () => {
  const name = freshName();
  const store = createIndexedDbStore(name);
  const batch = Array.from({ length: 1200 }, (_, i) => entry({ i }));
  await store.append(batch);
  expect(await storedKeys(name)).toEqual([batch[0]!.key, batch[500]!.key, batch[1000]!.key]);
  // A delivered run that ends inside a value leaves the rest of it under its first key.
  await store.remove(batch.slice(0, 700));
  expect(await storedKeys(name)).toEqual([batch[700]!.key, batch[1000]!.key]);
  expect(await store.count()).toBe(500);
});

it('reads, counts and deletes values stored one per record (the layout before chunks) beside new ones', async () => {
  const name = freshName();
  const old = [entry({ i: 1 }), entry({ i: 2 }), entry({ i: 3 })];
  await setMany(
    old.map(({ key, ...value }) => [key, value]),
    createStore(name, 'entries'),
  );
  const store = createIndexedDbStore(name);
  const added = [entry({ i: 4 }), entry({ i: 5 })];
  await store.append(added);
  expect(await store.read(10)).toEqual([...old, ...added]);
  expect(await store.read(2, old[0]!.key)).toEqual([old[1], old[2]]);
  expect(await store.count()).toBe(5);
  await store.remove([old[1]!, added[0]!]);
  expect(await store.read(10)).toEqual([old[0], old[2], added[1]]);
  expect(await store.count()).toBe(3);
  expect(await store.lastKey()).toBe(added[1]!.key);
});

it('rebuilds its counts from the chunks when its meta entry is gone', async () => {
  const name = freshName();
  const store = createIndexedDbStore(name);
  const batch = Array.from({ length: 700 }, (_, i) => entry({ i }));
  await store.append(batch);
  await del('!meta', createStore(name, 'entries'));
  expect(await store.count()).toBe(700);
  expect(await store.bytes()).toBe(batch.reduce((n, e) => n + e.bytes!, 0));
});
