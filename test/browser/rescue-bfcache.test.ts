/**
 * A page hidden and shown again from the back/forward cache: the copy of its unfinished writes it
 * saved at `pagehide` is forgotten at `pageshow`, since its own writes carry those records again
 * (a later page would otherwise restore records delivered in between: sent twice). Real client,
 * real IndexedDB and localStorage in Chromium.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

const rescues = (): string[] => Object.keys(localStorage).filter((k) => k.includes('/rescue/'));

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  for (const key of rescues()) localStorage.removeItem(key);
});

it('forgets its rescue copy when the page is shown again; the records stay queued, once', async () => {
  const tp = createClient({
    baseUrl: `${location.origin}/rescue-bfcache/v2021.4/web`,
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p',
    namespace: `rescue-${crypto.randomUUID().slice(0, 8)}`,
    flushIntervalMs: 0,
    flushOnHide: false,
  });
  for (let i = 0; i < 50; i++) tp.track('players_login', { app_version: String(i) });
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })); // the writes have not finished
  expect(rescues()).toHaveLength(1);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  expect(rescues()).toEqual([]);
  await expect.poll(() => tp.stats().queued).toBe(50);
  await tp.shutdown();
});
