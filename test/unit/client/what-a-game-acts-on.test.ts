/**
 * Events and results a game can act on: a transient failure the SDK retries
 * is a `retry` event, not an `error`; `offers.refresh()` makes no request while the browser is
 * offline; `flush()` resolves with what was delivered while it waited. happy-dom, a memory queue
 * and an injected fetch.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const unavailable = (): Response => new Response(JSON.stringify({ status: 503, reason: 'Service Unavailable' }), { status: 503 });

function client(fetchImpl: typeof fetch, options: Partial<ClientOptions> = {}) {
  const tp = createClient({ ...memoryClientOptions(fetchImpl), compression: 'none', ...options });
  const events: string[] = [];
  tp.on('error', (e) => events.push(`error ${e.name}${'status' in e ? ` ${String(e.status)}` : ''}`));
  tp.on('retry', (r) => events.push(`retry ${r.error.name} ${(r.error as { endpoint?: string }).endpoint} #${r.attempt} in ${r.delayMs ?? 'next upload'}`));
  return { tp, events };
}

describe('the retry event', () => {
  it('a background upload answered 503 is a retry (with the attempt and the wait), not an error', async () => {
    vi.useFakeTimers();
    let down = true;
    const { tp, events } = client(async () => (down ? unavailable() : okEnvelope({})), { flushIntervalMs: 10_000, retry: { baseMs: 1000, factor: 1, capMs: 1000 } });
    tp.track('players_login', { region: 'KR' });
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(2_000);
    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.map((e) => e.replace(/in \d+/, 'in N'))).toEqual(events.map((_, i) => `retry ServiceError logs #${i + 1} in N`));
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 1 });
    await tp.shutdown();
  });

  it('a failure the SDK does not retry by itself (404: a wrong baseUrl) is still an error', async () => {
    vi.useFakeTimers();
    const { tp, events } = client(async () => new Response('not found', { status: 404 }), { flushIntervalMs: 10_000 });
    tp.track('players_login', { region: 'KR' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events)).toEqual(new Set(['error ServiceError 404']));
    await tp.shutdown().catch(() => undefined);
  });

  it('a keepalive upload the page saw fail is a retry: its records go with the next upload', async () => {
    let keepalives = 0;
    let unload = false;
    const { tp, events } = client(async () => {
      if (unload) {
        keepalives += 1;
        throw new TypeError('Failed to fetch');
      }
      return okEnvelope({});
    });
    tp.on('upload', (info) => (unload = info.keepalive)); // announced just before its fetch
    tp.track('players_login', { region: 'KR' });
    await expect.poll(() => tp.stats().queued).toBe(1);
    dispatchEvent(new Event('pagehide')); // the page goes into the back/forward cache ...
    dispatchEvent(new Event('pageshow')); // ... and comes back before the answer
    await expect.poll(() => events).toEqual(['retry NetworkError logs #1 in next upload']);
    expect(keepalives).toBe(1);
    expect(await tp.flush()).toMatchObject({ records: 1 });
    await tp.shutdown();
  });

  it('a first-open update answered 503 is a retry', async () => {
    vi.useFakeTimers();
    const { tp, events } = client(
      async (url, init) => {
        if (init?.method === 'POST' && String(url).endsWith('/offers')) return unavailable();
        return okEnvelope(init?.method === 'GET' ? [offerRecord(1, personalizedBody)] : {});
      },
      { flushIntervalMs: 10_000 },
    );
    await tp.offers.refresh();
    await tp.offers.report(1, 'open');
    await vi.advanceTimersByTimeAsync(100);
    // The first retry may already have come and failed too (its wait is random, under 1 s).
    const firstOpens = events.filter((e) => e.includes('first-open')).map((e) => e.replace(/in \d+/, 'in N'));
    expect(firstOpens.length).toBeGreaterThan(0);
    expect(firstOpens).toEqual(firstOpens.map((_, i) => `retry ServiceError first-open #${i + 1} in N`));
    expect(events.some((e) => e.startsWith('error'))).toBe(false);
    await tp.shutdown().catch(() => undefined);
  });
});

describe('offers.refresh() while the browser is offline', () => {
  it('makes no request and serves the device copy at once, with a warning', async () => {
    const requests: string[] = [];
    const { tp } = client(async (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname.replace(/^.*\//, '/')}`);
      return okEnvelope(init?.method === 'GET' ? [offerRecord(1, personalizedBody)] : {});
    });
    const warnings: string[] = [];
    tp.on('warning', (w) => warnings.push(w.message));
    expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([1]);
    requests.length = 0;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([1]);
    expect(requests).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('offline')]);
    await tp.shutdown();
  });
});

describe('flush()', () => {
  it('called while a background upload is on the wire, resolves with what that upload delivered', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let first = true;
    const { tp } = client(
      async () => {
        if (first) {
          first = false;
          await held;
        }
        return okEnvelope({});
      },
      { flushIntervalMs: 60_000, flushAt: 3 },
    );
    for (let i = 0; i < 3; i++) tp.track('players_login', { region: 'KR', app_version: `v${i}` }); // flushAt: a background upload starts
    await expect.poll(() => tp.stats().inFlight).toBe(3);
    const flushed = tp.flush();
    answer();
    expect(await flushed).toEqual({ records: 3, batches: 1, deadLettered: 0 });
    await tp.shutdown();
  });

  it('counts only what was queued before the call', async () => {
    const { tp } = client(async () => okEnvelope({}));
    tp.track('players_login', { region: 'KR' });
    const flushed = tp.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(await flushed).toMatchObject({ records: 1 });
    tp.track('players_login', { region: 'KR' });
    expect(await tp.flush()).toMatchObject({ records: 1, batches: 1 });
    await tp.shutdown();
  });
});
