/**
 * The reference service's read-only view, over real HTTP: the page the demo links to is served at
 * `/_tp/`, `/_tp` redirects there, and what the page reads by relative URL answers; with many
 * players, the JSON narrows to one player and one kind, pretty-printed. (The page itself, with its
 * filters, in Chromium: test/e2e/service-view-page.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_NAMES } from '../../src/records/index.js';
import { AUTH, useService } from '../support/service.js';

const service = useService();

const login = (player: string, at: number) => ({
  player_slug: player,
  device_unique_id: 'd',
  device_info: 'a||b||c',
  region: 'KR',
  is_tp_debug_mode: 1,
  event_timestamp: at,
  app_version: null,
  sdk_version: '2021.4',
});
const reaction = (player: string, at: number) => ({ player_slug: player, offer_id: 7, message_status: 'impress', event_timestamp: at });

async function upload(body: Record<string, unknown[]>): Promise<void> {
  const answer = await fetch(`${service.current.baseUrl}/logs`, {
    method: 'POST',
    headers: { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

async function view(path: string): Promise<{ text: string; json: unknown }> {
  const text = await (await fetch(`${service.current.origin}/_tp/${path}`)).text();
  return { text, json: JSON.parse(text) };
}

describe('the read-only view', () => {
  it('serves the page the demo links to (`/_tp/`), and the JSON it reads by relative URL', async () => {
    const page = await fetch(`${service.current.origin}/_tp/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    const html = await page.text();
    for (const relative of ['records', 'offers']) {
      expect(html).toContain(`href="${relative}"`);
      const answer = await fetch(new URL(relative, page.url));
      expect([answer.status, Array.isArray(await answer.json())]).toEqual([200, true]);
    }
  });

  it('redirects `/_tp` to `/_tp/`, where the relative URLs resolve under `/_tp/`', async () => {
    const answer = await fetch(`${service.current.origin}/_tp`, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([301, '/_tp/']);
  });

  it('the page: a filter by player and by kind (every one of the 43 object names), records before offers', async () => {
    const html = await (await fetch(`${service.current.origin}/_tp/`)).text();
    expect(html).toMatch(/<form method="get" action="\.\/">[\s\S]*<input name="player_slug"[\s\S]*<select name="object">/);
    const options = [...html.matchAll(/<option>([a-z_]+)<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(OBJECT_NAMES);
    expect(html.indexOf('<table id="records"')).toBeGreaterThan(0);
    expect(html.indexOf('<table id="records"')).toBeLessThan(html.indexOf('<table id="offers"'));
  });
});

describe('the view with many players', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) {
      await upload({ players_login: [login(`many-${i}`, 1_767_225_600 + i)], players_offers: [reaction(`many-${i}`, 1_767_225_700 + i)] });
    }
    for (const player of ['many-1', 'many-2']) {
      const offers = await fetch(`${service.current.baseUrl}/offers?player_slug=${player}`, { headers: { 'Content-Type': 'application/json', TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey } });
      expect(offers.status).toBe(200);
    }
  });

  it('records?player_slug=P: that player’s records only, of every kind', async () => {
    const { json } = await view('records?player_slug=many-3');
    expect(json).toEqual([
      { seq: expect.any(Number), object: 'players_login', record: login('many-3', 1_767_225_603) },
      { seq: expect.any(Number), object: 'players_offers', record: reaction('many-3', 1_767_225_703) },
    ]);
  });

  it('records?player_slug=P&object=NAME: that player’s records of that kind', async () => {
    const { json } = await view('records?player_slug=many-3&object=players_offers');
    expect(json).toEqual([{ seq: expect.any(Number), object: 'players_offers', record: reaction('many-3', 1_767_225_703) }]);
  });

  it('offers?player_slug=P: that player’s offers only', async () => {
    const all = (await view('offers')).json as Array<{ player_slug: string }>;
    expect(new Set(all.map((o) => o.player_slug))).toEqual(new Set(['many-1', 'many-2']));
    const one = (await view('offers?player_slug=many-2')).json as Array<{ player_slug: string }>;
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((o) => o.player_slug === 'many-2')).toBe(true);
  });

  it.each(['records?player_slug=many-1', 'offers?player_slug=many-1', 'uploads'])('%s: pretty-printed JSON, two spaces a level', async (path) => {
    const { text, json } = await view(path);
    expect(text).toBe(JSON.stringify(json, null, 2));
    expect(text).toContain('\n  ');
  });
});
