/**
 * A full session of one game in one namespace, on real IndexedDB and localStorage in Chromium:
 * records tracked and flushed, a batch dead-lettered by a 400, offers refreshed and one opened for
 * the first time (its first-open update sent), and a `pagehide` with writes unfinished (the rescue
 * copy). Everything the SDK stores, it has stored once this resolves. The service is answered by
 * the session itself; `requests` lists each request's method and path.
 */
import { expect } from 'vitest';
import { createHeadlessAdapter, type ClientOptions, type TpClient } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { storedClient } from './stored-client.js';

const answer = (status: number, reason: string, data: unknown = {}): Response => new Response(JSON.stringify({ status, reason, data }), { status });

export interface FullSession {
  readonly tp: TpClient;
  /** `GET /offers`, `POST /logs`, … in the order they were made. */
  readonly requests: string[];
}

/** The client of the session (player `p-1`, the headless UI), before anything is done with it. */
export function sessionClient(namespace: string, options: Partial<ClientOptions> = {}): FullSession {
  const requests: string[] = [];
  const tp = storedClient(namespace, () => undefined, {
    playerSlug: 'p-1', // the player of the offer records
    ui: createHeadlessAdapter(),
    fetch: async (url, init) => {
      const path = new URL(String(url)).pathname;
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path.endsWith('/offers')) return answer(200, 'OK', init?.method === 'GET' ? [offerRecord(1, personalizedBody)] : {});
      const body = JSON.parse(init!.body as string) as Record<string, Array<{ app_version?: string }>>;
      if (body.players_login?.some((r) => r.app_version === 'rejected')) return answer(400, 'Invalid Record');
      return answer(200, 'OK');
    },
    ...options,
  });
  tp.on('error', () => undefined); // the dead letter's and the unload's reports
  return { tp, requests };
}

/**
 * Plays the session. It ends with the page unloading (`pagehide`): dispatch `pageshow` with
 * `persisted: true` to bring the test page back.
 */
export async function playFullSession({ tp, requests }: FullSession): Promise<void> {
  await expect.poll(() => tp.stats().leader).toBe(true);

  // Records tracked and delivered.
  tp.track('players_join', {});
  tp.track('players_login', { app_version: 'v1' });
  await tp.flush();

  // A batch the service refuses with a 400: set aside.
  tp.track('players_login', { app_version: 'rejected' });
  await tp.flush().catch(() => undefined);
  await expect.poll(async () => (await tp.deadLetters.list()).length).toBe(1);

  // Offers refreshed, one opened for the first time (the first-open update).
  expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([1]);
  const view = await tp.offers.view(1);
  view.open();
  view.dismiss();
  await view.closed;
  await expect.poll(() => requests.filter((r) => r === 'POST /v2021.4/web/offers').length).toBe(1);

  // The page goes away with writes unfinished: tracked in the same task as `pagehide`.
  for (let i = 0; i < 5; i++) tp.track('players_login', { app_version: `late-${i}` });
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
}

/** The namespace's IndexedDB databases and localStorage keys, now. */
export async function storedNames(namespace: string): Promise<{ databases: string[]; keys: string[] }> {
  return {
    databases: (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(namespace)),
    keys: Object.keys(localStorage).filter((k) => k.includes(namespace)),
  };
}
