/**
 * The offer stores' move to memory (withMemoryFallback in src/offers/store.ts, on the shared
 * helper of src/queue/memory-fallback.ts): the failed change runs again on a memory store seeded
 * with what the page knows, and the owner hears of it once.
 */
import { expect, it } from 'vitest';
import type { StorageError } from '../../../src/errors/index.js';
import { createMemoryKeyValueStore, withMemoryFallback, type KeyValueStore } from '../../../src/offers/index.js';

/** An IndexedDB-like store whose changes and listing fail (connection lost), and whose reads answer 'idb'. */
const failing = (): KeyValueStore<string, string> => ({
  kind: 'indexeddb',
  get: async () => 'idb',
  entries: () => Promise.reject(new DOMException('connection lost', 'UnknownError')),
  change: () => Promise.reject(new DOMException('connection lost', 'UnknownError')),
});

it('a failed change runs again in memory, seeded with what the page knows; the owner hears one StorageError', async () => {
  const heard: StorageError[] = [];
  const store = withMemoryFallback(failing(), 'offer-state', (e) => heard.push(e), () => [['a', 'known']]);
  expect(store.kind).toBe('indexeddb');
  expect(await store.get('x')).toBe('idb');
  expect(await store.change('b', (v) => `${v ?? 'new'}!`)).toBe('new!');
  expect(store.kind).toBe('memory');
  expect(await store.entries()).toEqual([
    ['a', 'known'],
    ['b', 'new!'],
  ]);
  expect(await store.change('a', (v) => `${v}+`)).toBe('known+');
  expect(await store.get('x')).toBeUndefined(); // reads follow the move
  expect(heard.map((e) => [e.operation, e.message])).toEqual([['offer-state', 'Storage offer-state failed: UnknownError: connection lost']]);
});

it('a failed listing moves too; a change refused by its function writes nothing', async () => {
  const heard: StorageError[] = [];
  const store = withMemoryFallback(failing(), 'offer-cache', (e) => heard.push(e));
  expect(await store.entries()).toEqual([]);
  expect(await store.change('a', () => undefined)).toBeUndefined();
  expect(await store.entries()).toEqual([]);
  expect(heard.map((e) => e.operation)).toEqual(['offer-cache']);
});

it('a memory store that fails rejects with the StorageError, and nothing is heard', async () => {
  const heard: StorageError[] = [];
  const memory = createMemoryKeyValueStore<string, string>();
  const store = withMemoryFallback({ ...memory, change: () => Promise.reject(new Error('full')) }, 'offer-cache', (e) => heard.push(e));
  await expect(store.change('a', () => 'v')).rejects.toMatchObject({ code: 'storage', operation: 'offer-cache' });
  expect(heard).toEqual([]);
});
