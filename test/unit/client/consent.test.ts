/**
 * Consent in happy-dom, on memory storage: what each state keeps, sends and refuses,
 * the moves between them (`setConsent`, the `consent` event), the hold's limit, Global Privacy
 * Control, and `forget()` of the device id. The browser tests (test/browser/consent*.test.ts) check
 * storage and requests in Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  ConsentError,
  createClient,
  OfferError,
  type ClientOptions,
  type ConsentEvent,
  type DroppedEvent,
  type TpClient,
} from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const DEVICE_KEY = 'tp-web-sdk:default:device-id';
type Body = Record<string, Array<Record<string, unknown>>>;

afterEach(() => {
  localStorage.clear();
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

/** A client whose requests are listed in `calls` and whose upload bodies land in `bodies`. */
function consentClient(options: Partial<ClientOptions>, calls: string[] = [], bodies: Body[] = []): TpClient {
  return createClient({
    ...memoryClientOptions(async (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      if (init?.body) bodies.push(JSON.parse(String(init.body)) as Body);
      return okEnvelope([]);
    }),
    compression: 'none',
    ...options,
  });
}

const events = <T>(tp: TpClient, name: 'consent' | 'dropped'): T[] => {
  const seen: T[] = [];
  tp.on(name, ((e: T) => void seen.push(e)) as never);
  return seen;
};
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 20));
const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => 'resolved', (e: unknown) => e);

describe('consent: pending', () => {
  it('holds valid records, makes no request, stores no device id, and refuses flush() and offers', async () => {
    const calls: string[] = [];
    const tp = consentClient({ consent: 'pending', offersAutoRefresh: { onStart: true } }, calls);
    expect(tp.consent).toBe('pending');
    expect(tp.track('players_login', {})).toBe(true);
    expect(tp.track('players_join', {})).toBe(true);
    expect(tp.track('players_login', { app_version: 7 } as never)).toBe(false); // still validated
    expect(tp.stats()).toMatchObject({ held: 2, queued: 2, storage: 'none', inFlight: 0 });
    const flushed = await rejection(tp.flush());
    expect(flushed).toBeInstanceOf(ConsentError);
    expect((flushed as ConsentError).consent).toBe('pending');
    const refused = await rejection(tp.offers.refresh());
    expect(refused instanceof OfferError && refused.reason).toBe('no-consent');
    expect(tp.offers.list()).toEqual([]);
    await settle();
    expect(calls).toEqual([]);
    expect(localStorage.getItem(DEVICE_KEY)).toBeNull();
    await tp.shutdown();
  });

  it('on granted, queues the held records in order with their original timestamps, and says so', async () => {
    const calls: string[] = [];
    const bodies: Body[] = [];
    let now = 1_700_000_000_000;
    const tp = consentClient({ consent: 'pending', now: () => now }, calls, bodies);
    const consent = events<ConsentEvent>(tp, 'consent');
    for (let i = 0; i < 5; i++) {
      tp.track('players_login', { app_version: `v${i}` });
      now += 1000;
    }
    now += 3_600_000;
    tp.setConsent('granted');
    expect(consent).toEqual([{ state: 'granted', source: 'setConsent' }]);
    expect(tp.stats()).toMatchObject({ held: 0, queued: 5, storage: 'memory' });
    await tp.flush();
    const sent = bodies.flatMap((b) => Object.values(b).flat());
    expect(sent.map((r) => r.app_version)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
    expect(sent.map((r) => r.event_timestamp)).toEqual([0, 1, 2, 3, 4].map((i) => 1_700_000_000 + i));
    expect(localStorage.getItem(DEVICE_KEY)).toMatch(/\S/); // kept now
    await tp.shutdown();
  });

  it('holds at most 1,000 records: the oldest go, counted with reason consent', async () => {
    const bodies: Body[] = [];
    const tp = consentClient({ consent: 'pending', maxBatchRecords: 2000 }, [], bodies);
    const dropped = events<DroppedEvent>(tp, 'dropped');
    for (let i = 0; i < 1003; i++) tp.track('players_login', { app_version: `v${i}` });
    expect(tp.stats()).toMatchObject({ held: 1000 });
    await Promise.resolve(); // one event for the task's drops
    expect(tp.stats()).toMatchObject({ held: 1000, dropped: 3 });
    expect(dropped).toEqual([{ records: 3, reason: 'consent' }]);
    tp.setConsent('granted');
    await tp.flush();
    const sent = bodies.flatMap((b) => b.players_login ?? []);
    expect(sent.length).toBe(1000);
    expect(sent[0]!.app_version).toBe('v3');
    await tp.shutdown();
  });

  it('shutdown() lets the held records go, with reason consent', async () => {
    const tp = consentClient({ consent: 'pending' });
    const dropped = events<DroppedEvent>(tp, 'dropped');
    tp.track('players_join', {});
    await tp.shutdown();
    expect(dropped).toEqual([{ records: 1, reason: 'consent' }]);
  });
});

describe('consent: denied', () => {
  it('a withdrawal counts the stored records it erases unsent as dropped (reason consent)', async () => {
    const tp = consentClient({});
    const dropped = events<DroppedEvent>(tp, 'dropped');
    for (let i = 0; i < 4; i++) tp.track('players_join', {});
    tp.setConsent('denied');
    await settle();
    expect(dropped).toEqual([{ records: 4, reason: 'consent' }]);
    expect(tp.stats().dropped).toBe(4);
    await tp.shutdown();
  });

  it('a withdrawal drops what is held, erases the device id, and from then on keeps and sends nothing', async () => {
    const calls: string[] = [];
    const tp = consentClient({}, calls);
    const dropped = events<DroppedEvent>(tp, 'dropped');
    expect(localStorage.getItem(DEVICE_KEY)).toMatch(/\S/);
    tp.setConsent('pending');
    tp.track('players_join', {});
    tp.setConsent('denied');
    expect(tp.consent).toBe('denied');
    expect(dropped).toEqual([{ records: 1, reason: 'consent' }]);
    expect(tp.track('players_join', {})).toBe(false);
    expect(tp.track('players_join', { region: 7 } as never)).toBe(false); // not even checked: no invalid event
    expect(tp.stats()).toMatchObject({ queued: 0, invalid: 0, storage: 'none' });
    expect(await tp.flush()).toEqual({ records: 0, batches: 0, deadLettered: 0 });
    expect((await rejection(tp.offers.refresh())) instanceof OfferError).toBe(true);
    await settle();
    expect(localStorage.getItem(DEVICE_KEY)).toBeNull();
    expect(calls).toEqual([]);
    await tp.shutdown();
  });

  it('a withdrawal during a flush: the batch on the wire ends, no other leaves, flush() rejects with a ConsentError, no error event', async () => {
    const calls: string[] = [];
    let tp: TpClient | undefined;
    tp = createClient({
      ...memoryClientOptions(async (url, init) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
        tp!.setConsent('denied'); // the player withdraws while the first batch is on the wire
        return okEnvelope([]);
      }),
      compression: 'none',
      maxBatchRecords: 1,
    });
    const errors: unknown[] = [];
    tp.on('error', (e) => void errors.push(e));
    for (let i = 0; i < 3; i++) tp.track('players_login', { app_version: `v${i}` });
    const flushed = await rejection(tp.flush());
    expect(flushed).toBeInstanceOf(ConsentError);
    await settle();
    expect(calls).toEqual(['POST /v2021.4/web/logs']);
    expect(errors).toEqual([]);
    expect(tp.stats()).toMatchObject({ delivered: 1, batches: 1 }); // the batch on the wire arrived: counted
    await tp.shutdown();
  });

  it('granted again after denied starts fresh, with a new device id', async () => {
    const bodies: Body[] = [];
    const tp = consentClient({}, [], bodies);
    tp.track('players_login', {});
    await tp.flush();
    tp.setConsent('denied');
    await settle();
    tp.setConsent('granted');
    tp.track('players_login', {});
    await tp.flush();
    const [before, after] = bodies.map((b) => b.players_login![0]!.device_unique_id);
    expect(before).toMatch(/\S/);
    expect(after).toMatch(/\S/);
    expect(after).not.toBe(before);
    expect(localStorage.getItem(DEVICE_KEY)).toBe(after);
    await tp.shutdown();
  });

  it('setConsent with the same state emits nothing; an unknown state throws a ConfigError', async () => {
    const tp = consentClient({});
    const consent = events<ConsentEvent>(tp, 'consent');
    tp.setConsent('granted');
    expect(consent).toEqual([]);
    expect(() => tp.setConsent('yes' as never)).toThrow(ConfigError);
    expect(tp.consent).toBe('granted');
    await tp.shutdown();
  });

  it('an option value that is not a state is refused by createClient', () => {
    expect(() => consentClient({ consent: 'maybe' as never })).toThrow(ConfigError);
  });
});

