/**
 * `stats()` after `shutdown()`: the game's listeners are removed, but what the SDK still does
 * afterwards (here `deadLetters.requeue()` past the queue cap) is counted, as it was when the
 * counters were plain variables.
 */
import { expect, it } from 'vitest';
import { createClient } from '../../../src/index.js';
import { memoryClientOptions } from '../../support/memory-client.js';

it('counts a drop that happens after shutdown(), and keeps the order of the stats keys', async () => {
  // Every upload refused for good: the records go to the dead-letter store.
  const refuse: typeof fetch = async () => new Response(JSON.stringify({ status: 400, reason: 'Unsupported Content Type' }), { status: 400 });
  const tp = createClient({ ...memoryClientOptions(refuse), maxQueueRecords: 2 });
  tp.on('error', () => undefined);
  for (const round of [1, 2]) {
    tp.track('players_login', { app_version: `v${round}a` });
    tp.track('players_login', { app_version: `v${round}b` });
    await tp.flush();
  }
  expect(tp.stats()).toMatchObject({ deadLettered: 4, dropped: 0 });
  await tp.shutdown();

  // Four records back into a queue that holds two: two are dropped, with the client shut down.
  expect(await tp.deadLetters.requeue()).toBe(4);
  expect(tp.stats().dropped).toBe(2);
  expect(Object.keys(tp.stats())).toEqual(['queued', 'held', 'inFlight', 'delivered', 'batches', 'relayed', 'retried', 'invalid', 'deadLettered', 'dropped', 'storage', 'stranded', 'leader', 'paused', 'relay']);
});
