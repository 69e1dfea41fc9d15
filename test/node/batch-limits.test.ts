/**
 * Batches bounded by count and bytes before and after compression; a 413 splits a batch in halves
 * down to single records, and order holds. Over real HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { decodeLogs, startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (baseUrl: string, options: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl, clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0, ...options });
const ids = (s: ScriptedServer) => s.requests.map((b) => (decodeLogs(b)?.players_offers ?? []).map((r) => (r as { offer_id: number }).offer_id));
const TOO_LARGE = { status: 413, body: { status: 413, reason: 'Payload Too Large' } };

describe('413 Payload Too Large', () => {
  it('splits the batch in halves until the service takes it, keeping order', async () => {
    server = await startScriptedServer([], (records) => ((records?.players_offers?.length ?? 0) > 2 ? TOO_LARGE : undefined));
    const tp = client(server.baseUrl);
    for (let i = 0; i < 7; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
    expect(await tp.flush()).toEqual({ records: 7, batches: 4, deadLettered: 0 });
    expect(ids(server)).toEqual([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3], [0, 1], [2, 3], [4, 5, 6], [4, 5], [6]]);
  });

  it('a single record still too large goes to the dead-letter store; the others are delivered', async () => {
    server = await startScriptedServer([], (records) => (records?.players_offers?.some((r) => (r as { offer_id: number }).offer_id === 1) ? TOO_LARGE : undefined));
    const tp = client(server.baseUrl);
    for (let i = 0; i < 3; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
    expect(await tp.flush()).toEqual({ records: 2, batches: 2, deadLettered: 1 });
    const [letter] = await tp.deadLetters.list();
    expect(letter!.reason).toEqual({ code: 'service', status: 413, reason: 'Payload Too Large' });
  });
});

describe('byte bounds', () => {
  it('before compression: a batch stops at maxBatchBytes', async () => {
    server = await startScriptedServer([]);
    const tp = client(server.baseUrl, { maxBatchBytes: 1000 });
    for (let i = 0; i < 10; i++) tp.track('players_offers', { offer_id: i, message_status: 'interact', message_detail: 'x'.repeat(300) });
    expect((await tp.flush()).batches).toBe(5); // ~390 bytes each: 2 fit in 1000 bytes, 3 do not
    expect(ids(server)).toEqual([[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]);
    for (const body of server.requests) expect(JSON.stringify(decodeLogs(body)).length).toBeLessThanOrEqual(1100);
  });

  it('after compression: an encoded body over maxBatchCompressedBytes is split before it is sent', async () => {
    server = await startScriptedServer([]);
    const tp = client(server.baseUrl, { maxBatchCompressedBytes: 300 });
    const random = () => Math.random().toString(36).slice(2);
    for (let i = 0; i < 16; i++) tp.track('players_offers', { offer_id: i, message_status: 'interact', message_detail: random() + random() + random() });
    const result = await tp.flush();
    expect(result.records).toBe(16);
    expect(result.batches).toBeGreaterThan(1);
    for (const body of server.requests) expect(body.length <= 300 || (decodeLogs(body)?.players_offers?.length ?? 0) === 1).toBe(true);
    expect(ids(server).flat()).toEqual([...Array(16).keys()]);
  });
});

describe('the queue cap', () => {
  it('does not drop records while they are on the wire: none counted dropped and then delivered', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived!: () => void;
    const onWire = new Promise<void>((resolve) => (arrived = resolve));
    server = await startScriptedServer([], undefined, (index) => {
      if (index !== 0) return undefined;
      arrived();
      return answered;
    });
    const tp = client(server.baseUrl, { maxQueueRecords: 5 });
    const dropped: number[] = [];
    tp.on('dropped', (d) => dropped.push(d.records));
    for (let i = 0; i < 5; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
    const first = tp.flush();
    await onWire;
    for (let i = 5; i < 8; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
    await new Promise((resolve) => setTimeout(resolve, 50)); // their write, and the cap's check
    answer();
    await first;
    await tp.flush();
    expect(dropped).toEqual([]);
    expect(tp.stats()).toMatchObject({ delivered: 8, dropped: 0, queued: 0 });
    expect(ids(server).flat()).toEqual([...Array(8).keys()]);
    await tp.shutdown();
  });
});
