import { afterEach, expect, it } from 'vitest';
import { createLocalRescue, createMemoryStore, RecordQueue, RESCUE_MAX_CHARS, type StoredEntry } from '../../../src/queue/index.js';

const entry = (key: string): StoredEntry => ({ key, objectName: 'players_login', record: { key }, enqueuedAt: 0 });
afterEach(() => localStorage.clear());

it('readAll leaves the copies in localStorage until forget(), which keeps a copy saved again meanwhile', () => {
  const a = createLocalRescue('tp/rescue/', 'tab-a');
  const b = createLocalRescue('tp/rescue/', 'tab-b');
  a.save([entry('1')]);
  b.save([entry('2')]);
  const { items: entries, forget } = createLocalRescue('tp/rescue/', 'tab-n').readAll();
  expect(entries.map((e) => e.key).sort()).toEqual(['1', '2']);
  expect(Object.keys(localStorage).sort()).toEqual(['tp/rescue/tab-a', 'tp/rescue/tab-b']); // a page killed now loses nothing
  a.save([entry('1'), entry('3')]); // tab a unloads again, with a newer copy
  forget();
  expect(Object.keys(localStorage)).toEqual(['tp/rescue/tab-a']);
  expect(createLocalRescue('tp/rescue/', 'tab-n').readAll().items.map((e) => e.key)).toEqual(['1', '3']);
});

it('an unreadable copy (cut off, or not ours) restores nothing and is forgotten; the copies beside it are restored', async () => {
  localStorage.setItem('tp/rescue/tab-0', '[{"key":"0000000000a:tab-0"'); // cut off
  createLocalRescue('tp/rescue/', 'tab-b').save([entry('00000000001:tab-b')]);
  const store = createMemoryStore();
  const queue = new RecordQueue({ store, tabId: 'n', clock: () => Date.now(), onStorageError: () => undefined, rescue: createLocalRescue('tp/rescue/', 'tab-n') });
  await queue.settled();
  expect((await store.read(10)).map((e) => e.key)).toEqual(['00000000001:tab-b']);
  expect(Object.keys(localStorage)).toEqual([]);
});

it('a page whose only rescue copy is unreadable forgets it, so it does not stay for good', async () => {
  localStorage.setItem('tp/rescue/tab-0', 'not json');
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 'n', clock: () => Date.now(), onStorageError: () => undefined, rescue: createLocalRescue('tp/rescue/', 'tab-n') });
  await queue.settled();
  expect(Object.keys(localStorage)).toEqual([]);
});

it('keeps a copy to RESCUE_MAX_CHARS characters: the entries in order while they fit, none past the first that does not', () => {
  const sized = (key: string, chars: number): StoredEntry => {
    const e = entry(key);
    return { ...e, record: { key, pad: 'x'.repeat(chars - JSON.stringify({ ...e, record: { key, pad: '' } }).length) } };
  };
  // Three entries of 60,000 characters, then one that would end one character past the limit, then a small one.
  const entries = [sized('a', 60_000), sized('b', 60_000), sized('c', 60_000)];
  const used = 1 + entries.reduce((n, e) => n + JSON.stringify(e).length + 1, 0);
  const rescue = createLocalRescue('tp/rescue/', 'tab-a');

  rescue.save([...entries, sized('d', RESCUE_MAX_CHARS - used), entry('e')]);
  const copy = localStorage.getItem('tp/rescue/tab-a')!;
  expect((JSON.parse(copy) as StoredEntry[]).map((e) => e.key)).toEqual(['a', 'b', 'c']);

  rescue.save([...entries, sized('d', RESCUE_MAX_CHARS - used - 1)]); // ends exactly at the limit
  expect(localStorage.getItem('tp/rescue/tab-a')!.length).toBe(RESCUE_MAX_CHARS);

  rescue.save([sized('big', RESCUE_MAX_CHARS), entry('e')]); // the first does not fit: no copy at all
  expect(localStorage.getItem('tp/rescue/tab-a')).toBeNull();
});
