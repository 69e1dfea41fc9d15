import { describe, expect, it } from 'vitest';
import { takeBatch } from '../../../src/delivery/index.js';
import type { QueueEntry } from '../../../src/queue/index.js';

const entry = (bytes: number | undefined, i = 0): QueueEntry => ({ objectName: 'players_login', record: { i, pad: 'x'.repeat(10) }, enqueuedAt: 0, bytes });

describe('takeBatch', () => {
  it('stops at the record count', () => {
    expect(takeBatch(Array.from({ length: 10 }, () => entry(10)), { maxRecords: 4, maxBytes: 1e9 })).toHaveLength(4);
  });

  it('stops before the byte bound, keeping order', () => {
    const entries = [entry(400, 0), entry(400, 1), entry(400, 2)];
    expect(takeBatch(entries, { maxRecords: 100, maxBytes: 1000 }).map((e) => e.record.i)).toEqual([0, 1]);
  });

  it('always takes one record, even one larger than the bound', () => {
    expect(takeBatch([entry(5000), entry(1)], { maxRecords: 100, maxBytes: 1000 })).toHaveLength(1);
  });

  it('measures entries stored without a size', () => {
    const unsized = Array.from({ length: 10 }, (_, i) => entry(undefined, i)); // ~30 bytes of JSON each
    expect(takeBatch(unsized, { maxRecords: 100, maxBytes: 100 })).toHaveLength(3);
  });
});
