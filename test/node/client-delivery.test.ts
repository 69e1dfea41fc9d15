/**
 * The SDK client in Node (memory storage, no DOM) against the reference service over real HTTP.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient, isTpError, type TpClient } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
const client = (overrides: Partial<Parameters<typeof createClient>[0]> = {}): TpClient =>
  createClient({ baseUrl: service.current.baseUrl, ...AUTH, flushIntervalMs: 0, autoLogin: false, region: 'KR', deviceId: 'dev-1', ...overrides });
const uploads = async () => (await (await fetch(`${service.current.origin}/_tp/uploads`)).json()) as Array<{ seq: number; content_type: string; body: Record<string, unknown[]> }>;

describe('track → flush → the service holds the records', () => {
  it('enriches, validates, gzips and delivers every kind, in order within each kind', async () => {
    const tp = client({ playerSlug: 'p-deliver' });
    expect(tp.track('players_join', {})).toBe(true);
    expect(tp.track('players_login', { app_version: '1.2.3' })).toBe(true);
    for (let i = 0; i < 3; i++) {
      tp.track('characters_purchases', {
        character_slug: 'c-1',
        purchasable_slug: `item-${i}`,
        purchase_quantity: 1,
        purchase_unit_price: 0.99,
        purchase_total_price: 0.99,
        purchase_currency_code: 'USD',
      });
    }
    tp.track('players_characters_get', {
      character_slug: 'c-1',
      characterarchetype_slug: 'knight',
      reference_entity: 'join',
      reference_category_slug: 'JOIN',
      reference_slug: 'JOIN',
    });
    tp.track('characters_stages', { character_slug: 'c-1', stage_slug: 's-1' });
    expect(tp.stats().queued).toBe(7);

    const result = await tp.flush();
    expect(result).toEqual({ records: 7, batches: 1, deadLettered: 0 });
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 7, batches: 1, storage: 'memory' });

    const [login] = await received(service.current, 'players_login');
    expect(login).toMatchObject({ player_slug: 'p-deliver', device_unique_id: 'dev-1', region: 'KR', is_tp_debug_mode: 0, sdk_version: '2021.4', app_version: '1.2.3' });
    expect(login!.device_info).toMatch(/^[^|]+\|\|[^|]+\|\|[^|]+$/);
    expect(Math.abs((login!.event_timestamp as number) - Date.now() / 1000)).toBeLessThan(5);
    const purchases = (await received(service.current, 'characters_purchases')).filter((r) => r.player_slug === 'p-deliver');
    expect(purchases.map((r) => r.purchasable_slug)).toEqual(['item-0', 'item-1', 'item-2']);
    expect((await uploads()).at(-1)!.content_type).toBe('application/octet-stream');
    await tp.shutdown();
  });

  it('what the service decoded with Node’s zlib equals, record for record, what the SDK sent', async () => {
    const tp = client({ playerSlug: 'p-equal' });
    const sent: Array<Record<string, unknown>> = [];
    tp.on('upload', (info) => sent.push(...info.entries.map((e) => ({ [e.objectName]: e.record }))));
    tp.track('players_login', {});
    tp.track('characters_purchases', {
      character_slug: 'c-1',
      purchasable_slug: '황금 검 ✨',
      purchase_quantity: 2.5,
      purchase_unit_price: 1.25,
      purchase_total_price: 3.125,
      purchase_currency_code: 'KRW',
      is_ad_remove: true,
    });
    tp.track('players_offers', { offer_id: 9, message_status: 'interact', message_detail: '<color=#FF0000>x</color>' });
    await tp.flush();
    const held = (await received(service.current)).filter((r) => r.player_slug === 'p-equal');
    expect(sent).toHaveLength(3);
    expect(held).toEqual(sent.map((one) => Object.values(one)[0]));
  });

  it('the queue event fires once for a task of tracking, not once per record', async () => {
    const tp = client({ playerSlug: 'p-queue-event' });
    const seen: number[] = [];
    tp.on('queue', (e) => seen.push(e.queued));
    for (let i = 0; i < 100; i++) tp.track('characters_stages', { character_slug: 'c-1', stage_slug: `s-${i}` });
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual([100]);
    await tp.flush();
    expect(seen.at(-1)).toBe(0);
  });

  it("compression: 'none' sends application/json", async () => {
    const tp = client({ playerSlug: 'p-json', compression: 'none' });
    tp.track('players_login', {});
    await tp.flush();
    expect((await uploads()).at(-1)!.content_type).toBe('application/json');
  });

  it('splits a large queue into batches of maxBatchRecords, oldest first', async () => {
    const tp = client({ playerSlug: 'p-batches', maxBatchRecords: 50 });
    for (let i = 0; i < 120; i++) tp.track('characters_stages', { character_slug: 'c-1', stage_slug: `s-${i}`, n: i });
    const before = (await uploads()).length;
    expect(await tp.flush()).toEqual({ records: 120, batches: 3, deadLettered: 0 });
    const mine = (await uploads()).slice(before);
    expect(mine.map((u) => u.body.characters_stages!.length)).toEqual([50, 50, 20]);
    const order = (await received(service.current, 'characters_stages')).filter((r) => r.player_slug === 'p-batches').map((r) => r.n);
    expect(order).toEqual([...Array(120).keys()]);
  });

  it('by default sends up to 2,000 records a request: 4,500 go in three', async () => {
    const tp = client({ playerSlug: 'p-default-batches' });
    for (let i = 0; i < 4500; i++) tp.track('characters_stages', { character_slug: 'c-1', stage_slug: `s-${i}`, n: i });
    const before = (await uploads()).length;
    expect(await tp.flush()).toEqual({ records: 4500, batches: 3, deadLettered: 0 });
    expect((await uploads()).slice(before).map((u) => u.body.characters_stages!.length)).toEqual([2000, 2000, 500]);
  });

  it('an invalid record is rejected with its path, and the valid records around it are delivered', async () => {
    const tp = client({ playerSlug: 'p-invalid' });
    const invalid: string[] = [];
    tp.on('invalid', (e) => invalid.push(`${e.objectName} ${e.issues[0]!.path}: ${e.issues[0]!.message}`));
    tp.track('players_offers', { offer_id: 1, message_status: 'impress' });
    expect(tp.track('players_offers', { offer_id: 2, message_status: 'seen' as 'open' })).toBe(false);
    tp.track('players_offers', { offer_id: 3, message_status: 'open' });
    await tp.flush();
    expect(invalid).toEqual(['players_offers message_status: must be one of impress, open, dismiss, interact']);
    expect(tp.stats().invalid).toBe(1);
    const ids = (await received(service.current, 'players_offers')).filter((r) => r.player_slug === 'p-invalid').map((r) => r.offer_id);
    expect(ids).toEqual([1, 3]);
  });

  it('in debug mode an invalid record throws a ValidationError', () => {
    const tp = client({ playerSlug: 'p-debug', debug: true });
    expect(() => tp.track('characters_purchases', { purchase_quantity: 'one' } as never)).toThrowError(/Invalid characters_purchases record/);
  });
});

describe('nothing leaves the queue without a 200', () => {
  it('403 Invalid TPClientKey: flush rejects with a typed error, the records stay, a new key delivers them', async () => {
    const tp = client({ playerSlug: 'p-key', clientKey: 'revoked-key' });
    tp.track('players_login', {});
    tp.track('players_login', {});
    const error = await tp.flush().catch((e: unknown) => e);
    expect(isTpError(error, 'service')).toBe(true);
    expect(error).toMatchObject({ name: 'ServiceError', status: 403, reason: 'Invalid TPClientKey', retryable: false, endpoint: 'logs' });
    expect(tp.stats().queued).toBe(2);
    tp.setClientKey(AUTH.clientKey);
    expect(await tp.flush()).toEqual({ records: 2, batches: 1, deadLettered: 0 });
    expect(tp.stats().queued).toBe(0);
  });

  it('no answer at all: NetworkError, records kept', async () => {
    const tp = client({ playerSlug: 'p-down', baseUrl: 'http://127.0.0.1:9/v2021.4/web' });
    tp.track('players_login', {});
    await expect(tp.flush()).rejects.toMatchObject({ name: 'NetworkError', code: 'network', retryable: true });
    expect(tp.stats().queued).toBe(1);
  });

  it('a 200 that is not the success envelope is not a delivery', async () => {
    const server = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>It works!</h1>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const tp = client({ playerSlug: 'p-proxy', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2021.4/web` });
      tp.track('players_login', {});
      await expect(tp.flush()).rejects.toMatchObject({ name: 'ProtocolError', code: 'protocol' });
      expect(tp.stats()).toMatchObject({ queued: 1, delivered: 0 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A gateway that answers every request HTTP 200, with `envelope` as the body. */
  async function gateway(envelope: object, run: (baseUrl: string, requests: () => number) => Promise<void>): Promise<void> {
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(envelope)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2021.4/web`, () => requests);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('a 200 whose envelope says 400 Invalid Body is read as that row: the records are dead-lettered, not resent forever', async () => {
    await gateway({ status: 400, reason: 'Invalid Body' }, async (baseUrl, requests) => {
      const tp = client({ playerSlug: 'p-gateway', baseUrl });
      tp.track('players_login', {});
      tp.track('players_login', {});
      await expect(tp.flush()).resolves.toEqual({ records: 0, batches: 0, deadLettered: 2 });
      expect(tp.stats()).toMatchObject({ queued: 0, delivered: 0, deadLettered: 2 });
      expect(requests()).toBe(1); // Invalid Body refuses the request as a whole: not halved, not resent
      expect((await tp.deadLetters.list()).flatMap((l) => l.entries)).toHaveLength(2);
    });
  });

  it('a 200 whose envelope says 503 is a retryable ServiceError; records stay queued', async () => {
    await gateway({ status: 503, reason: 'Service Unavailable' }, async (baseUrl) => {
      const tp = client({ playerSlug: 'p-gateway-503', baseUrl });
      tp.track('players_login', {});
      await expect(tp.flush()).rejects.toMatchObject({ name: 'ServiceError', status: 503, reason: 'Service Unavailable', retryable: true });
      expect(tp.stats()).toMatchObject({ queued: 1, delivered: 0 });
    });
  });

  it('flush with nothing queued resolves at once', async () => {
    expect(await client({ playerSlug: 'p-empty' }).flush()).toEqual({ records: 0, batches: 0, deadLettered: 0 });
  });
});
