/**
 * The reference service's view page (`/_tp/`) in Chromium, with many players: its form narrows it
 * to one player and one kind (and says so in the address, to share or reload), a player or kind in
 * a row narrows it in one click, records come before offers, and records read as pretty-printed
 * JSON.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../support/service.js';
import { useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const PLAYERS = ['view-a', 'view-b', 'view-c'];
const auth = { 'Content-Type': 'application/json', TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };

beforeAll(async () => {
  const { baseUrl } = harness.stack.service;
  for (const [i, player] of PLAYERS.entries()) {
    const body = {
      players_login: [{ player_slug: player, device_unique_id: 'd', device_info: 'a||b||c', region: 'KR', is_tp_debug_mode: 1, event_timestamp: 1_767_225_600 + i, app_version: null, sdk_version: '2021.4' }],
      players_offers: [{ player_slug: player, offer_id: 7, message_status: 'impress', event_timestamp: 1_767_225_700 + i }],
    };
    expect((await fetch(`${baseUrl}/logs`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).status).toBe(200);
    expect((await fetch(`${baseUrl}/offers?player_slug=${player}`, { headers: auth })).status).toBe(200);
  }
});

/** The rows of the page's records and offers tables, once both have loaded. */
async function tables(page: Page): Promise<{ records: Array<{ kind: string; player: string; json: string }>; offerPlayers: string[] }> {
  await page.waitForFunction(() => document.querySelector('#records-count')!.textContent && document.querySelector('#offers-count')!.textContent);
  return page.evaluate(() => ({
    records: [...document.querySelectorAll('#records tbody tr')].map((tr) => ({
      kind: tr.children[1]!.textContent!,
      player: tr.children[2]!.textContent!,
      json: tr.querySelector('pre')!.textContent!,
    })),
    offerPlayers: [...document.querySelectorAll('#offers tbody tr')].map((tr) => tr.children[1]!.textContent!),
  }));
}

describe('the service view page', () => {
  it('unfiltered: every player, records first, each record as pretty-printed JSON', async () => {
    const page = await harness.page();
    await page.goto(`${harness.stack.service.origin}/_tp/`);
    const { records, offerPlayers } = await tables(page);
    expect(new Set(records.map((r) => r.player))).toEqual(new Set(PLAYERS));
    expect(new Set(offerPlayers)).toEqual(new Set(PLAYERS));
    expect(records[0]!.json).toBe(JSON.stringify(JSON.parse(records[0]!.json), null, 2));
    const headings = await page.locator('h2').allInnerTexts();
    expect(headings.map((h) => h.split(' ')[0])).toEqual(['Records', 'Offers']);
  });

  it('the form narrows to one player and one kind, in the address too', async () => {
    const page = await harness.page();
    await page.goto(`${harness.stack.service.origin}/_tp/`);
    await page.fill('input[name="player_slug"]', 'view-b');
    await page.selectOption('select[name="object"]', 'players_login');
    await page.click('form button');
    await page.waitForURL(/\?player_slug=view-b&object=players_login$/);
    const { records, offerPlayers } = await tables(page);
    expect(records.map((r) => [r.kind, r.player])).toEqual([['players_login', 'view-b']]);
    expect(offerPlayers.length).toBeGreaterThan(0);
    expect(new Set(offerPlayers)).toEqual(new Set(['view-b']));
    expect(await page.inputValue('input[name="player_slug"]')).toBe('view-b');
    expect(await page.inputValue('select[name="object"]')).toBe('players_login');
    expect(await page.locator('#records-json').getAttribute('href')).toBe('records?object=players_login&player_slug=view-b');
  });

  it('a player or a kind in a row narrows the view to it, keeping the other filter', async () => {
    const page = await harness.page();
    await page.goto(`${harness.stack.service.origin}/_tp/?object=players_offers`);
    expect(new Set((await tables(page)).records.map((r) => r.kind))).toEqual(new Set(['players_offers']));
    await page.locator('#records tbody tr', { hasText: 'view-c' }).locator('a', { hasText: 'view-c' }).click();
    await page.waitForURL(/\?object=players_offers&player_slug=view-c$/);
    expect((await tables(page)).records.map((r) => [r.kind, r.player])).toEqual([['players_offers', 'view-c']]);
  });
});
