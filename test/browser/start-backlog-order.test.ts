/**
 * A page that opens over an earlier page's backlog and tracks at once (its automatic login, a
 * record of its first frame): the backlog goes first, in order per kind; the new records after it.
 */
import { afterEach, expect, it } from 'vitest';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `start-order-${crypto.randomUUID().slice(0, 8)}`;
afterEach(() => clearNamespace(namespace));

it('the backlog an earlier page left goes before what the new page tracks at start', async () => {
  const earlier = storedClient(namespace, () => {
    throw new Error('offline');
  });
  for (let i = 0; i < 3000; i++) earlier.track('players_login', { app_version: `old-${i}` });
  await earlier.shutdown();

  const bodies: Array<Record<string, Array<{ app_version?: string | null }>>> = [];
  const next = storedClient(namespace, (body) => void bodies.push(body as never), { autoLogin: 'session', flushIntervalMs: 10_000, appVersion: 'new' });
  next.track('players_login', { app_version: 'first-frame' });
  await expect.poll(() => bodies.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await next.flush();
  const logins = bodies.flatMap((b) => b.players_login ?? []).map((r) => r.app_version);
  expect(logins.slice(0, 3000)).toEqual(Array.from({ length: 3000 }, (_, i) => `old-${i}`));
  expect(logins.slice(3000).sort()).toEqual(['first-frame', 'new']);
  await next.shutdown();
});
