/**
 * Consent races in happy-dom on memory storage: a record tracked while
 * `forget()` runs, two `forget()` calls overlapping, and records queued in memory when consent
 * goes back to pending.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, type ClientOptions, type DroppedEvent, type TpClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const DEVICE_KEY = 'tp-web-sdk:default:device-id';
type Body = Record<string, Array<Record<string, unknown>>>;

afterEach(() => localStorage.clear());

function client(options: Partial<ClientOptions>, bodies: Body[]): TpClient {
  return createClient({
    ...memoryClientOptions(async (_url, init) => {
      if (init?.body) bodies.push(JSON.parse(String(init.body)) as Body);
      return okEnvelope([]);
    }),
    compression: 'none',
    ...options,
  });
}
const sent = (bodies: Body[]): Array<Record<string, unknown>> => bodies.flatMap((b) => b.players_login ?? []);
const droppedOf = (tp: TpClient): DroppedEvent[] => {
  const seen: DroppedEvent[] = [];
  tp.on('dropped', (e) => void seen.push(e));
  return seen;
};

it('a record tracked right after forget() is called is kept (held while it erases), under the new device id', async () => {
  const bodies: Body[] = [];
  const tp = client({}, bodies);
  const dropped = droppedOf(tp);
  const before = localStorage.getItem(DEVICE_KEY);
  const forgetting = tp.forget();
  expect(tp.track('players_login', { app_version: 'after' })).toBe(true);
  await forgetting;
  await tp.flush();
  expect(dropped).toEqual([]);
  expect(sent(bodies).map((r) => r.app_version)).toEqual(['after']);
  expect(sent(bodies)[0]!.device_unique_id).not.toBe(before);
  await tp.shutdown();
});

it('forget() while forget() runs: a record tracked between them is reported if not kept, and the storage stays closed until the second ends', async () => {
  const bodies: Body[] = [];
  const tp = client({}, bodies);
  const dropped = droppedOf(tp);
  const first = tp.forget();
  const second = tp.forget();
  await first;
  expect(tp.track('players_login', { app_version: 'between' })).toBe(true);
  await second;
  tp.track('players_login', { app_version: 'after' });
  await tp.flush();
  const versions = sent(bodies).map((r) => r.app_version);
  // Not lost in silence: sent, or dropped with reason forget (the second forget() erased it).
  expect(versions.filter((v) => v === 'between').length + dropped.filter((e) => e.reason === 'forget').length).toBe(1);
  expect(versions).toContain('after');
  for (const r of sent(bodies)) expect(r.device_unique_id).toBe(localStorage.getItem(DEVICE_KEY));
  await tp.shutdown();
});

// Without IndexedDB, the stores in memory outlive a consented half: what the retired half had
// queued is sent once consent is granted again, never lost without a `dropped` event.
it('memory storage: records queued before consent goes back to pending are sent once it is granted again', async () => {
  const bodies: Body[] = [];
  const tp = client({}, bodies);
  const dropped = droppedOf(tp);
  tp.track('players_login', { app_version: 'a' });
  tp.setConsent('pending');
  tp.track('players_login', { app_version: 'b' });
  await new Promise((r) => setTimeout(r, 20));
  tp.setConsent('granted');
  await tp.flush();
  expect(dropped).toEqual([]);
  expect(sent(bodies).map((r) => r.app_version)).toEqual(['a', 'b']);
  await tp.shutdown();
});

it('where the browser denies IndexedDB (a sandboxed iframe), forget() resolves and a denied start reports no error: nothing was stored', async () => {
  const denied = (): never => {
    throw new DOMException('access to the Indexed Database API is denied in this context', 'SecurityError');
  };
  const g = globalThis as { indexedDB?: unknown };
  const had = Object.getOwnPropertyDescriptor(g, 'indexedDB');
  Object.defineProperty(g, 'indexedDB', { configurable: true, value: { open: denied, deleteDatabase: denied, databases: async () => denied() } });
  try {
    const errors: unknown[] = [];
    const start = client({ consent: 'denied' }, []);
    start.on('error', (e) => void errors.push(e));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual([]);
    await start.shutdown();
    const tp = client({}, []);
    await expect(tp.forget()).resolves.toBeUndefined();
    await tp.shutdown();
  } finally {
    if (had) Object.defineProperty(g, 'indexedDB', had);
    else delete g.indexedDB;
  }
});

it('denied then granted in one task (an identity reset): the records tracked after arrive, under a new device id', async () => {
  const bodies: Body[] = [];
  const tp = client({}, bodies);
  tp.track('players_login', { app_version: 'before' });
  await tp.flush();
  const before = localStorage.getItem(DEVICE_KEY);
  tp.setConsent('denied');
  tp.setConsent('granted');
  for (let i = 0; i < 20; i++) tp.track('players_login', { app_version: `after-${i}` });
  await new Promise((r) => setTimeout(r, 50));
  await tp.flush();
  const after = sent(bodies).filter((r) => String(r.app_version).startsWith('after'));
  expect(after.map((r) => r.app_version)).toEqual(Array.from({ length: 20 }, (_, i) => `after-${i}`));
  expect(new Set(after.map((r) => r.device_unique_id))).toEqual(new Set([localStorage.getItem(DEVICE_KEY)]));
  expect(localStorage.getItem(DEVICE_KEY)).not.toBe(before);
  await tp.shutdown();
});

it('forget() not awaited, then 20 records tracked in the same task: all 20 arrive', async () => {
  const bodies: Body[] = [];
  const tp = client({}, bodies);
  const forgetting = tp.forget();
  for (let i = 0; i < 20; i++) tp.track('players_login', { app_version: `r-${i}` });
  await forgetting;
  await tp.flush();
  expect(sent(bodies).map((r) => r.app_version)).toEqual(Array.from({ length: 20 }, (_, i) => `r-${i}`));
  await tp.shutdown();
});
