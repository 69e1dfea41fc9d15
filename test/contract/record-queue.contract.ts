/**
 * Behaviour of the RecordQueue over a given store: run with memory (unit) and IndexedDB (browser).
 */
import { describe, expect, it } from 'vitest';
import { RecordQueue, type DropInfo, type QueueEntry, type QueueStore, type StoredEntry } from '../../src/queue/index.js';
import { arrayRescue } from '../support/rescue.js';
import type { StorageError } from '../../src/errors/index.js';

const t = 1_767_225_600;
const e = (objectName: QueueEntry['objectName'], i: number): QueueEntry => ({
  objectName,
  record: { event_timestamp: t, i },
  enqueuedAt: i,
});

export function recordQueueContract(kind: string, makeStore: () => QueueStore): void {
  const open = (store: QueueStore, errors: StorageError[] = []) =>
    new RecordQueue({ store, tabId: 'tab1', clock: () => Date.now(), onStorageError: (err) => errors.push(err) });

  describe(`RecordQueue over ${kind}`, () => {
    it('enqueue is synchronous; one task of tracking becomes one store write', async () => {
      const store = makeStore();
      let appends = 0;
      const counted: QueueStore = { ...store, append: (batch) => ((appends += 1), store.append(batch)) };
      const queue = open(counted);
      await queue.settled();
      for (let i = 0; i < 100; i++) queue.enqueue(e('players_login', i));
      expect(queue.length).toBe(100);
      await queue.settled();
      expect(appends).toBe(1);
      expect(await store.count()).toBe(100);
    });

    it('keeps the order records were tracked in, within and across kinds', async () => {
      const queue = open(makeStore());
      const tracked = [e('players_login', 0), e('characters_purchases', 1), e('players_login', 2), e('players_offers', 3)];
      for (const x of tracked) queue.enqueue(x);
      const peeked = await queue.peek(10);
      expect(peeked.map((p) => p.record.i)).toEqual([0, 1, 2, 3]);
      expect(peeked.map((p) => p.key)).toEqual([...peeked.map((p) => p.key)].sort());
    });

    it('removes only the delivered entries', async () => {
      const queue = open(makeStore());
      for (let i = 0; i < 5; i++) queue.enqueue(e('players_login', i));
      const peeked = await queue.peek(2);
      await queue.remove(peeked);
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([2, 3, 4]);
      expect(queue.length).toBe(3);
    });

    it('a new queue on the same store (a reload) sees what was queued, and its keys continue after them', async () => {
      const store = makeStore();
      const first = open(store);
      first.enqueue(e('players_login', 0));
      first.enqueue(e('players_login', 1));
      await first.settled();
      const second = open(store);
      second.enqueue(e('players_login', 2));
      await second.settled();
      expect(second.length).toBe(3);
      expect((await second.peek(10)).map((p) => p.record.i)).toEqual([0, 1, 2]);
    });

    it('peek leaves out skipped keys (a batch on the wire) and serves the next batches from its head', async () => {
      const store = makeStore();
      let reads = 0;
      const counted: QueueStore = { ...store, read: (limit, after) => ((reads += 1), store.read(limit, after)) };
      const queue = new RecordQueue({ store: counted, tabId: 'tab1', clock: () => Date.now(), onStorageError: () => undefined, headLimit: 6 });
      for (let i = 0; i < 10; i++) queue.enqueue(e('players_login', i));
      const first = await queue.peek(2);
      expect(first.map((p) => p.record.i)).toEqual([0, 1]);
      const readsAfterFirst = reads;
      const skip = new Set(first.map((p) => p.key));
      const second = await queue.peek(2, { fromHead: true, skip });
      expect(second.map((p) => p.record.i)).toEqual([2, 3]);
      expect(reads - readsAfterFirst).toBeLessThanOrEqual(1); // at most the background extension
      await queue.remove(first);
      await queue.remove(second);
      // The head is extended past its first read while batches leave; nothing comes back twice.
      const seen: number[] = [];
      for (;;) {
        const next = await queue.peek(2, { fromHead: true });
        if (next.length === 0) break;
        seen.push(...next.map((p) => p.record.i as number));
        await queue.remove(next);
      }
      expect(seen).toEqual([4, 5, 6, 7, 8, 9]);
      expect(await store.count()).toBe(0);
    });

    it('a peek without fromHead sees what another tab stored meanwhile, even with an older key', async () => {
      const store = makeStore();
      const queue = open(store);
      queue.enqueue(e('players_login', 1));
      await queue.settled();
      const [mine] = await queue.peek(10);
      // Another tab's record, tracked a moment before this tab's but written after (restore: the
      // memory store, written by one tab only, keeps key order on restores, not on appends).
      const theirs: StoredEntry = { ...e('players_login', 0), key: `${'0'.repeat(10)}1:tab2`, bytes: 40 };
      await store.restore([theirs]);
      expect((await queue.peek(10, { fromHead: true })).map((p) => p.key)).toEqual([mine!.key]);
      expect((await queue.peek(10)).map((p) => p.key)).toEqual([theirs.key, mine!.key]);
    });

    it('the unload snapshot holds the stored head minus keys in flight, then unstored entries', async () => {
      const queue = open(makeStore());
      queue.enqueue(e('players_login', 0));
      queue.enqueue(e('players_login', 1));
      await queue.settled();
      const [firstKey] = (await queue.peek(1)).map((p) => p.key);
      queue.enqueue(e('players_login', 2));
      const snapshot = queue.unloadSnapshot(new Set([firstKey!]), true);
      expect(snapshot.stored.map((s) => s.record.i)).toEqual([1]);
      expect(snapshot.unstored.map((s) => s.record.i)).toEqual([2]);
      expect(queue.unloadSnapshot(new Set(), false).unstored).toEqual([]);
    });

    it('a write larger than the head has room for still puts its oldest records in the unload snapshot', async () => {
      const queue = new RecordQueue({ store: makeStore(), tabId: 'tab1', clock: () => Date.now(), onStorageError: () => undefined, headLimit: 4 });
      await queue.settled();
      queue.enqueue(e('players_login', 0));
      await queue.settled();
      // One task tracks six records: more than the head's room of three.
      for (let i = 1; i <= 6; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      expect(queue.unloadSnapshot(new Set(), true).stored.map((s) => s.record.i)).toEqual([0, 1, 2, 3]);
      // The head is no longer the whole queue: the rest is read from the store, in order.
      expect((await queue.peek(10, { fromHead: true })).map((p) => p.record.i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('past maxRecords, drops the oldest and says so', async () => {
      const drops: DropInfo[] = [];
      const queue = new RecordQueue({ store: makeStore(), tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, maxRecords: 5, onDropped: (d) => drops.push(d) });
      for (let i = 0; i < 8; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      expect(drops).toEqual([{ records: 3, reason: 'queue-full' }]);
      expect(queue.length).toBe(5);
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([3, 4, 5, 6, 7]);
    });

    it('never drops a record in flight: the cap counts the others, and the oldest of those go', async () => {
      const drops: DropInfo[] = [];
      const queue = new RecordQueue({ store: makeStore(), tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, maxRecords: 5, onDropped: (d) => drops.push(d) });
      for (let i = 0; i < 5; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      const inFlight = new Map((await queue.peek(3)).map((p) => [p.key, p.bytes!]));
      queue.protect(inFlight); // the uploader's set: records 0, 1, 2 are on the wire
      for (let i = 5; i < 8; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      expect(drops).toEqual([]); // 8 stored, 3 of them leaving: 5 count against the cap
      queue.enqueue(e('players_login', 8));
      await queue.settled();
      expect(drops).toEqual([{ records: 1, reason: 'queue-full' }]);
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([0, 1, 2, 4, 5, 6, 7, 8]);
    });

    it('keeps the caps only in the tab that enforces them (the uploading one), when it counts; records in memory are the tab’s own', async () => {
      const drops: DropInfo[] = [];
      let uploading = false;
      const queue = new RecordQueue({ store: makeStore(), tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, maxRecords: 5, enforcesCaps: () => uploading, onDropped: (d) => drops.push(d) });
      for (let i = 0; i < 8; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      if (queue.storageKind === 'memory') {
        expect(drops).toEqual([{ records: 3, reason: 'queue-full' }]); // no other tab sees these records
      } else {
        expect([drops, queue.length]).toEqual([[], 8]); // another tab may have some of them in flight
        uploading = true;
        expect(await queue.refreshCount()).toBe(5);
        expect(drops).toEqual([{ records: 3, reason: 'queue-full' }]);
      }
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([3, 4, 5, 6, 7]);
    });

    it('past maxBytes, drops the oldest until the rest fits', async () => {
      const drops: DropInfo[] = [];
      const one = JSON.stringify(e('players_login', 0).record).length;
      const store = makeStore();
      const queue = new RecordQueue({ store, tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, maxBytes: one * 3, onDropped: (d) => drops.push(d) });
      for (let i = 0; i < 5; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      expect(drops).toEqual([{ records: 2, reason: 'queue-full' }]);
      expect(await store.bytes()).toBeLessThanOrEqual(one * 3);
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([2, 3, 4]);
    });

    it('past maxBytes, counts only the records not in flight: nothing is dropped that fits once the batch on the wire is delivered', async () => {
      const drops: DropInfo[] = [];
      const one = JSON.stringify(e('players_login', 0).record).length;
      const queue = new RecordQueue({ store: makeStore(), tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, maxBytes: one * 5, onDropped: (d) => drops.push(d) });
      for (let i = 0; i < 5; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      const inFlight = new Map((await queue.peek(3)).map((p) => [p.key, p.bytes!]));
      queue.protect(inFlight); // records 0, 1, 2 are on the wire
      for (let i = 5; i < 8; i++) queue.enqueue(e('players_login', i));
      await queue.settled();
      expect(drops).toEqual([]); // 8 stored, 3 of them leaving: 5 records' bytes count against the cap
      queue.enqueue(e('players_login', 8));
      await queue.settled();
      expect(drops).toEqual([{ records: 1, reason: 'queue-full' }]);
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([0, 1, 2, 4, 5, 6, 7, 8]);
    });

    it('reports at open the drops of earlier pages, once', async () => {
      const store = makeStore();
      await store.addDropped(12);
      const earlier: number[] = [];
      const queue = new RecordQueue({ store, tabId: 't', clock: () => Date.now(), onStorageError: () => undefined, onEarlierDrops: (n) => earlier.push(n) });
      await queue.settled();
      expect(earlier).toEqual([12]);
      expect(await store.takeDropped()).toBe(0);
    });

    it('at unload, unfinished writes are rescued; the next queue writes them once, even if the first write finished too', async () => {
      const saved: StoredEntry[][] = [];
      const rescue = arrayRescue(saved);
      const store = makeStore();
      const first = new RecordQueue({ store, tabId: 'a', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await first.settled();
      for (let i = 0; i < 3; i++) first.enqueue(e('players_login', i));
      first.rescue(); // pagehide before the microtask write
      expect(saved.flat().map((x) => x.record.i)).toEqual([0, 1, 2]);
      await first.settled(); // and yet the write finished
      const next = new RecordQueue({ store, tabId: 'b', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await next.settled();
      expect((await next.peek(10)).map((p) => p.record.i)).toEqual([0, 1, 2]);
      expect(next.length).toBe(3);
    });

    it('a rescued copy of a record delivered meanwhile does not come back', async () => {
      const saved: StoredEntry[][] = [];
      const rescue = arrayRescue(saved);
      const store = makeStore();
      const follower = new RecordQueue({ store, tabId: 'f', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await follower.settled();
      follower.enqueue(e('players_login', 7));
      follower.rescue(); // the tab unloads; its write finishes anyway
      await follower.settled();
      const leader = new RecordQueue({ store, tabId: 'l', clock: () => Date.now(), onStorageError: () => undefined });
      await leader.remove(await leader.peek(10)); // delivered
      const next = new RecordQueue({ store, tabId: 'n', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await next.settled();
      expect(await next.peek(10)).toEqual([]);
      expect(saved).toEqual([]); // taken
    });

    it('rescued records stay in the rescue until their write back is done: a page killed meanwhile leaves them to the next', async () => {
      const saved: StoredEntry[][] = [];
      const rescue = arrayRescue(saved);
      const earlier = new RecordQueue({ store: makeStore(), tabId: 'e', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await earlier.settled();
      for (let i = 0; i < 2; i++) earlier.enqueue(e('players_login', i));
      earlier.rescue(); // unloaded before its write (the write goes to another store here)
      const store = makeStore();
      let written!: () => void;
      const hung: QueueStore = { ...store, restore: (entries) => new Promise<void>((resolve) => (written = resolve)).then(() => store.restore(entries)) };
      const killed = new RecordQueue({ store: hung, tabId: 'k', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await expect.poll(() => written).toBeTypeOf('function'); // its write back started
      expect(saved.flat().map((x) => x.record.i)).toEqual([0, 1]); // and the rescue still holds them
      const next = new RecordQueue({ store, tabId: 'n', clock: () => Date.now(), onStorageError: () => undefined, rescue });
      await next.settled();
      expect((await next.peek(10)).map((p) => p.record.i)).toEqual([0, 1]);
      expect(saved).toEqual([]);
      written(); // the first page's write ends after all (it was not killed): nothing doubles, by key
      await killed.settled();
      expect((await next.peek(10)).map((p) => p.record.i)).toEqual([0, 1]);
    });
  });
}
