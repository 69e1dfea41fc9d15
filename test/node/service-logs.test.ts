/**
 * The reference service's POST /logs, over real HTTP: every row of the spec's error table, the
 * success envelope, gzip (SDK's fflate, decoded by Node's zlib) and JSON bodies, CORS preflight.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/service/faults.js';
import { encodeLogsBody } from '../../src/delivery/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
const logsUrl = () => `${service.current.baseUrl}/logs`;
const auth = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };
const body = new TextEncoder().encode(JSON.stringify({ players_offers: [] }));

async function post(init: RequestInit & { method?: string }) {
  const response = await fetch(logsUrl(), { method: 'POST', ...init });
  return { status: response.status, body: (await response.json()) as { status: number; reason: string; data?: unknown } };
}

describe('POST /logs: the spec’s error table, row by row', () => {
  const rows: Array<[number, string, RequestInit]> = [
    [403, 'Method Not Allowed', { method: 'GET', headers: auth }],
    [403, 'Method Not Allowed', { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body }],
    [400, 'Missing Headers', { body }],
    [400, 'Missing TPAuthMode', { headers: { TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' }, body }],
    [400, 'Invalid TPAuthMode', { headers: { ...auth, TPAuthMode: 'nope', 'Content-Type': 'application/json' }, body }],
    [400, 'Missing TPClientKey', { headers: { TPAuthMode: AUTH.authMode, 'Content-Type': 'application/json' }, body }],
    [403, 'Invalid TPClientKey', { headers: { ...auth, TPClientKey: 'wrong-key', 'Content-Type': 'application/json' }, body }],
    [400, 'Missing Body', { headers: { ...auth, 'Content-Type': 'application/json' } }],
    [400, 'Missing Content-Type', { headers: auth, body }],
    [400, 'Unsupported Content Type', { headers: { ...auth, 'Content-Type': 'text/plain' }, body }],
  ];
  it.each(rows)('%i %s', async (status, reason, init) => {
    const answer = await post(init);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ status, reason });
  });
});

describe('POST /logs: accepted bodies', () => {
  const records = {
    players_login: [
      { player_slug: 'p-1', device_unique_id: 'd', device_info: 'a||b||c', region: 'KR', is_tp_debug_mode: 1, event_timestamp: 1_767_225_600, app_version: null, sdk_version: '2021.4' },
    ],
    players_offers: [
      { player_slug: 'p-1', offer_id: 7, message_status: 'impress', event_timestamp: 1_767_225_601 },
      { player_slug: 'p-1', offer_id: 7, message_status: 'open', message_detail: '황금 검', event_timestamp: 1_767_225_602 },
    ],
  };

  it('a gzip body from the SDK’s encoder: Node’s zlib reads it, and the service holds exactly what was sent', async () => {
    const encoded = encodeLogsBody(records, 'gzip');
    expect(JSON.parse(gunzipSync(encoded.body as Uint8Array).toString('utf8'))).toEqual(records);
    const answer = await post({ headers: { ...auth, 'Content-Type': encoded.contentType }, body: encoded.body as BodyInit });
    expect(answer).toEqual({
      status: 200,
      body: { status: 200, reason: 'OK', data: { default: {}, cache: { cache_players_join: null, cache_players_login: null, cache_characters_purchases: null } } },
    });
    expect(await received(service.current, 'players_offers')).toEqual(records.players_offers);
  });

  it('a plain JSON body, with a charset parameter', async () => {
    const answer = await post({ headers: { ...auth, 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ players_join: [] }) });
    expect(answer.status).toBe(200);
  });

  it('rejects a record that does not match the schemas with 400 and where', async () => {
    const bad = { players_offers: [{ ...records.players_offers[0], event_timestamp: 1_767_225_600_000 }] };
    const answer = await post({ headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(bad) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ reason: 'Invalid Record', errors: [{ object: 'players_offers', index: 0, path: 'event_timestamp' }] });
  });

  it('rejects bytes that are not gzip, and an unknown object name', async () => {
    expect((await post({ headers: { ...auth, 'Content-Type': 'application/octet-stream' }, body })).body.reason).toBe('Invalid Body');
    const unknown = await post({ headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ players_jump: [] }) });
    expect(unknown.body.reason).toBe('Unknown Object');
  });

  it('answers the CORS preflight for the TP* headers from any origin', async () => {
    const response = await fetch(logsUrl(), {
      method: 'OPTIONS',
      headers: { Origin: 'https://game.example.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'tpauthmode,tpclientkey,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('tpclientkey');
    expect(response.headers.get('access-control-expose-headers')).toBe('Date,Retry-After');
    // Cached 10 minutes: the upload made at pagehide usually needs no preflight of its own
    // (docs/decisions.md, "Cross-origin requests and their preflights").
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });
});

describe('POST /logs: a gzip body is read like a JSON one', () => {
  const gzipped = (bytes: Uint8Array): RequestInit => ({ headers: { ...auth, 'Content-Type': 'application/octet-stream' }, body: gzipSync(bytes, { level: 1 }) });
  const json = (bytes: Uint8Array<ArrayBuffer>): RequestInit => ({ headers: { ...auth, 'Content-Type': 'application/json' }, body: bytes });
  /**
   * `{"players_join":[]}` padded with white space to `size` bytes: valid JSON of any size. The four
   * white-space characters in a seeded mix, repeating every 64 KiB (past gzip's 32 KiB window), so
   * that gzip shrinks it about four times only, inside the service's inflate ratio (a run of spaces
   * is a gzip bomb: test/node/service-limits.test.ts).
   */
  const mix = (() => {
    const random = mulberry32(7);
    return Uint8Array.from({ length: 64 * 1024 }, () => [0x20, 0x09, 0x0a, 0x0d][Math.floor(random() * 4)]!);
  })();
  const padded = (size: number) => {
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; at += mix.length) bytes.set(mix.subarray(0, size - at), at);
    bytes.set(new TextEncoder().encode('{"players_join":[]}'));
    return bytes;
  };
  const limit = () => service.current.config.maxBodyBytes;

  it('413 Payload Too Large when it inflates past the limit (the SDK splits a 413, it would dead-letter an Invalid Body)', async () => {
    const answer = await post(gzipped(padded(limit() + 1)));
    expect(answer).toEqual({ status: 413, body: { status: 413, reason: 'Payload Too Large' } });
    expect(answer).toEqual(await post(json(padded(limit() + 1))));
    expect((await post(gzipped(padded(limit())))).status).toBe(200);
  });

  const reaction = { player_slug: 'p', offer_id: 3, message_status: 'open', event_timestamp: 1_767_225_600 };
  const invalidUtf8 = (player: string) => {
    const text = new TextEncoder().encode(JSON.stringify({ players_offers: [{ ...reaction, player_slug: player, message_detail: 'X' }] }));
    text[text.indexOf(0x58)] = 0xff; // the X becomes a byte that is never UTF-8
    return text;
  };

  it.each([
    ['gzip', gzipped, 'p-utf8-gzip'],
    ['JSON', json, 'p-utf8-json'],
  ])('%s: bytes that are not UTF-8 are 400 Invalid Body, and nothing is stored', async (_, as, player) => {
    const answer = await post(as(invalidUtf8(player)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, reason: 'Invalid Body' });
    expect((await received(service.current, 'players_offers')).filter((r) => r.player_slug === player)).toEqual([]);
  });

  it.each([
    ['gzip', gzipped, 'p-bom-gzip'],
    ['JSON', json, 'p-bom-json'],
  ])('%s: a leading byte-order mark is dropped, and the records are stored as sent', async (_, as, player) => {
    const text = new TextEncoder().encode(`\uFEFF${JSON.stringify({ players_offers: [{ ...reaction, player_slug: player }] })}`);
    expect((await post(as(text))).status).toBe(200);
    expect((await received(service.current, 'players_offers')).filter((r) => r.player_slug === player)).toEqual([{ ...reaction, player_slug: player }]);
  });
});
