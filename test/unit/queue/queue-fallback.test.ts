import { describe, expect, it } from 'vitest';
import type { StorageError } from '../../../src/errors/index.js';
import { RecordQueue, type DropInfo, type QueueStore, type StoredEntry } from '../../../src/queue/index.js';
import { arrayRescue } from '../../support/rescue.js';
import { createMemoryStore } from '../../../src/queue/index.js';

/** An IndexedDB-like store that refuses to write (quota, blocked, connection lost). */
function refusingStore(): QueueStore {
  const inner = createMemoryStore();
  return {
    ...inner,
    kind: 'indexeddb',
    append: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
  };
}

describe('RecordQueue with a very large task of tracking', () => {
  it('keeps 200,000 records tracked in one task (more than the engine’s argument limit)', async () => {
    const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: () => 0, onStorageError: () => undefined });
    for (let i = 0; i < 200_000; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: 0 });
    await queue.settled();
    expect(queue.length).toBe(200_000);
    const head = await queue.peek(3);
    expect(head.map((e) => e.record.i)).toEqual([0, 1, 2]);
  });
});

describe('RecordQueue when storage fails', () => {
  it('emits a StorageError, moves to memory, and loses no record', async () => {
    const errors: StorageError[] = [];
    const queue = new RecordQueue({ store: refusingStore(), tabId: 't', clock: () => 0, onStorageError: (e) => errors.push(e) });
    queue.enqueue({ objectName: 'players_login', record: { i: 1 }, enqueuedAt: 0 });
    queue.enqueue({ objectName: 'players_login', record: { i: 2 }, enqueuedAt: 0 });
    const peeked = await queue.peek(10);
    expect(peeked.map((p) => p.record.i)).toEqual([1, 2]);
    expect(queue.storageKind).toBe('memory');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('storage');
    expect(errors[0]!.operation).toBe('append');
    expect(errors[0]!.message).toMatch(/QuotaExceededError/);
  });
});

describe('RecordQueue when the storage quota is exceeded', () => {
  it('drops the oldest records to make room (reason quota), writes the new ones, and stays on the store', async () => {
    const inner = createMemoryStore();
    let refusals = 1;
    const store: QueueStore = {
      ...inner,
      kind: 'indexeddb',
      append: (batch) => (refusals-- > 0 ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : inner.append(batch)),
    };
    const errors: StorageError[] = [];
    const drops: DropInfo[] = [];
    const queue = new RecordQueue({ store, tabId: 't', clock: () => 0, onStorageError: (e) => errors.push(e), onDropped: (d) => drops.push(d) });
    refusals = 0;
    for (let i = 0; i < 20; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: 0 });
    await queue.settled();
    refusals = 1;
    for (let i = 20; i < 25; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: 0 });
    await queue.settled();
    expect(drops).toEqual([{ records: 5, reason: 'quota' }]);
    expect(errors).toEqual([]);
    expect(queue.storageKind).toBe('indexeddb');
    expect((await queue.peek(100)).map((p) => p.record.i)).toEqual([...Array(20).keys()].map((n) => n + 5));
  });
});

describe('RecordQueue when the records an earlier page rescued cannot be written back', () => {
  /** An earlier page's three unfinished writes, saved at its unload, and a rescue that holds them. */
  async function rescued() {
    const saved: StoredEntry[][] = [];
    const rescue = arrayRescue(saved);
    const earlier = new RecordQueue({ store: createMemoryStore(), tabId: 'e', clock: () => 0, onStorageError: () => undefined, rescue });
    await earlier.settled();
    for (let i = 0; i < 3; i++) earlier.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: 0 });
    earlier.rescue();
    const entries = saved.splice(0);
    return { rescue, arrive: () => void saved.push(...entries) };
  }
  /** A store that is full for good: every write, and every retry after eviction, is refused. */
  const fullStore = (): QueueStore => {
    const full = (): Promise<void> => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    return { ...createMemoryStore(), kind: 'indexeddb', append: full, restore: full };
  };

  for (const when of ['at open', 'from another tab, while running (adoptRescues)'] as const) {
    it(`keeps them, in memory with a StorageError: ${when}`, async () => {
      const { rescue, arrive } = await rescued();
      const errors: StorageError[] = [];
      if (when === 'at open') arrive();
      const queue = new RecordQueue({ store: fullStore(), tabId: 't', clock: () => 0, onStorageError: (e) => errors.push(e), rescue });
      await queue.settled();
      if (when !== 'at open') {
        arrive();
        await queue.adoptRescues();
      }
      expect((await queue.peek(10)).map((p) => p.record.i)).toEqual([0, 1, 2]);
      expect(queue.length).toBe(3);
      expect(queue.storageKind).toBe('memory');
      expect(errors.map((e) => e.operation)).toEqual(['restore']);
    });
  }
});
