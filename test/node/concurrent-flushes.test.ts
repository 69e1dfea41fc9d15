/**
 * Flushes that overlap on a slow network (research list, analytics item 8: parallel flushes sent
 * the same event twice): the game's `flush()` calls and the background uploads of one client
 * never put a record in two requests. Over real HTTP to a scripted service that holds its first
 * answer.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { decodeLogs, startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('three flush() calls and a threshold upload while the first request waits for its answer: every record sent once, in order', async () => {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  server = await startScriptedServer([], undefined, (index) => {
    if (index !== 0) return undefined;
    arrived();
    return held;
  });
  const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 60_000, flushAt: 3, maxBatchRecords: 2 });
  const track = (from: number, to: number) => {
    for (let i = from; i < to; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
  };
  track(0, 2);
  const flushes = [tp.flush()];
  await first; // [0, 1] is on the wire, unanswered
  track(2, 5); // past flushAt: a background upload is asked for too
  flushes.push(tp.flush(), tp.flush());
  track(5, 7);
  flushes.push(tp.flush());
  answer();
  await Promise.all(flushes);

  const sent = server.requests.flatMap((b) => (decodeLogs(b)?.players_offers ?? []).map((r) => (r as { offer_id: number }).offer_id));
  expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(tp.stats()).toMatchObject({ queued: 0, delivered: 7 });
  await tp.shutdown();
});
