/**
 * The move to memory when IndexedDB fails (src/queue/memory-fallback.ts), the one the record queue,
 * the dead-letter store and the offer stores share.
 */
import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../src/errors/index.js';
import { memoryFallback } from '../../../src/queue/index.js';

/** A store that answers with its name, or fails while `failing` says so. */
const store = (name: string, failing = () => false) => ({
  name,
  get: async () => {
    if (failing()) throw new DOMException('connection lost', 'UnknownError');
    return name;
  },
});

describe('memoryFallback', () => {
  it('runs on the store it was given while that store works', async () => {
    const heard: StorageError[] = [];
    const fallback = memoryFallback(store('idb'), false, () => store('memory'), (e) => heard.push(e));
    expect(await fallback.run('read', (s) => s.get())).toBe('idb');
    expect(await fallback.run('read', (s) => s.get())).toBe('idb');
    expect(fallback.store.name).toBe('idb');
    expect(heard).toEqual([]);
  });

  it('at the first failure moves to memory, says so once (after the move), and runs the operation again there', async () => {
    const heard: Array<[StorageError, string]> = [];
    const fallback = memoryFallback(store('idb', () => true), false, () => store('memory'), (e) => heard.push([e, fallback.store.name]));
    expect(await fallback.run('append', (s) => s.get())).toBe('memory');
    expect(await fallback.run('read', (s) => s.get())).toBe('memory');
    expect(heard).toHaveLength(1);
    const [error, storeWhenHeard] = heard[0]!;
    expect(error).toBeInstanceOf(StorageError);
    expect(error.operation).toBe('append');
    expect(error.message).toBe('Storage append failed: UnknownError: connection lost');
    expect(storeWhenHeard).toBe('memory');
  });

  it('a failure in memory rejects with a StorageError for the operation, and moves nowhere', async () => {
    let memoryFails = false;
    const heard: StorageError[] = [];
    const memory = store('memory', () => memoryFails);
    const fallback = memoryFallback(store('idb', () => true), false, () => memory, (e) => heard.push(e));
    await fallback.run('read', (s) => s.get());
    memoryFails = true;
    const failed = await fallback.run('remove', (s) => s.get()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(StorageError);
    expect((failed as StorageError).operation).toBe('remove');
    expect(fallback.store).toBe(memory);
    expect(heard).toHaveLength(1);
  });

  it('a store that is memory already rejects at once, without moving or saying so', async () => {
    const heard: StorageError[] = [];
    let made = 0;
    const fallback = memoryFallback(store('memory', () => true), true, () => (made++, store('other')), (e) => heard.push(e));
    const failed = await fallback.run('offer-state', (s) => s.get()).catch((e: unknown) => e);
    expect((failed as StorageError).operation).toBe('offer-state');
    expect([made, heard.length, fallback.store.name]).toEqual([0, 0, 'memory']);
  });

  it('fallBack moves to memory at once (a failure seen elsewhere), and later failures there reject', async () => {
    const heard: StorageError[] = [];
    let memoryFails = false;
    const fallback = memoryFallback(store('idb'), false, () => store('memory', () => memoryFails), (e) => heard.push(e));
    fallback.fallBack('open', new Error('blocked'));
    expect(fallback.store.name).toBe('memory');
    expect(heard.map((e) => [e.operation, e.message])).toEqual([['open', 'Storage open failed: Error: blocked']]);
    memoryFails = true;
    await expect(fallback.run('read', (s) => s.get())).rejects.toBeInstanceOf(StorageError);
    expect(heard).toHaveLength(1);
  });
});
