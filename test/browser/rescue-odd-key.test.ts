/**
 * A rescued copy in localStorage that holds an entry whose key sorts
 * before the entry keys (not ours, or cut) is left out of the restore (it threw inside an
 * IndexedDB callback, and the queue fell back to memory at every open).
 */
import { expect, it } from 'vitest';
import { storedClient } from '../support/stored-client.js';

const record = (i: number) => ({ player_slug: 'p', offer_id: i, message_status: 'impress', event_timestamp: 1_767_225_600 });

it('a rescue with an odd key does not move the queue to memory, and the valid rescued record is delivered', async () => {
  const namespace = `rk-${crypto.randomUUID().slice(0, 8)}`;
  const valid = { key: '0000000000a:gone', objectName: 'players_offers', record: record(1), enqueuedAt: 1, bytes: 80 };
  localStorage.setItem(`tp-web-sdk/${namespace}/rescue/gone`, JSON.stringify([{ key: '', objectName: 'players_offers', record: record(2), enqueuedAt: 1 }, valid]));
  const sent: number[] = [];
  const tp = storedClient(namespace, (body) => sent.push(...body.players_offers!.map((r) => (r as { offer_id: number }).offer_id)));
  const errors: string[] = [];
  tp.on('error', (e) => errors.push(`${e.name}: ${e.message}`));
  await tp.flush().catch(() => undefined);
  const storage = tp.stats().storage;
  await tp.shutdown();
  const left = Object.keys(localStorage).filter((k) => k.startsWith(`tp-web-sdk/${namespace}/rescue/`));
  for (const k of left) localStorage.removeItem(k);
  expect({ storage, errors, sent: sent.includes(1) }).toEqual({ storage: 'indexeddb', errors: [], sent: true });
});