describe('Global Privacy Control', () => {
  it('with respectGlobalPrivacyControl, a browser sending GPC starts denied and says so', async () => {
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true;
    const calls: string[] = [];
    const tp = consentClient({ respectGlobalPrivacyControl: true, consent: 'granted' }, calls);
    const consent = events<ConsentEvent>(tp, 'consent');
    expect(tp.consent).toBe('denied');
    expect(tp.track('players_login', {})).toBe(false);
    await settle();
    expect(consent).toEqual([{ state: 'denied', source: 'global-privacy-control' }]);
    expect(calls).toEqual([]);
    expect(localStorage.getItem(DEVICE_KEY)).toBeNull();
    await tp.shutdown();
  });

  it('is ignored without the option', async () => {
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true;
    const tp = consentClient({});
    expect(tp.consent).toBe('granted');
    await tp.shutdown();
  });
});

describe('forget()', () => {
  it('erases the device id and drops what is held for a player; later records get a new id', async () => {
    const bodies: Body[] = [];
    const tp = consentClient({ playerSlug: undefined }, [], bodies);
    const dropped = events<DroppedEvent>(tp, 'dropped');
    const before = localStorage.getItem(DEVICE_KEY);
    tp.track('players_join', {}); // waits for a player
    await tp.forget();
    expect(dropped).toEqual([{ records: 1, reason: 'forget' }]);
    expect(localStorage.getItem(DEVICE_KEY)).not.toBe(before);
    tp.identify('p-2');
    tp.track('players_login', {});
    await tp.flush();
    const sent = bodies.flatMap((b) => b.players_login ?? []);
    expect(sent.length).toBe(1);
    expect(sent[0]!.device_unique_id).not.toBe(before);
    expect(sent[0]!.device_unique_id).toBe(localStorage.getItem(DEVICE_KEY));
    await tp.shutdown();
  });
});
