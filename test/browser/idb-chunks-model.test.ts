/**
 * The chunk layout (src/queue/idb-chunks.ts) under random operations in real Chromium: appends
 * from three tabs with interleaving keys, large records, restores, removals and reads, checked
 * after each one against the memory store (the same contract) and the layout's invariants.
 */
import { createStore, entries as idbEntries, setMany } from 'idb-keyval';
import { mulberry32 as rng } from '../../demo/service/faults.js';
import { expect, it } from 'vitest';
import { createIndexedDbStore, createMemoryStore, type StoredEntry } from '../../src/queue/index.js';
import { CHUNK_BYTES, CHUNK_RECORDS, entriesOf } from '../../src/queue/idb-chunks.js';

const mk = (counter: number, tab: string, pad: number): StoredEntry => {
  const record = { event_timestamp: 1, c: counter, tab, pad: 'x'.repeat(pad) };
  return { key: `${counter.toString(36).padStart(11, '0')}:${tab}`, objectName: 'players_login', record, enqueuedAt: 1, bytes: JSON.stringify(record).length };
};

async function layout(name: string) {
  const all = await idbEntries(createStore(name, 'entries'));
  const meta = all.find(([k]) => k === '!meta')?.[1] as { count: number; bytes: number } | undefined;
  const values = all.filter(([k]) => !(k as string).startsWith('!')).map(([k, v]) => ({ key: k as string, entries: entriesOf(k as string, v) }));
  return { meta, values };
}

for (const seed of Array.from({ length: 16 }, (_, i) => i + 1)) {
  it(`random appends from 3 tabs, restores, removes and reads agree with the memory store (seed ${seed})`, async () => {
    const r = rng(seed);
    const name = `tp-test-${crypto.randomUUID()}`;
    const idb = createIndexedDbStore(name);
    const mem = createMemoryStore();
    const tabs = ['a', 'b', 'c'];
    const next: Record<string, number> = { a: 1000, b: 1000, c: 1000 };
    const all: StoredEntry[] = [];
    if (seed % 2 === 0) {
      // Values of the layout before chunks, one per record, keys interleaving with what comes.
      const legacy = Array.from({ length: 300 }, (_, i) => mk(1000 + i * 7, ['a', 'b', 'c'][i % 3]!, 10));
      await setMany(legacy.map(({ key, ...value }) => [key, value]), createStore(name, 'entries'));
      await mem.append(legacy);
      all.push(...legacy);
    }
    for (let step = 0; step < 80; step++) {
      const op = r();
      if (op < 0.45) {
        const tab = tabs[Math.floor(r() * 3)]!;
        const n = r() < 0.2 ? 1 + Math.floor(r() * 1200) : 1 + Math.floor(r() * 30);
        const pad = r() < 0.15 ? 20_000 + Math.floor(r() * 60_000) : Math.floor(r() * 50);
        const batch: StoredEntry[] = [];
        for (let i = 0; i < n; i++) batch.push(mk((next[tab]! += 1 + Math.floor(r() * 3)), tab, pad));
        all.push(...batch);
        await idb.append(batch);
        await mem.append(batch);
      } else if (op < 0.55 && all.length > 0) {
        // A rescued copy written back: some of the entries, maybe stored, maybe removed.
        const pick = all.filter(() => r() < 0.05).slice(0, 300);
        await idb.restore(pick);
        await mem.restore(pick);
      } else if (op < 0.85) {
        const stored = await mem.read(100_000);
        if (stored.length === 0) continue;
        const kind = r();
        let refs: StoredEntry[];
        if (kind < 0.5) {
          const start = Math.floor(r() * stored.length);
          refs = stored.slice(start, start + 1 + Math.floor(r() * 2500));
        } else refs = stored.filter(() => r() < 0.3);
        await idb.remove(refs);
        await mem.remove(refs);
      } else {
        const stored = await mem.read(100_000);
        const limit = 1 + Math.floor(r() * 2100);
        const afterKind = r();
        const after =
          afterKind < 0.3 || stored.length === 0
            ? undefined
            : afterKind < 0.7
              ? stored[Math.floor(r() * stored.length)]!.key
              : `${(1000 + Math.floor(r() * 4000)).toString(36).padStart(11, '0')}:b`; // maybe between keys
        expect((await idb.read(limit, after)).map((e) => e.key), `read(${limit}, ${after}) at step ${step}`).toEqual((await mem.read(limit, after)).map((e) => e.key));
      }
      // Invariants after every step.
      const { meta, values } = await layout(name);
      const keys = values.flatMap((v) => v.entries.map((e) => e.key));
      expect(keys, `order at step ${step}`).toEqual([...keys].sort());
      expect(new Set(keys).size).toBe(keys.length);
      for (const v of values) {
        expect(v.key).toBe(v.entries[0]!.key);
        expect(v.entries.length).toBeLessThanOrEqual(CHUNK_RECORDS);
        expect(v.entries.slice(1).reduce((n, e) => n + e.bytes!, 0)).toBeLessThanOrEqual(CHUNK_BYTES);
      }
      const memKeys = (await mem.read(100_000)).map((e) => e.key);
      expect(keys, `content at step ${step}`).toEqual(memKeys);
      expect(meta === undefined ? await idb.count() : meta.count, `meta count at step ${step}`).toBe(memKeys.length);
      expect(meta === undefined ? await idb.bytes() : meta.bytes, `meta bytes at step ${step}`).toBe(await mem.bytes());
      expect(await idb.lastKey()).toBe(await mem.lastKey());
    }
  }, 120_000);
}
