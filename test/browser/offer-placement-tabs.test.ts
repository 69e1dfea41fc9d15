/**
 * `showAt` across the tabs of one game: the decision and the reservation of the offer picked are
 * one critical section (a Web Lock, or the IndexedDB lease where there are no locks), so two tabs
 * calling `showAt` in the same task open one offer; a reservation that ends unopened is released,
 * so the next allowed call shows; an offer bought in a session is not picked again after a reload
 * of that session, and `explain()` in a tab brought to the front reads what another tab bought
 * meanwhile. Real clients and IndexedDB in Chromium, two clients of one namespace in one page
 * standing for two tabs, the service answered by the test.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, OfferError, type OfferView, type UiAdapter } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { clearNamespace, storedOptions } from '../support/stored-client.js';

const ok = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }));
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
let namespace = '';
afterEach(() => clearNamespace(namespace));

/** A tab of the game under `namespace` (player `p-1`, no grace), its offers refreshed. */
async function tab(offerRules: Record<string, unknown> = {}, ui: UiAdapter = createHeadlessAdapter()) {
  const tp = createClient({
    ...storedOptions(namespace, async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? OFFERS : {})),
    playerSlug: 'p-1', // the player the sample offers are for
    ui,
    offerRules: { sessionGraceMs: 0, ...offerRules },
  });
  await tp.offers.refresh();
  return tp;
}

/** Two tabs call `showAt` in the same task: exactly one draws an offer, the other is capped. */
async function oneOfTwo(): Promise<void> {
  const [a, b] = [createHeadlessAdapter(), createHeadlessAdapter()];
  const tabs = [await tab({}, a), await tab({}, b)];
  const results = [tabs[0]!.offers.showAt('game-over'), tabs[1]!.offers.showAt('game-over')];
  await expect.poll(() => [a.current, b.current].filter(Boolean).length).toBe(1);
  const skipped = await Promise.race(results);
  expect(skipped).toMatchObject({ action: 'skipped', reason: 'capped' });
  (a.current ?? b.current)!.dismiss();
  const outcomes = await Promise.all(results);
  expect(outcomes.map((o) => o.action).sort()).toEqual(['dismiss', 'skipped']);
  expect([a.drawn, b.drawn].flat().filter((d) => d.op === 'present')).toHaveLength(1);
  await Promise.all(tabs.map((tp) => tp.shutdown()));
}

it('two tabs calling showAt in the same task open exactly one offer (Web Lock)', async () => {
  namespace = `place-${crypto.randomUUID().slice(0, 8)}`;
  await oneOfTwo();
});

it('without Web Locks, the IndexedDB lease: two tabs still open exactly one offer', async () => {
  namespace = `lease-${crypto.randomUUID().slice(0, 8)}`;
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'locks')!;
  Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
  try {
    await oneOfTwo();
  } finally {
    Object.defineProperty(Navigator.prototype, 'locks', original);
  }
});

it('a reservation that ends unopened (closed first, or the adapter failing) lets the next allowed call show', async () => {
  namespace = `release-${crypto.randomUUID().slice(0, 8)}`;
  // Tab A's adapter loads the image until the test ends it; tab B's draws at once.
  let preparing: OfferView | undefined;
  const slow = createHeadlessAdapter({ prepare: (view) => new Promise<void>(() => void (preparing = view)) });
  const failing: UiAdapter = { present: () => { throw new Error('no canvas'); }, close: () => undefined };
  const b = createHeadlessAdapter();
  const [tabA, tabB, tabC] = [await tab({}, slow), await tab({}, b), await tab({}, failing)];

  const first = tabA.offers.showAt('game-over');
  await expect.poll(() => preparing).toBeDefined();
  // A reserved its offer: B is capped while A's image loads.
  await expect(tabB.offers.showAt('game-over')).resolves.toMatchObject({ action: 'skipped', reason: 'capped' });
  preparing!.close();
  await expect(first).resolves.toMatchObject({ action: 'closed' });

  // C's adapter throws: nothing opened, its reservation is released too.
  await expect(tabC.offers.showAt('game-over')).rejects.toSatisfy((error) => error instanceof OfferError && error.reason === 'ui-failed');

  const shown = tabB.offers.showAt('game-over');
  await expect.poll(() => b.current?.offerId).toBe(1);
  b.current!.dismiss();
  await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  await Promise.all([tabA, tabB, tabC].map((tp) => tp.shutdown()));
});

it('offers bought or dismissed in a session are not picked again after reloads of that session', async () => {
  namespace = `bought-${crypto.randomUUID().slice(0, 8)}`;
  const ui = createHeadlessAdapter();
  const first = await tab({ minIntervalMs: 0 }, ui);
  const shown = first.offers.showAt('shop');
  await expect.poll(() => ui.current?.offerId).toBe(1);
  ui.current!.interact();
  await expect(shown).resolves.toMatchObject({ action: 'interact' });
  const session = first.session?.id;
  expect(session).toEqual(expect.any(String));
  await first.shutdown();

  const again = createHeadlessAdapter();
  const next = await tab({ minIntervalMs: 0 }, again);
  expect(next.session?.id).toBe(session);
  const second = next.offers.showAt('shop');
  await expect.poll(() => again.current?.offerId).toBe(2);
  again.current!.dismiss();
  await expect(second).resolves.toMatchObject({ action: 'dismiss', offerId: 2 });
  expect(next.offers.explain('shop')).toMatchObject({ reason: 'no-offer', candidates: [{ offerId: 1, reason: 'bought-this-session' }, { offerId: 2, reason: 'dismissed-this-session' }] });
  await next.shutdown();

  // The dismissal too is the session's, on the page after.
  const last = await tab({ minIntervalMs: 0 }, createHeadlessAdapter());
  expect(last.session?.id).toBe(session);
  await expect(last.offers.showAt('shop')).resolves.toMatchObject({ action: 'skipped', reason: 'no-offer', candidates: [{ offerId: 1, reason: 'bought-this-session' }, { offerId: 2, reason: 'dismissed-this-session' }] });
  await last.shutdown();
});

it('explain in a tab that comes to the front reads what another tab bought meanwhile', async () => {
  namespace = `front-${crypto.randomUUID().slice(0, 8)}`;
  const ui = createHeadlessAdapter();
  const [a, b] = [await tab({ minIntervalMs: 0 }, ui), await tab({ minIntervalMs: 0 })];
  await expect.poll(() => b.offers.explain('game-over')).toMatchObject({ action: 'show', offer: { offer_id: 1 } });
  const shown = a.offers.showAt('game-over');
  await expect.poll(() => ui.current?.offerId).toBe(1);
  ui.current!.interact(ui.current!.products[0]!);
  await expect(shown).resolves.toMatchObject({ action: 'interact' });
  // The player switches to tab B.
  document.dispatchEvent(new Event('visibilitychange'));
  await expect.poll(() => b.offers.explain('game-over').candidates).toContainEqual(expect.objectContaining({ offerId: 1, reason: 'bought-this-session' }));
  await Promise.all([a.shutdown(), b.shutdown()]);
});
