import { describe, expect, it } from 'vitest';
import { firstEntries, forgetExpired } from '../../../src/queue/memory-store.js';
import { TOMBSTONE_MS } from '../../../src/queue/rescue.js';
import type { StoredEntry } from '../../../src/queue/types.js';

const entry = (key: string): StoredEntry => ({ key, objectName: 'players' as StoredEntry['objectName'], record: {}, enqueuedAt: 0 });
const keys = (entries: StoredEntry[]): string[] => entries.map((e) => e.key);
const all = ['01', '02', '03', '04'].map(entry);

describe('firstEntries (the memory store read)', () => {
  it('takes the first `limit` entries, in their order', () => {
    expect(keys(firstEntries(all, 2, undefined))).toEqual(['01', '02']);
    expect(keys(firstEntries(all, 10, undefined))).toEqual(['01', '02', '03', '04']);
  });

  it('with `after`, only keys strictly greater', () => {
    expect(keys(firstEntries(all, 2, '02'))).toEqual(['03', '04']);
    expect(keys(firstEntries(all, 10, '04'))).toEqual([]);
  });

  it('a limit of 0 reads nothing', () => {
    expect(firstEntries(all, 0, undefined)).toEqual([]);
  });

  it('stops reading once the limit is reached', () => {
    let read = 0;
    function* counted(): Generator<StoredEntry> {
      for (const e of all) {
        read += 1;
        yield e;
      }
    }
    firstEntries(counted(), 1, undefined);
    expect(read).toBe(2);
  });
});

describe('forgetExpired (the memory store tombstones)', () => {
  it('forgets the tombstones older than TOMBSTONE_MS, keeps the rest', () => {
    const now = 10 * TOMBSTONE_MS;
    const removed = new Map([
      ['a', now - TOMBSTONE_MS - 1],
      ['b', now - TOMBSTONE_MS],
      ['c', now],
    ]);
    forgetExpired(removed, now);
    expect([...removed.keys()]).toEqual(['b', 'c']);
  });

  it('stops at the first one kept (insertion order is time order)', () => {
    const now = 10 * TOMBSTONE_MS;
    const removed = new Map([
      ['new', now],
      ['old', 0],
    ]);
    forgetExpired(removed, now);
    expect([...removed.keys()]).toEqual(['new', 'old']);
  });

  it('keeps at most 100,000, forgetting the oldest', () => {
    const removed = new Map<string, number>();
    for (let i = 0; i < 100_002; i++) removed.set(`k${i}`, 1_000);
    forgetExpired(removed, 1_000);
    expect(removed.size).toBe(99_999);
    expect(removed.has('k2')).toBe(false);
    expect(removed.has('k3')).toBe(true);
  });
});
