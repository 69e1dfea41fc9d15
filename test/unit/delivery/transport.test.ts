/**
 * What the transport reads from an answer that is not a success: the reason, and `Retry-After`
 * measured in the service's time; and how it asks for offers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Transport } from '../../../src/delivery/index.js';
import type { ServiceError } from '../../../src/errors/index.js';

const transport = (headers: Record<string, string>) =>
  new Transport({
    baseUrl: 'https://tp.example.com/v2021.4/web',
    fetch: async () => new Response(JSON.stringify({ status: 503, reason: 'Service Unavailable' }), { status: 503, headers }),
    credentials: () => ({ clientKey: 'k', authMode: 'client' }),
    timeoutMs: 1000,
    offersPlayerParam: 'player_slug',
  });
const body = { body: new Uint8Array([1]), bytes: 1, contentType: 'application/octet-stream' } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('Transport', () => {
  it('measures a Retry-After date from the answer’s Date, not from a device clock an hour fast', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-22T13:00:00Z')); // the device: one hour ahead of the service
    const answer = { Date: 'Sun, 22 Nov 2026 12:00:00 GMT', 'Retry-After': 'Sun, 22 Nov 2026 12:00:30 GMT' };
    const error = (await transport(answer).postLogs(body).catch((e: unknown) => e)) as ServiceError;
    expect([error.status, error.retryAfterMs]).toEqual([503, 30_000]);
    // Without a readable Date (not exposed through CORS), the device clock is all there is.
    const blind = (await transport({ 'Retry-After': 'Sun, 22 Nov 2026 13:00:30 GMT' }).postLogs(body).catch((e: unknown) => e)) as ServiceError;
    expect(blind.retryAfterMs).toBe(30_000);
  });

  it('asks for offers past the browser’s HTTP cache: a campaign started or paused shows at the next refresh (research: in-app messaging item 5)', async () => {
    const asked: RequestInit[] = [];
    const offers = new Transport({
      baseUrl: 'https://tp.example.com/v2021.4/web',
      fetch: async (_url, init) => {
        asked.push(init!);
        return new Response(JSON.stringify({ status: 200, reason: 'OK', data: [] }));
      },
      credentials: () => ({ clientKey: 'k', authMode: 'client' }),
      timeoutMs: 1000,
      offersPlayerParam: 'player_slug',
    });
    await offers.getOffers('p-1');
    expect(asked.map((init) => [init.method, init.cache])).toEqual([['GET', 'no-store']]);
  });
});
