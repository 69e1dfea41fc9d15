/**
 * A game shipped with a wrong `authMode`: the service refuses every request (400 `Invalid
 * TPAuthMode`), so every batch goes to the dead-letter store. The fixed build (same service, same
 * key, the right `authMode`) finds those dead letters and `requeue()` delivers them: `authMode`
 * does not name the stored data. Real Chromium, real IndexedDB.
 */
import { expect, it } from 'vitest';
import { createClient, type QueueEntry } from '../../src/index.js';

it('dead letters of a wrong authMode are found and delivered by the client with the right one', async () => {
  const accepted: string[] = [];
  const baseUrl = `https://auth-${crypto.randomUUID().slice(0, 8)}.example/v2021.4/web`;
  const game = (authMode: string) =>
    createClient({
      baseUrl,
      clientKey: 'key',
      authMode,
      playerSlug: 'p',
      flushIntervalMs: 0,
      compression: 'none',
      fetch: async (_url, init) => {
        if ((init!.headers as Record<string, string>).TPAuthMode !== 'client') {
          return new Response(JSON.stringify({ status: 400, reason: 'Invalid TPAuthMode' }), { status: 400 });
        }
        const body = JSON.parse(init!.body as string) as { characters_stages?: Array<{ stage_slug: string }> };
        accepted.push(...(body.characters_stages ?? []).map((r) => r.stage_slug));
        return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
      },
    });

  const wrong = game('Client');
  wrong.on('error', () => undefined); // each refused batch is also an `error` event
  for (const stage of ['s1', 's2', 's3']) wrong.track('characters_stages', { character_slug: 'c', stage_slug: stage });
  expect(await wrong.flush()).toMatchObject({ records: 0, deadLettered: 3 });
  await wrong.shutdown();

  const fixed = game('client');
  try {
    expect((await fixed.deadLetters.list()).flatMap((l) => (l.entries as QueueEntry[]).map((e) => e.record.stage_slug))).toEqual(['s1', 's2', 's3']);
    expect(await fixed.deadLetters.requeue()).toBe(3);
    await fixed.flush();
    expect(accepted).toEqual(['s1', 's2', 's3']);
    expect(await fixed.deadLetters.list()).toEqual([]);
  } finally {
    await fixed.shutdown();
  }
});
