import { describe, expect, it } from 'vitest';
import { firstEntries } from '../../../src/queue/memory-store.js';
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
