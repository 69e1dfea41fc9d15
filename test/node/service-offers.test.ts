/**
 * The reference service's GET /offers and POST /offers (first-open), over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { decodeOffer } from '../../src/offers/index.js';
import { AUTH, useService } from '../support/service.js';

const service = useService();
const headers = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' };

async function getOffers(player: string) {
  const response = await fetch(`${service.current.baseUrl}/offers?player_slug=${player}`, { headers });
  return (await response.json()) as { status: number; reason: string; data: Array<Record<string, unknown>> };
}

function firstOpen(offerId: number | string, player: string, openedAt: string, extra: Record<string, string> = {}) {
  return fetch(`${service.current.baseUrl}/offers`, {
    method: 'POST',
    headers: { ...headers, TPOfferId: String(offerId), TPPlayerId: player, TPOpenedAt: openedAt, ...extra },
  });
}

describe('GET /offers', () => {
  it('answers the envelope with the player’s offers, newest first, each decodable', async () => {
    const envelope = await getOffers('p-offers');
    expect(envelope).toMatchObject({ status: 200, reason: 'OK' });
    expect(envelope.data.length).toBeGreaterThanOrEqual(2);
    const times = envelope.data.map((o) => o.create_datetime as string);
    expect(times).toEqual([...times].sort().reverse());
    const kinds = envelope.data.map((raw) => {
      const decoded = decodeOffer(raw);
      if (!decoded.ok) throw decoded.error;
      return decoded.offer.kind;
    });
    expect(new Set(kinds)).toEqual(new Set(['ai', 'personalized']));
    expect(envelope.data.every((o) => o.player_slug === 'p-offers' && o.first_opened_at === null)).toBe(true);
    expect(JSON.stringify(envelope.data)).toContain('<color=#');
  });

  it('gives the same offers again (seeded once per player)', async () => {
    const a = await getOffers('p-same');
    const b = await getOffers('p-same');
    expect(b.data.map((o) => o.offer_id)).toEqual(a.data.map((o) => o.offer_id));
  });
});

describe('POST /offers (first-open update)', () => {
  it('sets first_opened_at to TPOpenedAt once; a later update does not move it', async () => {
    const [offer] = (await getOffers('p-open')).data;
    const first = await firstOpen(offer!.offer_id as number, 'p-open', '2026-01-02 03:04:05');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 200, reason: 'OK', data: { offer_id: offer!.offer_id, first_opened_at: '2026-01-02 03:04:05' } });
    await firstOpen(offer!.offer_id as number, 'p-open', '2026-02-02 00:00:00');
    const again = (await getOffers('p-open')).data.find((o) => o.offer_id === offer!.offer_id);
    expect(again!.first_opened_at).toBe('2026-01-02 03:04:05');
  });

  it.each([
    [{ TPOfferId: 'abc' }, 400, 'Invalid TPOfferId'],
    [{ TPOpenedAt: 'yesterday' }, 400, 'Invalid TPOpenedAt'],
    // Past year 9999 once in UTC: a regression would accept it and store it changed
    // (`+010000-01-01 00:00`, five days earlier).
    [{ TPOpenedAt: '9999-12-31 23:59:59-00:01' }, 400, 'Invalid TPOpenedAt'],
    [{ TPOpenedAt: '2026-01-02 03:04:05+99:99' }, 400, 'Invalid TPOpenedAt'],
    [{ TPPlayerId: '' }, 400, 'Invalid TPPlayerId'], // a bad request, not an unknown offer (404)
    [{ TPPlayerId: 'someone-else' }, 404, 'Offer Not Found'],
    [{ TPClientKey: 'wrong' }, 403, 'Invalid TPClientKey'],
  ])('rejects %o with %i %s', async (override, status, reason) => {
    const [offer] = (await getOffers('p-bad')).data;
    const response = await firstOpen(offer!.offer_id as number, 'p-bad', '2026-01-02 03:04:05', override);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ status, reason });
  });
});

describe('offer-achievement metric', () => {
  it('counts every reaction per offer, and interact per impress, in the view', async () => {
    const [offer] = (await getOffers('p-metric')).data as Array<{ offer_id: number }>;
    const reaction = (message_status: string) => ({ player_slug: 'p-metric', offer_id: offer!.offer_id, message_status, event_timestamp: 1_767_225_600 });
    const upload = (records: unknown[]) =>
      fetch(`${service.current.baseUrl}/logs`, { method: 'POST', headers, body: JSON.stringify({ players_offers: records }) });
    const metric = async () =>
      ((await (await fetch(`${service.current.origin}/_tp/offers?player_slug=p-metric`)).json()) as Array<{ offer_id: number; achievement: unknown }>).find(
        (o) => o.offer_id === offer!.offer_id,
      )!.achievement;
    expect(await metric()).toEqual({ impress: 0, open: 0, dismiss: 0, interact: 0, interact_per_impress: null });
    expect((await upload([reaction('impress'), reaction('open'), reaction('dismiss')])).status).toBe(200);
    expect((await upload([reaction('open'), reaction('interact')])).status).toBe(200);
    expect(await metric()).toEqual({ impress: 1, open: 2, dismiss: 1, interact: 1, interact_per_impress: 1 });
  });
});
