/**
 * A reservation of `showAt` whose tab went away before `open` (a reload or a closed tab during the
 * image wait, when the removal written at `pagehide` never reaches IndexedDB) does not hold the
 * caps of the other tabs and the next page: the tab holds a Web Lock while its reservation is
 * stored, and a reservation whose lock nobody holds is not counted. A tab still drawing its offer
 * holds the lock, so its reservation keeps capping the others. Real clients, IndexedDB and Web
 * Locks in Chromium, two clients of one namespace in one page standing for two tabs.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, type UiAdapter } from '../../src/index.js';
import { createIndexedDbCapsStore } from '../../src/offers/caps-ledger.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { clearNamespace, storedOptions } from '../support/stored-client.js';

const ok = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }));
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
let namespace = '';
afterEach(() => clearNamespace(namespace));

/** A tab of the game under `namespace` (player `p-1`, no grace, 60 s between opens), its offers refreshed. */
async function tab(ui: UiAdapter = createHeadlessAdapter(), waitMs = 3000) {
  const tp = createClient({
    ...storedOptions(namespace, async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? OFFERS : {})),
    playerSlug: 'p-1', // the player the sample offers are for
    ui,
    offerRules: { sessionGraceMs: 0, minIntervalMs: 60_000, waitMs },
  });
  await tp.offers.refresh();
  return tp;
}

/** The name of the caps ledger's IndexedDB database of `namespace`. */
async function capsDb(): Promise<string> {
  const names = (await indexedDB.databases()).map((db) => db.name ?? '');
  return names.find((name) => name.includes(namespace) && name.endsWith('/offer-caps'))!;
}

it('a reservation left by a tab that went away before open does not cap the next showAt', async () => {
  namespace = `gone-${crypto.randomUUID().slice(0, 8)}`;
  const ui = createHeadlessAdapter();
  const tp = await tab(ui);
  await expect.poll(capsDb).toBeTruthy(); // the ledger's database, opened as the client started
  const db = await capsDb();
  const prefix = db.slice(0, -'/offer-caps'.length);
  const now = Date.now();
  // What a tab that was drawing offer 2 and then went away leaves behind: its lock is free.
  const reservation = { owner: 'gone', offerId: 2, expiresAt: now + 60_000, lock: `${prefix}/offer-caps/reserving/gone` };
  await createIndexedDbCapsStore(db).change(['p-1'], (entry) => ({ ...entry, opens: [{ at: now, sessionId: tp.session!.id, placement: 'game-over', reservation }] }));

  const shown = tp.offers.showAt('game-over');
  await expect.poll(() => ui.current?.offerId).toBe(1);
  ui.current!.dismiss();
  await expect(shown).resolves.toMatchObject({ action: 'dismiss', offerId: 1 });
  await tp.shutdown();
});

it('the reservation of a tab still drawing its offer caps the other tab', async () => {
  namespace = `drawing-${crypto.randomUUID().slice(0, 8)}`;
  // Tab A's image never comes: it waits, its reservation stored, for the whole of waitMs.
  const slow = createHeadlessAdapter({
    prepare: (_view, { signal }) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
  });
  const a = await tab(slow, 10_000);
  const b = await tab();
  const placed = new Promise((resolve) => a.on('offer:placed', resolve));
  const drawing = a.offers.showAt('game-over').catch((error: unknown) => error); // rejects shut-down below
  await placed;
  await expect(b.offers.showAt('game-over')).resolves.toMatchObject({ action: 'skipped', reason: 'capped' });
  await a.shutdown();
  await drawing;
  await b.shutdown();
});
