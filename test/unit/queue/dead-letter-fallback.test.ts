/**
 * The dead-letter store's move to memory (withDeadLetterFallback in src/queue/dead-letter-store.ts): a
 * letter that cannot be put aside in IndexedDB is kept in memory, with one StorageError
 * `dead-letter`; listing and removing use the store in use.
 */
import { expect, it } from 'vitest';
import type { StorageError } from '../../../src/errors/index.js';
import { createMemoryDeadLetterStore, withDeadLetterFallback, type DeadLetter, type DeadLetterStore } from '../../../src/queue/index.js';

const letter = (key: string): DeadLetter => ({ key, at: 1, reason: { code: 'service', status: 400, reason: 'Invalid Record' }, entries: [] });

/** An IndexedDB-like store whose writes fail (quota, connection lost). */
function refusing(): DeadLetterStore & { lists: number } {
  const inner = createMemoryDeadLetterStore();
  const store = {
    lists: 0,
    add: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    list: () => (store.lists++, inner.list()),
    remove: (keys: readonly string[]) => inner.remove(keys),
  };
  return store;
}

it('keeps letters in the store it was given while it works', async () => {
  const inner = createMemoryDeadLetterStore();
  const heard: StorageError[] = [];
  const letters = withDeadLetterFallback(inner, (e) => heard.push(e));
  await letters.add(letter('a'));
  expect((await inner.list()).map((l) => l.key)).toEqual(['a']);
  await letters.remove(['a']);
  expect(await inner.list()).toEqual([]);
  expect(heard).toEqual([]);
});

it('a letter IndexedDB refuses goes to memory, with one StorageError dead-letter; later ones follow it there', async () => {
  const idb = refusing();
  const heard: StorageError[] = [];
  const letters = withDeadLetterFallback(idb, (e) => heard.push(e));
  await letters.add(letter('a'));
  await letters.add(letter('b'));
  expect((await letters.list()).map((l) => l.key)).toEqual(['a', 'b']);
  expect(idb.lists).toBe(0); // listing reads the memory store now
  await letters.remove(['a']);
  expect((await letters.list()).map((l) => l.key)).toEqual(['b']);
  expect(heard.map((e) => [e.code, e.operation])).toEqual([['storage', 'dead-letter']]);
  expect(heard[0]!.message).toMatch(/QuotaExceededError/);
});

it('a failed list or remove is the caller’s: rejected as the store rejected it, and no move', async () => {
  const broken = new Error('gone');
  const heard: StorageError[] = [];
  const letters = withDeadLetterFallback(
    { add: async () => undefined, list: () => Promise.reject(broken), remove: () => Promise.reject(broken) },
    (e) => heard.push(e),
  );
  await expect(letters.list()).rejects.toBe(broken);
  await expect(letters.remove(['a'])).rejects.toBe(broken);
  expect(heard).toEqual([]);
});
