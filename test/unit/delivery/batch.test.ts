import { describe, expect, it } from 'vitest';
import { buildLogsBody, encodeLogsBody, takeBatch } from '../../../src/delivery/index.js';
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
    const unsized = Array.from({ length: 10 }, (_, i) => entry(undefined, i)); // 27 bytes of JSON each
    const threeBytes = encodeLogsBody(buildLogsBody(unsized.slice(0, 3)), 'none').bytes;
    expect(takeBatch(unsized, { maxRecords: 100, maxBytes: threeBytes })).toHaveLength(3);
  });

  it('bounds the whole JSON body, names and punctuation included: the largest body that fits, exactly', () => {
    const names = ['players_login', 'characters_login', 'players_offers'] as const;
    const entries: QueueEntry[] = Array.from({ length: 60 }, (_, i) => {
      const record = { i, note: 'é'.repeat(i % 7) }; // two UTF-8 bytes a character
      return { objectName: names[i % 3]!, record, enqueuedAt: 0, bytes: new TextEncoder().encode(JSON.stringify(record)).length };
    });
    const bodyBytes = (n: number): number => encodeLogsBody(buildLogsBody(entries.slice(0, n)), 'none').bytes;
    for (const n of [1, 2, 3, 4, 20, 59]) {
      expect(takeBatch(entries, { maxRecords: 100, maxBytes: bodyBytes(n) })).toHaveLength(n);
      expect(takeBatch(entries, { maxRecords: 100, maxBytes: bodyBytes(n + 1) - 1 })).toHaveLength(n);
    }
  });
});
