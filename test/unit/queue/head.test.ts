/**
 * The head of the queue and its read-ahead (src/queue/head.ts).
 */
import { describe, expect, it } from 'vitest';
import { fillHead, forgetInHead, freeInHead, headWritten, peekHead, resetHead } from '../../../src/queue/head.js';
import { createMemoryStore, type QueueStore } from '../../../src/queue/index.js';
import { queueState, stored } from '../../support/queue-state.js';

const keysOf = (entries: ReadonlyArray<{ readonly record: Readonly<Record<string, unknown>> }>) => entries.map((e) => e.record.n);
const done = Promise.resolve();

/** A memory store holding entries 1..n, counting its reads. */
async function storeOf(n: number): Promise<QueueStore & { reads: Array<[number, string | undefined]> }> {
  const inner = createMemoryStore();
  await inner.append([...Array(n).keys()].map((i) => stored(i + 1)));
  const reads: Array<[number, string | undefined]> = [];
  return { ...inner, reads, read: (limit, after) => (reads.push([limit, after]), inner.read(limit, after)) };
}

describe('the head in memory', () => {
  it('fillHead keeps the first `want` entries read, and is whole when no more came', () => {
    const q = queueState();
    fillHead(q, [stored(1), stored(2), stored(3)], 3);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3], true]);
    fillHead(q, [stored(1), stored(2), stored(3)], 2);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2], false]);
  });

  it('resetHead empties it, whole or not', () => {
    const q = queueState({}, { head: [stored(1)], headComplete: false });
    resetHead(q, true);
    expect([q.head, q.headComplete]).toEqual([[], true]);
    resetHead(q, false);
    expect(q.headComplete).toBe(false);
  });

  it('headWritten: a whole head takes what fits of a write, and stays whole only if all fit', () => {
    const q = queueState({ headLimit: 4 }, { head: [stored(1), stored(2)], headComplete: true });
    headWritten(q, [stored(3)]);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3], true]);
    headWritten(q, [stored(4), stored(5)]);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3, 4], false]);
  });

  it('headWritten: a head that misses stored entries takes nothing (they would not follow its last)', () => {
    const q = queueState({}, { head: [stored(1)], headComplete: false });
    headWritten(q, [stored(5)]);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1], false]);
  });

  it('forgetInHead drops the keys, and notes them for a background read that runs', () => {
    const forgotten = new Set<string>();
    const q = queueState({}, { head: [stored(1), stored(2), stored(3)], forgotten });
    forgetInHead(q, [stored(2), stored(9)]);
    expect(keysOf(q.head)).toEqual([1, 3]);
    expect([...forgotten]).toEqual([stored(2).key, stored(9).key]);
  });

  it('freeInHead leaves out the keys in flight', () => {
    const q = queueState({}, { head: [stored(1), stored(2), stored(3)] });
    expect(keysOf(freeInHead(q, new Set([stored(2).key])))).toEqual([1, 3]);
  });
});

describe('peekHead', () => {
  it('reads the store (twice the head limit, plus one), fills the head, and returns the oldest not skipped', async () => {
    const store = await storeOf(10);
    const q = queueState({ store, headLimit: 4 }, { headComplete: false });
    const skip = new Set([stored(1).key]);
    expect(keysOf(await peekHead(q, done, 2, { skip }))).toEqual([2, 3]);
    expect(store.reads).toEqual([[6, undefined]]); // max(2, 4) + 1 skipped, and one more to know if that is all
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3, 4, 5], false]);
  });

  it('fromHead: serves from the head without reading, and extends it in the background when it runs low', async () => {
    const store = await storeOf(10);
    const q = queueState({ store, headLimit: 4 }, { head: [stored(1), stored(2), stored(3), stored(4)], headComplete: false });
    expect(keysOf(await peekHead(q, done, 1, { fromHead: true }))).toEqual([1]);
    expect(store.reads).toEqual([]); // 3 left over, not below half the limit
    const inFlight = new Set([stored(1).key, stored(2).key]);
    expect(keysOf(await peekHead(q, done, 1, { fromHead: true, skip: inFlight }))).toEqual([3]);
    expect(store.reads).toEqual([[3, stored(4).key]]); // 1 left over: a read of what fits after the last key
    await q.refill;
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3, 4, 5, 6], false]);
  });

  it('fromHead: a head short of the batch waits for the read that runs; what was removed meanwhile does not come back', async () => {
    const store = await storeOf(6);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The background read finds entry 4, but answers only after 4 was delivered and removed.
    const slow: QueueStore = { ...store, read: async (limit, after) => { const found = await store.read(limit, after); await held; return found; } };
    const q = queueState({ store: slow, headLimit: 4 }, { head: [stored(1), stored(2), stored(3)], headComplete: false });
    expect(keysOf(await peekHead(q, done, 2, { fromHead: true }))).toEqual([1, 2]); // starts a read after 3
    await store.remove([stored(4)]);
    forgetInHead(q, [stored(4)]);
    const peeked = peekHead(q, done, 3, { fromHead: true, skip: new Set([stored(1).key]) });
    release();
    expect(keysOf(await peeked)).toEqual([2, 3, 5]); // still short after the read: the store is read
    expect(store.reads).toEqual([[2, stored(3).key], [6, undefined]]);
    expect([keysOf(q.head), q.headComplete]).toEqual([[1, 2, 3, 5, 6], true]);
  });

  it('fromHead: a whole head serves what it has, even short of the batch, without reading', async () => {
    const store = await storeOf(2);
    const q = queueState({ store }, { head: [stored(1), stored(2)], headComplete: true });
    expect(keysOf(await peekHead(q, done, 10, { fromHead: true }))).toEqual([1, 2]);
    expect(store.reads).toEqual([]);
  });

  it('fromHead: a head short of the batch, with no read running, reads the store', async () => {
    const store = await storeOf(3);
    const q = queueState({ store }, { head: [stored(1)], headComplete: false });
    expect(keysOf(await peekHead(q, done, 3, { fromHead: true }))).toEqual([1, 2, 3]);
    expect(store.reads).toEqual([[2001, undefined]]);
  });

  it('reads only once `written` settled (this tab’s pending writes)', async () => {
    const store = await storeOf(1);
    const q = queueState({ store }, { headComplete: false });
    let release!: () => void;
    const written = new Promise<void>((resolve) => (release = resolve));
    const peeked = peekHead(q, written, 1, {});
    await Promise.resolve();
    expect(store.reads).toEqual([]);
    release();
    expect(keysOf(await peeked)).toEqual([1]);
  });
});
