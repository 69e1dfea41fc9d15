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
