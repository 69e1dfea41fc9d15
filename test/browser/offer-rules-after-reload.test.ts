/**
 * Frequency rules that hold across launches (research list, in-app messaging item 2: an "only
 * once" message shown at every launch). An offer's opens and its do-not-show-again tick are kept
 * in IndexedDB with the player's offer states, so the next page decides with them. Real client
 * and IndexedDB in Chromium, the service answered by the test.
 */
import { expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, type OfferView } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';

const ok = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }));

it('an offer opened its valid_open_count times, and one the player hid, stay unusable on the next page', async () => {
  const namespace = `rules-${crypto.randomUUID().slice(0, 8)}`;
  const offers = [offerRecord(1, personalizedBody, { valid_open_count: 1 }), offerRecord(2, personalizedBody)];
  const page = () =>
    createClient({
      baseUrl: 'https://service.invalid/v2021.4/web',
      clientKey: 'k',
      authMode: 'client',
      playerSlug: 'p-1',
      namespace,
      flushIntervalMs: 0,
      ui: createHeadlessAdapter(),
      fetch: async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? offers : {}),
    });
  const end = async (view: OfferView, hide: boolean): Promise<void> => {
    view.open();
    view.setDoNotShowAgain(hide);
    view.dismiss();
    await view.closed;
  };

  const first = page();
  expect((await first.offers.refresh()).map((o) => o.offer_id).sort()).toEqual([1, 2]);
  await end(await first.offers.view(1), false); // its one open
  await end(await first.offers.view(2), true); // "do not show again"
  await first.shutdown();

  const next = page();
  await next.offers.refresh();
  const verdicts = Object.fromEntries(next.offers.list().map((o) => [o.offer.offer_id, o.verdict]));
  expect(verdicts).toEqual({ 1: { usable: false, reason: 'open-count-reached' }, 2: { usable: false, reason: 'hidden-by-player' } });
  await expect(next.offers.show(1)).rejects.toMatchObject({ name: 'OfferError' });
  await next.shutdown();
});
