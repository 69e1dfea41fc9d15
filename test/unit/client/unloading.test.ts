/**
 * A page being unloaded starts no request but the keepalive upload (happy-dom: `pagehide`,
 * `online`, `pageshow`). In Chromium a closing page can still hear `online` (the e2e first-open
 * test closes a page while offline): the first-open update it then sent reached the service, the
 * page died before the answer, and the next page sent it again.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope as ok } from '../../support/memory-client.js';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

function setup(options: Partial<ClientOptions> = {}) {
  /** `METHOD path` of every request the SDK made, with the unload upload marked `keepalive`. */
  const requests: string[] = [];
  /** The `upload` event announces each POST /logs just before its fetch: true for the unload upload. */
  let unload = false;
  let failFirstOpen = true;
  const fetchImpl: typeof fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input)).pathname.replace(/^.*\//, '/');
    requests.push(`${method} ${path}${method === 'POST' && path === '/logs' && unload ? ' keepalive' : ''}`);
    if (method === 'POST' && path === '/offers' && failFirstOpen) {
      failFirstOpen = false;
      throw new TypeError('Failed to fetch');
    }
    if (method === 'POST' && path === '/offers') return ok({ offer_id: 1, first_opened_at: '2026-01-01 00:00:00' });
    return ok(method === 'GET' ? [offerRecord(1, personalizedBody)] : {});
  };
  const tp = createClient({
    ...memoryClientOptions(fetchImpl),
    // The failed first-open update waits a minute: only `online` or `pageshow` can send it sooner.
    retry: { baseMs: 60_000, capMs: 60_000 },
    ...options,
  });
  tp.on('upload', (info) => (unload = info.keepalive));
  const firstOpens = (): number => requests.filter((r) => r.startsWith('POST /offers')).length;
  return { tp, requests, firstOpens };
}

describe('a page being unloaded', () => {
  it('sends no first-open update after pagehide, even when the browser comes online; the page shown again does', async () => {
    const { tp, requests, firstOpens } = setup();
    tp.on('error', () => undefined); // the first attempt fails: no answer
    await tp.offers.refresh();
    await tp.offers.report(1, 'open');
    await settle();
    expect(firstOpens()).toBe(1);

    dispatchEvent(new Event('pagehide'));
    expect(requests).toContain('POST /logs keepalive'); // the last upload still goes
    dispatchEvent(new Event('online'));
    await settle();
    expect(firstOpens()).toBe(1);

    dispatchEvent(new Event('pageshow')); // back from the back/forward cache
    await settle();
    expect(firstOpens()).toBe(1); // the failed update waits for its retry (a minute) ...
    dispatchEvent(new Event('online')); // ... or for the network to come back
    await settle();
    expect(firstOpens()).toBe(2);
    dispatchEvent(new Event('online'));
    await settle();
    expect(firstOpens()).toBe(2); // sent once, confirmed
    await tp.shutdown();
  });

  it('starts no upload after pagehide when the browser comes online; the page shown again uploads at once', async () => {
    // Automatic uploads on, but the timer never ticks during the test.
    const { tp, requests } = setup({ flushIntervalMs: 3_600_000 });
    const uploads = (): string[] => requests.filter((r) => r.startsWith('POST /logs'));
    await settle(); // the start-up pass finds nothing to upload
    dispatchEvent(new Event('pagehide')); // nothing queued yet: no keepalive upload
    tp.track('players_login', { app_version: '1.2.3' });
    dispatchEvent(new Event('online'));
    await settle();
    expect(uploads()).toEqual([]);

    dispatchEvent(new Event('pageshow'));
    await settle();
    expect(uploads()).toEqual(['POST /logs']);
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 1 });
    await tp.shutdown();
  });

  it('a background upload cut short at pagehide is no error and starts no backoff; the page shown again uploads the rest at once', async () => {
    const uploads: string[] = [];
    let unload = false;
    let answerFirst: (() => void) | undefined;
    const fetchImpl: typeof fetch = async (input) => {
      if (!String(input).endsWith('/logs')) return ok([]);
      uploads.push(unload ? 'keepalive' : 'drain');
      if (uploads.length === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
      return ok({});
    };
    // Automatic uploads at 3 records, one record per batch; the timer never ticks during the test.
    const tp = createClient({ ...memoryClientOptions(fetchImpl), flushIntervalMs: 3_600_000, flushAt: 3, maxBatchRecords: 1, flushOnHide: false, retry: { baseMs: 60_000, capMs: 60_000 } });
    tp.on('upload', (info) => (unload = info.keepalive));
    const errors: unknown[] = [];
    tp.on('error', (e) => errors.push(e));
    for (let i = 0; i < 3; i++) tp.track('players_login', { app_version: `1.2.${i}` });
    await settle();
    expect(uploads).toEqual(['drain']); // the first batch is on the wire

    dispatchEvent(new Event('pagehide'));
    answerFirst!();
    await settle();
    expect(uploads).toEqual(['drain']); // no further batch while the page is being unloaded
    expect(errors).toEqual([]);
    expect(tp.stats()).toMatchObject({ queued: 2, delivered: 1, retried: 0 });

    dispatchEvent(new Event('pageshow')); // back from the back/forward cache: no backoff to wait for
    await settle();
    expect(uploads).toEqual(['drain', 'drain', 'drain']);
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 3 });
    expect(errors).toEqual([]);
    await tp.shutdown();
  });
});
