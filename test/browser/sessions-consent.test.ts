/**
 * Sessions and consent in Chromium, on real localStorage and Web Locks: consent
 * withdrawn and granted again carries the game's session on, tells the game so again (it heard
 * the session end), and sends no second login.
 */
import { afterEach, expect, it } from 'vitest';
import type { Session, SessionEndEvent } from '../../src/index.js';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `sessions-consent-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await clearNamespace(namespace);
});

it('pending then granted: session:end (consent), then session:start for the session carried on; one login', async () => {
  let logins = 0;
  const tp = storedClient(namespace, (body) => void (logins += (body.players_login ?? []).length), { autoLogin: 'session' });
  const starts: Session[] = [];
  const ends: SessionEndEvent[] = [];
  tp.on('session:start', (s) => void starts.push(s));
  tp.on('session:end', (e) => void ends.push(e));
  await expect.poll(() => starts.length).toBe(1);
  const first = tp.session!;
  tp.setConsent('pending');
  expect(tp.session).toBeUndefined();
  tp.setConsent('granted');
  await expect.poll(() => tp.session).toEqual(first);
  await expect.poll(() => starts.length).toBe(2);
  expect(starts).toEqual([first, first]);
  expect(ends).toEqual([{ session: first, reason: 'consent' }]);
  await expect.poll(() => tp.stats().leader).toBe(true);
  await new Promise((r) => setTimeout(r, 100)); // the login is decided under the lock
  await tp.flush();
  expect(logins).toBe(1);
  await tp.shutdown();
});
