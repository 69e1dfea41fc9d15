/**
 * Odd values stored at entry keys (a browser bug, another script, an
 * older version) are put aside like `{garbage: true}` is, and do not break the queue.
 */
import { createStore, setMany } from 'idb-keyval';
import { expect, it } from 'vitest';
import { storedClient } from '../support/stored-client.js';

const valid = (i: number) => ({
  objectName: 'players_offers',
  record: { player_slug: 'p', offer_id: i, message_status: 'impress', event_timestamp: 1_767_225_600 },
  enqueuedAt: 1,
});

const odd: Array<[string, unknown]> = [
  ['{entries: []}', { entries: [] }],
  ['{entries: "x"}', { entries: 'x' }],
  ['{entries: [null]}', { entries: [null] }],
  ['{entries: [{}]}', { entries: [{}] }],
  ['{entries: [7]}', { entries: [7] }],
];

for (const [label, value] of odd) {
  it(`puts ${label} aside and delivers the valid records around it, staying on IndexedDB`, async () => {
    const namespace = `odd-${crypto.randomUUID().slice(0, 8)}`;
    await setMany(
      [
        ['00000000001:old', valid(1)],
        ['00000000002:old', value],
        ['00000000003:old', valid(3)],
      ],
      createStore(`tp-web-sdk/${namespace}/queue`, 'entries'),
    );
    const sent: number[] = [];
    const tp = storedClient(namespace, (body) => sent.push(...body.players_offers!.map((r) => (r as { offer_id: number }).offer_id)));
    const errors: string[] = [];
    tp.on('error', (e) => errors.push(`${e.name}: ${e.message}`));
    const result = await Promise.race([tp.flush(), new Promise((r) => setTimeout(() => r('flush hung'), 5000))]);
    const stats = tp.stats();
    await Promise.race([tp.shutdown(), new Promise((r) => setTimeout(r, 2000))]);
    expect({ result, sent, storage: stats.storage, queued: stats.queued, errors: errors.filter((m) => !/corrupt/.test(m)) }).toEqual({
      result: { records: 2, batches: 1, deadLettered: 1 },
      sent: [1, 3],
      storage: 'indexeddb',
      queued: 0,
      errors: [],
    });
  });
}
