/**
 * Timer options past what `setTimeout` honours (2^31 − 1 ms, about 24.8 days; a longer delay fires
 * at once), over real HTTP to the reference service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type TpClient } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
const DAYS_30 = 30 * 24 * 3_600_000; // 2,592,000,000 ms
const stage = { character_slug: 'c-1', stage_slug: 's-1' };
let tp: TpClient | undefined;
afterEach(async () => tp?.shutdown());

const client = (overrides: Partial<Parameters<typeof createClient>[0]>): TpClient =>
  (tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, flushIntervalMs: 0, autoLogin: false, region: 'KR', deviceId: 'dev-1', ...overrides }));

describe('timer options of 30 days', () => {
  it('requestTimeoutMs: the request is not aborted at once, and flush() delivers', async () => {
    const tp = client({ playerSlug: 'p-timeout', requestTimeoutMs: DAYS_30 });
    tp.track('characters_stages', stage);
    await expect(tp.flush()).resolves.toEqual({ records: 1, batches: 1, deadLettered: 0 });
  });

  it('flushIntervalMs: the timer does not fire at once; nothing is uploaded within a second', async () => {
    const tp = client({ playerSlug: 'p-interval', flushIntervalMs: DAYS_30, flushAt: 1000 });
    await new Promise((r) => setTimeout(r, 100)); // the upload at start, with nothing queued, is over
    let uploads = 0;
    tp.on('upload', () => void (uploads += 1));
    tp.track('characters_stages', stage);
    await new Promise((r) => setTimeout(r, 1000));
    expect(uploads).toBe(0);
    expect((await received(service.current, 'characters_stages')).filter((r) => r.player_slug === 'p-interval')).toEqual([]);
  });
});
