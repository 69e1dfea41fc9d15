/**
 * The chunk layout with several connections at once, in real Chromium: three append interleaving
 * keys while a fourth reads (with `after`) and removes, as tabs and the uploading tab do.
 */
import { createStore, entries as idbEntries } from 'idb-keyval';
import { expect, it } from 'vitest';
import { createIndexedDbStore, type StoredEntry } from '../../src/queue/index.js';
import { entriesOf } from '../../src/queue/idb-chunks.js';

const mk = (counter: number, tab: string): StoredEntry => {
  const record = { event_timestamp: 1, c: counter, tab };
  return { key: `${counter.toString(36).padStart(11, '0')}:${tab}`, objectName: 'players_login', record, enqueuedAt: 1, bytes: JSON.stringify(record).length };
};

it('three connections append interleaving keys while a fourth reads with after and removes; nothing lost, nothing left twice', async () => {
  const name = `tp-test-${crypto.randomUUID()}`;
  const writers = ['a', 'b', 'c'].map((tab) => ({ tab, store: createIndexedDbStore(name) }));
  const leader = createIndexedDbStore(name);
  const written = new Set<string>();
  const delivered = new Set<string>();
  let counter = 1000;
  const writing = writers.map(async ({ tab, store }) => {
    let c = counter;
    for (let w = 0; w < 40; w++) {
      const n = 1 + ((w * 37) % 700);
      const batch = Array.from({ length: n }, () => mk((c += 1), tab));
      for (const e of batch) written.add(e.key);
      await store.append(batch);
      await new Promise((r) => setTimeout(r, (w * 7) % 5));
    }
  });
  let stop = false;
  const draining = (async () => {
    while (!stop) {
      const head = await leader.read(2000);
      let after: string | undefined = head.at(-1)?.key;
      const more = after === undefined ? [] : await leader.read(1500, after);
      const batch = [...head.slice(0, 1700), ...more.slice(0, 300)].filter((_, i) => i % 3 !== 1);
      for (const e of batch) {
        expect(delivered.has(e.key), `read again after removal: ${e.key}`).toBe(false);
        delivered.add(e.key);
      }
      await leader.remove(batch);
      after = undefined;
      await new Promise((r) => setTimeout(r, 3));
    }
  })();
  await Promise.all(writing);
  stop = true;
  await draining;
  const left = (await leader.read(1_000_000)).map((e) => e.key);
  const all = await idbEntries(createStore(name, 'entries'));
  const raw = all.filter(([k]) => !(k as string).startsWith('!')).flatMap(([k, v]) => entriesOf(k as string, v).map((e) => e.key));
  expect(raw).toEqual([...raw].sort());
  expect(left).toEqual(raw);
  expect(new Set([...left, ...delivered]).size).toBe(written.size);
  expect(left.length + delivered.size).toBe(written.size);
  expect(await leader.count()).toBe(left.length);
}, 120_000);
