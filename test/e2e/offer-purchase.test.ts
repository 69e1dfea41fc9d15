/**
 * A Buy through the `purchase` option, on the demo page (its fake store, fake-store.ts) and the
 * reference service: `purchased` gives exactly one `characters_purchases` with the offer's price
 * and the store's currency; `cancelled` and a store that throws give none; a missing currency
 * gives none and a warning; `pending`, a reload, then `settlePurchase` gives exactly one, and a
 * second settle is refused; while the store is open the dialog is gone and nothing is `inert`.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemo, serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

/** The `characters_purchases` records the service received for `player`, each once (an upload sent again while a page unloads repeats its records). */
async function purchases(player: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await serviceUploads(harness.stack)).flatMap((u) => u.body.characters_purchases ?? []).filter((r) => r.player_slug === player);
  return [...new Map(rows.map((r) => [JSON.stringify(r), r])).values()];
}

async function reactions(player: string): Promise<string[]> {
  return (await serviceUploads(harness.stack)).flatMap((u) => u.body.players_offers ?? []).filter((r) => r.player_slug === player).map((r) => String(r.message_status));
}

/** Opens the demo for a new player with the store answering `store`, and presses Buy on the personalized offer. */
async function buy(store: string, extra: Record<string, string> = {}): Promise<{ page: Page; player: string; inertWhileOpen: number }> {
  const player = `e2e-buy-${store}-${randomUUID().slice(0, 8)}`;
  const page = await harness.page();
  await openDemo(page, harness.stack, { player, flushIntervalMs: '300', store, ...extra });
  await expect.poll(() => page.locator('#offers li[data-verdict="usable"][data-kind="personalized"]').count()).toBeGreaterThan(0);
  await page.locator('#offers li[data-verdict="usable"][data-kind="personalized"] button').first().click();
  await page.locator('[data-tp-offer] .buy').first().waitFor();
  const inertWhileOpen = await page.evaluate(() => document.querySelectorAll('[inert]').length);
  await page.locator('[data-tp-offer] .buy').first().click();
  return { page, player, inertWhileOpen };
}

const logText = (page: Page): Promise<string> => page.locator('#log').innerText();

describe('a Buy through the purchase option', () => {
  it('purchased: the dialog is gone and nothing inert while the store is open, then exactly one characters_purchases', async () => {
    const { page, player, inertWhileOpen } = await buy('purchased', { storeDelayMs: '1500' });
    expect(inertWhileOpen).toBeGreaterThan(0); // the open dialog makes the page inert
    await page.waitForSelector('body[data-store="open"]');
    expect(await page.locator('[data-tp-offer]').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    await expect.poll(() => purchases(player), { timeout: 10_000 }).toHaveLength(1);
    expect((await purchases(player))[0]).toMatchObject({
      character_slug: 'knight',
      purchasable_slug: 'gem_pack_100',
      purchase_quantity: 1,
      purchase_unit_price: 6930,
      purchase_total_price: 6930,
      purchase_currency_code: 'KRW',
    });
    expect(await reactions(player)).toContain('interact');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await purchases(player)).toHaveLength(1);
  });

  it.each([['cancelled'], ['throw']])('%s: nothing tracked', async (store) => {
    const { page, player } = await buy(store);
    await expect.poll(() => logText(page)).toMatch(store === 'throw' ? /purchase handler threw/ : /purchase of gem_pack_100 cancelled/);
    await expect.poll(() => reactions(player), { timeout: 10_000 }).toContain('interact');
    expect(await purchases(player)).toEqual([]);
  });

  it('a missing currency: nothing tracked, and a warning naming it', async () => {
    const { page, player } = await buy('no-currency');
    await expect.poll(() => logText(page)).toMatch(/warning: .*no purchase_currency_code/);
    await expect.poll(() => reactions(player), { timeout: 10_000 }).toContain('interact');
    expect(await purchases(player)).toEqual([]);
  });

  it('pending, a reload, then settlePurchase: exactly one record; a second settle is refused', async () => {
    const { page, player } = await buy('pending');
    await expect.poll(() => logText(page)).toMatch(/purchase of gem_pack_100 pending/);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    type Demo = { demo: { tp: import('../../src/index.js').TpClient } };
    const attempts = await page.evaluate(() => (window as unknown as Demo).demo.tp.offers.purchases());
    expect(attempts).toEqual([expect.objectContaining({ productId: 'gem_pack_100', attemptId: expect.any(String) })]);
    const settled = await page.evaluate(async (id) => {
      const { tp } = (window as unknown as Demo).demo;
      const first = await tp.offers.settlePurchase(id, { status: 'purchased', currencyCode: 'KRW' });
      const second = await tp.offers.settlePurchase(id, { status: 'purchased', currencyCode: 'KRW' }).then(
        () => 'settled twice',
        (e: { name: string; reason: string }) => `${e.name}:${e.reason}`,
      );
      await tp.flush();
      return { first, second, left: await tp.offers.purchases() };
    }, attempts[0]!.attemptId);
    expect(settled).toEqual({ first: { result: { status: 'purchased', currencyCode: 'KRW' }, tracked: true }, second: 'OfferError:unknown-purchase', left: [] });
    await expect.poll(() => purchases(player), { timeout: 10_000 }).toHaveLength(1);
    expect((await purchases(player))[0]).toMatchObject({ purchasable_slug: 'gem_pack_100', purchase_unit_price: 6930, purchase_currency_code: 'KRW' });
  });
});
