/**
 * `forget()` races in Chromium: forget() with another tab in the middle of an upload, and
 * forget() in two tabs at once.
 */
import { afterEach, expect, it } from 'vitest';
import { storedNames } from '../support/full-session.js';
import { clearNamespace, loginVersions, storedClient } from '../support/stored-client.js';

const namespace = `two-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await clearNamespace(namespace);
});

it('another tab forgets while this one uploads: nothing but the flush result reaches the game, and it goes on', async () => {
  let answer: () => void = () => undefined;
  let started = 0;
  const received: string[] = [];
  const b = storedClient(namespace, async (body) => {
    started++;
    if (started === 1) await new Promise<void>((r) => (answer = r));
    received.push(...loginVersions(body));
  }, { maxBatchRecords: 1 });
  const seen: string[] = [];
  for (const e of ['error', 'warning', 'paused', 'dead-letter'] as const) b.on(e, (x: unknown) => void seen.push(`${e} ${String(x)}`));
  await expect.poll(() => b.stats().leader).toBe(true);
  const a = storedClient(namespace, () => undefined);
  for (let i = 0; i < 3; i++) b.track('players_login', { app_version: `x${i}` });
  const flushed = b.flush().then((r) => r, (e: unknown) => e);
  await expect.poll(() => started).toBe(1);
  await a.forget();
  expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
  answer();
  const result = await flushed;
  await new Promise((r) => setTimeout(r, 200));
  expect(seen).toEqual([]);
  // The batch on the wire was accepted; the rest was erased: a result, or a ConsentError.
  if (result instanceof Error) expect(result.name).toBe('ConsentError');
  expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
  b.track('players_login', { app_version: 'after' });
  expect(await b.flush()).toMatchObject({ records: 1 });
  expect(received).toContain('after');
  await a.shutdown();
  await b.shutdown();
}, 15_000);

it('forget() in two tabs at once: both resolve, nothing remains, both go on', async () => {
  const got: string[] = [];
  const a = storedClient(namespace, (body) => void got.push(...loginVersions(body)));
  const b = storedClient(namespace, (body) => void got.push(...loginVersions(body)));
  const seen: string[] = [];
  for (const tp of [a, b]) for (const e of ['error', 'warning'] as const) tp.on(e, (x: unknown) => void seen.push(`${e} ${String(x)}`));
  a.track('players_login', { app_version: 'old-a' });
  b.track('players_login', { app_version: 'old-b' });
  await a.flush().catch(() => undefined);
  a.track('players_login', { app_version: 'queued' });
  await new Promise((r) => setTimeout(r, 50));
  const start = performance.now();
  await Promise.all([a.forget(), b.forget()]);
  expect(performance.now() - start).toBeLessThan(2500);
  expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
  a.track('players_login', { app_version: 'new-a' });
  b.track('players_login', { app_version: 'new-b' });
  await a.flush();
  await b.flush();
  expect(got).toContain('new-a');
  expect(got).toContain('new-b');
  expect(got).not.toContain('queued');
  expect(seen).toEqual([]);
  await a.shutdown();
  await b.shutdown();
}, 15_000);
