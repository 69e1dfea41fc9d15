/**
 * The keepalive uploads of a page closing in two steps (hidden, then `pagehide`) share
 * Chromium's 64 KiB keepalive budget: the second gets what the first left, so Chromium refuses
 * neither. Real client, real `fetch` with `keepalive` in Chromium, to the test page's own server
 * (which answers 404: the records stay queued, which does not matter here).
 */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

afterEach(() => {
  // Back to what the test page is.
  Reflect.deleteProperty(document, 'visibilityState');
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
});

it('a page hidden, then closed at once: the second keepalive upload fits what the first left, and Chromium refuses neither', async () => {
  const tp = createClient({
    baseUrl: `${location.origin}/keepalive-budget/v2021.4/web`,
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p',
    storage: 'memory',
    flushIntervalMs: 0,
    compression: 'none',
  });
  const sent: number[] = [];
  tp.on('upload', (u) => sent.push(u.bytes));
  const refused: string[] = [];
  // 404 from the test page's server is a ServiceError; a request the browser refuses is a NetworkError.
  tp.on('error', (e) => e.name === 'NetworkError' && refused.push(e.message));
  await expect.poll(() => tp.stats().leader).toBe(true);
  // Records of about 420 bytes as sent: 60 of them (stored) go when the page is hidden ...
  const track = (from: number, to: number) => {
    for (let i = from; i < to; i++) tp.track('players_login', { app_version: `${i}`.padEnd(200, '.') });
  };
  track(0, 60);
  await new Promise((resolve) => setTimeout(resolve, 50)); // stored: a hidden page sends stored records only
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  // ... and 400 more are tracked before the page is closed, with that upload still in flight.
  track(60, 500);
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  expect(sent).toHaveLength(2);
  expect(sent[0]).toBeLessThan(32 * 1024);
  expect(sent[0]! + sent[1]!).toBeLessThanOrEqual(60 * 1024);
  expect(sent[0]! + sent[1]!).toBeGreaterThan(59 * 1024); // the second took what the first left
  await expect.poll(() => tp.stats().inFlight).toBe(0);
  expect(refused).toEqual([]);
  await tp.shutdown();
});
