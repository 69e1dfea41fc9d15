/**
 * A service down for hours (research list, analytics item 9: events dropped once the retry budget
 * runs out, in an outage the browser's `navigator.onLine` does not see). The SDK has no retry
 * budget: the records stay queued, background uploads go on at most `retry.capMs` apart, and the
 * first one after the service is back delivers them. happy-dom, a memory queue, an injected
 * fetch; fake timers for the backoff schedule.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 23)); // records need a time after 2000
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;

it('six hours of 503: no record dropped or given up, attempts never more than 5 minutes apart; delivered once the service is back, without flush()', async () => {
  let down = true;
  const attempts: number[] = [];
  const sent: string[] = [];
  const tp = createClient({
    ...memoryClientOptions(async (_url, init) => {
      attempts.push(Date.now());
      if (down) return new Response(JSON.stringify({ status: 503, reason: 'Service Unavailable' }), { status: 503 });
      sent.push(...(JSON.parse(init!.body as string) as { players_login: Array<{ app_version: string }> }).players_login.map((r) => r.app_version));
      return okEnvelope({});
    }),
    compression: 'none',
    flushIntervalMs: 10_000, // automatic uploads, default retry policy (capMs 300000)
  });
  const errors: string[] = [];
  const retries: Array<{ attempt: number; delayMs: number | undefined }> = [];
  tp.on('error', (e) => errors.push(e.name));
  tp.on('retry', ({ attempt, delayMs }) => void retries.push({ attempt, delayMs }));
  for (let i = 0; i < 3; i++) tp.track('players_login', { app_version: `v${i}` });

  await vi.advanceTimersByTimeAsync(6 * HOUR);
  const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
  expect(attempts.length).toBeGreaterThanOrEqual(72); // 6 hours / 5 minutes
  expect(Math.max(...gaps)).toBeLessThanOrEqual(300_000);
  // Each failed attempt is a `retry` event, numbered, with its wait; none is an `error` (a game
  // forwarding `error` to its crash reporter would report every 503).
  expect(errors).toEqual([]);
  expect(retries.map((r) => r.attempt)).toEqual(attempts.map((_, i) => i + 1));
  expect(retries.every((r) => r.delayMs !== undefined && r.delayMs > 0 && r.delayMs <= 300_000)).toBe(true);
  expect(tp.stats()).toMatchObject({ queued: 3, delivered: 0, dropped: 0, deadLettered: 0 });

  down = false;
  await vi.advanceTimersByTimeAsync(300_000);
  expect(sent).toEqual(['v0', 'v1', 'v2']);
  expect(tp.stats()).toMatchObject({ queued: 0, delivered: 3, dropped: 0 });
  await tp.shutdown();
});
