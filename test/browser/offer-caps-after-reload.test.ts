/**
 * The caps of `offerRules` hold across a reload: the opens are kept in IndexedDB (the caps ledger,
 * next to the offer states), so the next page of the same session is capped by the open of the
 * page before. Real client and IndexedDB in Chromium, the service answered by the test.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { clearNamespace, storedOptions } from '../support/stored-client.js';

const ok = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }));
const namespace = `caps-${crypto.randomUUID().slice(0, 8)}`;
afterEach(() => clearNamespace(namespace));

it('an open of showAt caps the next page within minIntervalMs', async () => {
  const offers = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
  const page = () => {
    const ui = createHeadlessAdapter();
    const tp = createClient({
      ...storedOptions(namespace, async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? offers : {})),
      playerSlug: 'p-1', // the player the sample offers are for
      ui,
      offerRules: { sessionGraceMs: 0 },
    });
    return { tp, ui };
  };

  const first = page();
  await first.tp.offers.refresh();
  const shown = first.tp.offers.showAt('game-over');
  await expect.poll(() => first.ui.current?.offerId).toBe(1);
  first.ui.current!.dismiss();
  await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
  await first.tp.shutdown();

  const next = page();
  await next.tp.offers.refresh();
  await expect(next.tp.offers.showAt('game-over')).resolves.toMatchObject({ action: 'skipped', reason: 'capped' });
  expect(next.ui.current).toBeUndefined();
  expect(next.tp.offers.explain('game-over')).toMatchObject({ action: 'skipped', reason: 'capped' });
  await next.tp.shutdown();
});

it('explain on the next page, before any showAt, is capped by the open of the page before', async () => {
  const offers = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
  const page = () =>
    createClient({
      ...storedOptions(namespace, async (url, init) => ok(init?.method === 'GET' && String(url).includes('/offers') ? offers : {})),
      playerSlug: 'p-1',
      ui: createHeadlessAdapter(),
      offerRules: { sessionGraceMs: 0 },
    });

  const first = page();
  await first.offers.refresh();
  await first.offers.report(1, 'open');
  await first.shutdown();

  // No showAt on this page: explain answers from the ledger the client read at start.
  const next = page();
  await next.offers.refresh();
  await expect.poll(() => next.offers.explain('game-over')).toMatchObject({ action: 'skipped', reason: 'capped' });
  await next.shutdown();
});
