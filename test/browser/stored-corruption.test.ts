/**
 * Records read back from IndexedDB are checked like new ones: a corrupt entry (written by an old
 * version, a browser bug, another script) goes to the dead-letter store and does not block the
 * queue. Real IndexedDB in Chromium; the service's answers come from an injected fetch.
 */
import { createStore, setMany } from 'idb-keyval';
import { expect, it } from 'vitest';
import { storedClient } from '../support/stored-client.js';

it('puts corrupt stored entries aside and delivers the valid ones around them', async () => {
  const namespace = `corrupt-${crypto.randomUUID().slice(0, 8)}`;
  const queueDb = createStore(`tp-web-sdk/${namespace}/queue`, 'entries');
  const valid = (i: number) => ({
    objectName: 'players_offers',
    record: { player_slug: 'p', offer_id: i, message_status: 'impress', event_timestamp: 1_767_225_600 },
    enqueuedAt: 1,
  });
  await setMany(
    [
      ['00000000001:old', valid(1)],
      ['00000000002:old', { objectName: 'players_offers', record: { ...valid(2).record, offer_id: 'two' }, enqueuedAt: 1 }],
      ['00000000003:old', { garbage: true }],
      ['00000000004:old', valid(4)],
    ],
    queueDb,
  );

  const sent: unknown[] = [];
  const tp = storedClient(namespace, (body) => sent.push(...body.players_offers!));
  const errors: string[] = [];
  tp.on('error', (e) => errors.push(e.message));

  expect(await tp.flush()).toEqual({ records: 2, batches: 1, deadLettered: 2 });
  expect(sent.map((r) => (r as { offer_id: number }).offer_id)).toEqual([1, 4]);
  const letters = await tp.deadLetters.list();
  expect(letters.map((l) => l.reason.code)).toEqual(['corrupt', 'corrupt']);
  expect(letters[0]!.reason.reason).toMatch(/offer_id/);
  expect(letters[1]!.reason.reason).toMatch(/no known object name/);
  expect(errors).toHaveLength(2);
  expect(tp.stats()).toMatchObject({ queued: 0, deadLettered: 2, storage: 'indexeddb' });
  await tp.shutdown();
});
