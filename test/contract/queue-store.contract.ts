/**
 * The contract every QueueStore passes: the memory store in the unit project, the IndexedDB store
 * in real Chromium (test/browser).
 */
import { describe, expect, it } from 'vitest';
import type { QueueStore, StoredEntry } from '../../src/queue/index.js';

let n = 0;
export function entry(record: Record<string, unknown> = {}, objectName: StoredEntry['objectName'] = 'players_login'): StoredEntry {
  n += 1;
  const full = { event_timestamp: 1_767_225_600, ...record };
  return { key: `${String(n).padStart(11, '0')}:tab`, objectName, record: full, enqueuedAt: 1, bytes: JSON.stringify(full).length };
}

export function queueStoreContract(kind: string, makeStore: () => QueueStore): void {
  describe(`QueueStore contract: ${kind}`, () => {
    it('starts empty', async () => {
      const store = makeStore();
      expect(await store.read(10)).toEqual([]);
      expect(await store.count()).toBe(0);
      expect(await store.lastKey()).toBeUndefined();
    });

    it('reads the oldest entries first, up to the limit, with their values intact', async () => {
      const store = makeStore();
      const batch = [entry({ text: '황금 검 <color=#FFD700>' }), entry({ nested: { a: [1, 2] } }, 'characters_purchases'), entry()];
      await store.append(batch);
      expect(await store.read(2)).toEqual(batch.slice(0, 2));
      expect(await store.read(10)).toEqual(batch);
      expect(await store.count()).toBe(3);
      expect(await store.lastKey()).toBe(batch[2]!.key);
    });

    it('keeps order across appends', async () => {
      const store = makeStore();
      const first = [entry(), entry()];
      const second = [entry(), entry()];
      await store.append(first);
      await store.append(second);
      expect((await store.read(10)).map((e) => e.key)).toEqual([...first, ...second].map((e) => e.key));
    });

    it('removes exactly the given keys and ignores unknown ones', async () => {
      const store = makeStore();
      const batch = [entry(), entry(), entry()];
      await store.append(batch);
      await store.remove([batch[0]!, batch[2]!, { key: 'no-such-key', bytes: 999 }]);
      expect(await store.read(10)).toEqual([batch[1]]);
      expect(await store.lastKey()).toBe(batch[1]!.key);
      await store.remove([]);
      expect(await store.count()).toBe(1);
      expect(await store.bytes()).toBe(batch[1]!.bytes);
    });

    it('a removal of keys that are all gone (or of any key from an empty store) changes nothing', async () => {
      const store = makeStore();
      const [a, b] = [entry(), entry()];
      await store.remove([a!]);
      await store.append([b!]);
      await store.remove([a!]);
      expect(await store.read(10)).toEqual([b]);
      expect(await store.count()).toBe(1);
    });

    it('removes a run of adjacent keys and leaves the keys before and after it', async () => {
      const store = makeStore();
      const batch = [entry(), entry(), entry(), entry(), entry()];
      await store.append(batch);
      await store.remove(batch.slice(1, 4).reverse());
      expect((await store.read(10)).map((e) => e.key)).toEqual([batch[0]!.key, batch[4]!.key]);
      expect(await store.count()).toBe(2);
      expect(await store.bytes()).toBe(batch[0]!.bytes! + batch[4]!.bytes!);
    });

    it('reads only the keys after a given key, when asked', async () => {
      const store = makeStore();
      const batch = [entry(), entry(), entry(), entry()];
      await store.append(batch);
      expect((await store.read(2, batch[0]!.key)).map((e) => e.key)).toEqual([batch[1]!.key, batch[2]!.key]);
      expect(await store.read(10, batch[3]!.key)).toEqual([]);
    });

    it('counts entries and their bytes, and a removal of what another tab already removed changes nothing', async () => {
      const store = makeStore();
      const batch = [entry({ a: 1 }), entry({ b: 'two' }), entry({ c: [3] })];
      await store.append(batch);
      expect(await store.count()).toBe(3);
      expect(await store.bytes()).toBe(batch.reduce((n, e) => n + e.bytes!, 0));
      await store.remove([batch[1]!]);
      await store.remove([batch[1]!]);
      expect(await store.count()).toBe(2);
      expect(await store.bytes()).toBe(batch[0]!.bytes! + batch[2]!.bytes!);
    });

    it('restore adds only entries not there yet, in key order, counting them once', async () => {
      const store = makeStore();
      const [a, b, c] = [entry({ i: 1 }), entry({ i: 2 }), entry({ i: 3 })];
      await store.append([a!, c!]);
      await store.restore([a!, b!]);
      await store.restore([b!]);
      expect((await store.read(10)).map((e) => e.key)).toEqual([a!.key, b!.key, c!.key]);
      expect(await store.count()).toBe(3);
      expect(await store.bytes()).toBe(a!.bytes! + b!.bytes! + c!.bytes!);
    });

    it('restore does not bring back what was removed lately (delivered, set aside, dropped)', async () => {
      const store = makeStore();
      const [a, b] = [entry({ i: 1 }), entry({ i: 2 })];
      await store.append([a!, b!]);
      await store.remove([a!]);
      await store.restore([a!, b!]);
      expect((await store.read(10)).map((e) => e.key)).toEqual([b!.key]);
      expect(await store.count()).toBe(1);
    });

    it('reads, counts and removes across a write of 1,200 records (larger than one stored chunk)', async () => {
      const store = makeStore();
      const batch = Array.from({ length: 1200 }, (_, i) => entry({ i }));
      await store.append(batch);
      expect(await store.read(2000)).toEqual(batch);
      expect((await store.read(3, batch[498]!.key)).map((e) => e.key)).toEqual(batch.slice(499, 502).map((e) => e.key));
      // A delivered run that ends inside a chunk, and single records on both sides of it.
      await store.remove([...batch.slice(300, 700), batch[0]!, batch[1199]!]);
      const left = [...batch.slice(1, 300), ...batch.slice(700, 1199)];
      expect(await store.read(2000)).toEqual(left);
      expect((await store.read(2, batch[299]!.key)).map((e) => e.key)).toEqual([batch[700]!.key, batch[701]!.key]);
      expect(await store.count()).toBe(left.length);
      expect(await store.bytes()).toBe(left.reduce((n, e) => n + e.bytes!, 0));
      expect(await store.lastKey()).toBe(batch[1198]!.key);
    });

    it('keeps key order when two writes interleave their keys (two tabs tracking at once)', async () => {
      const store = makeStore();
      const keys = Array.from({ length: 6 }, () => entry());
      const [a, b, c, d, e, f] = keys as [StoredEntry, StoredEntry, StoredEntry, StoredEntry, StoredEntry, StoredEntry];
      await store.append([a, c, e]);
      await store.append([b, d]);
      await store.append([f]);
      expect((await store.read(10)).map((x) => x.key)).toEqual(keys.map((x) => x.key));
      expect((await store.read(2, b.key)).map((x) => x.key)).toEqual([c.key, d.key]);
      await store.remove([c, d]);
      expect((await store.read(10, a.key)).map((x) => x.key)).toEqual([b.key, e.key, f.key]);
      expect(await store.count()).toBe(4);
      expect(await store.lastKey()).toBe(f.key);
    });

    it('keeps a count of dropped records until it is taken', async () => {
      const store = makeStore();
      expect(await store.takeDropped()).toBe(0);
      await store.addDropped(3);
      await store.addDropped(4);
      expect(await store.takeDropped()).toBe(7);
      expect(await store.takeDropped()).toBe(0);
    });
  });
}
