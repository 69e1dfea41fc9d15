/**
 * Two games on one origin (a portal serving every game from one host, or a game and its QA
 * mirror), each with its own service and client key, both on the default namespace. Real Chromium,
 * real IndexedDB and Web Locks.
 */
import { expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

interface Sent {
  url: string;
  clientKey: string;
  stages: string[];
}

const game = (baseUrl: string, clientKey: string, sent: Sent[]) =>
  createClient({
    baseUrl,
    clientKey,
    authMode: 'client',
    playerSlug: 'p',
    flushIntervalMs: 0,
    compression: 'none',
    fetch: async (url, init) => {
      const body = JSON.parse(init!.body as string) as { characters_stages?: Array<{ stage_slug: string }> };
      const stages = (body.characters_stages ?? []).map((r) => r.stage_slug);
      sent.push({ url: String(url), clientKey: (init!.headers as Record<string, string>).TPClientKey!, stages });
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
    },
  });

it("each game's records go to its own service with its own client key, though the other game leads", async () => {
  const sent: Sent[] = [];
  const run = crypto.randomUUID().slice(0, 8);
  const a = game(`https://game-a-${run}.example/v2021.4/web`, 'key-a', sent);
  await expect.poll(() => a.stats().leader).toBe(true);
  const b = game(`https://game-b-${run}.example/v2021.4/web`, 'key-b', sent);
  await expect.poll(() => b.stats().leader).toBe(true); // its own queue, its own election
  b.track('characters_stages', { character_slug: 'c', stage_slug: 'tracked-by-b' });
  a.track('characters_stages', { character_slug: 'c', stage_slug: 'tracked-by-a' });
  await Promise.all([a.flush(), b.flush()]);
  await a.shutdown();
  await b.shutdown();
  expect(sent.sort((x, y) => (x.clientKey < y.clientKey ? -1 : 1))).toEqual([
    { url: `https://game-a-${run}.example/v2021.4/web/logs`, clientKey: 'key-a', stages: ['tracked-by-a'] },
    { url: `https://game-b-${run}.example/v2021.4/web/logs`, clientKey: 'key-b', stages: ['tracked-by-b'] },
  ]);
});

it('two tabs of one game (same service and key) share one queue and one uploader', async () => {
  const sent: Sent[] = [];
  const run = crypto.randomUUID().slice(0, 8);
  const first = game(`https://game-${run}.example/v2021.4/web`, 'key', sent);
  await expect.poll(() => first.stats().leader).toBe(true);
  const second = game(`https://game-${run}.example/v2021.4/web`, 'key', sent);
  second.track('characters_stages', { character_slug: 'c', stage_slug: 'from-second-tab' });
  await second.flush();
  expect(second.stats().leader).toBe(false);
  await second.shutdown();
  await first.shutdown();
  expect(sent).toEqual([{ url: `https://game-${run}.example/v2021.4/web/logs`, clientKey: 'key', stages: ['from-second-tab'] }]);
});
