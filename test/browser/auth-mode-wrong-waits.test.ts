/**
 * A game shipped with a wrong `authMode`: the service refuses every request (400 `Invalid
 * TPAuthMode`). Uploads pause and the records wait in the queue (none goes to the dead-letter
 * store); the fixed build (same service, same key, the right `authMode`) finds them in the same
 * queue, since `authMode` does not name the stored data, and delivers them by itself. Real
 * Chromium, real IndexedDB.
 */
import { expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

it('records refused for a wrong authMode wait, and the client with the right one delivers them', async () => {
  const accepted: string[] = [];
  const baseUrl = `https://auth-${crypto.randomUUID().slice(0, 8)}.example/v2021.4/web`;
  const game = (authMode: string) =>
    createClient({
      baseUrl,
      clientKey: 'key',
      authMode,
      playerSlug: 'p',
      flushIntervalMs: 0,
      autoLogin: false, // only the game's records in the queue
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
  const paused: string[] = [];
  wrong.on('paused', (e) => paused.push(e.reason));
  wrong.on('error', () => undefined); // shutdown()'s last upload is refused too (paused)
  for (const stage of ['s1', 's2', 's3']) wrong.track('characters_stages', { character_slug: 'c', stage_slug: stage });
  await expect(wrong.flush()).rejects.toMatchObject({ status: 400, reason: 'Invalid TPAuthMode' });
  expect([paused, wrong.stats().deadLettered, accepted]).toEqual([['invalid-auth-headers'], 0, []]);
  await wrong.shutdown();

  const fixed = game('client');
  try {
    await expect.poll(async () => (await fixed.flush()).records).toBe(3);
    expect(accepted).toEqual(['s1', 's2', 's3']);
    expect(await fixed.deadLetters.list()).toEqual([]);
  } finally {
    await fixed.shutdown();
  }
});
