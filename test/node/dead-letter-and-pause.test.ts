/**
 * Answers the SDK must not loop on or lose data to: a 400 (kept aside in the dead-letter store,
 * the rest flows), a 400 about the credential headers and a 403 Invalid TPClientKey (uploads
 * pause, nothing deleted; a new key resumes).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, isTpError, type DeadLetterInfo, type TpError } from '../../src/index.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const purchase = (i: number) => ({
  character_slug: 'c',
  purchasable_slug: `item-${i}`,
  purchase_quantity: 1,
  purchase_unit_price: 1,
  purchase_total_price: 1,
  purchase_currency_code: 'USD',
});

describe('a 400 answer', () => {
  it('about the whole request: puts that batch in the dead-letter store, fires error and dead-letter, and the rest of the queue flows', async () => {
    server = await startScriptedServer([{ status: 400, body: { status: 400, reason: 'Unsupported Content Type' } }]);
    const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0, maxBatchRecords: 2 });
    const errors: TpError[] = [];
    const letters: DeadLetterInfo[] = [];
    tp.on('error', (e) => errors.push(e));
    tp.on('dead-letter', (info) => letters.push(info));
    for (let i = 0; i < 4; i++) tp.track('characters_purchases', purchase(i));

    expect(await tp.flush()).toEqual({ records: 2, batches: 1, deadLettered: 2 });
    expect(server.requests).toHaveLength(2);
    expect(letters).toEqual([{ records: 2, reason: { code: 'service', status: 400, reason: 'Unsupported Content Type' }, error: errors[0] }]);
    expect(errors[0]).toMatchObject({ name: 'ServiceError', status: 400, reason: 'Unsupported Content Type', retryable: false });
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 2, deadLettered: 2 });

    const [letter] = await tp.deadLetters.list();
    expect(letter!.entries.map((e) => (e as { record: { purchasable_slug: string } }).record.purchasable_slug)).toEqual(['item-0', 'item-1']);

    // Not resent by itself: a later flush sends nothing.
    expect(await tp.flush()).toEqual({ records: 0, batches: 0, deadLettered: 0 });
    expect(server.requests).toHaveLength(2);

    // Requeued (the cause fixed), they are delivered.
    expect(await tp.deadLetters.requeue()).toBe(2);
    expect(await tp.flush()).toEqual({ records: 2, batches: 1, deadLettered: 0 });
    expect(await tp.deadLetters.list()).toEqual([]);
  });

  it('about a record (any other reason): the batch is halved until that record is alone; only it is put aside, its neighbours are delivered', async () => {
    const invalid = { status: 400, body: { status: 400, reason: 'Invalid Record' } };
    const refusesItem5 = (records: Record<string, unknown[]> | undefined) =>
      (records?.characters_purchases ?? []).some((r) => (r as { purchasable_slug: string }).purchasable_slug === 'item-5') ? invalid : undefined;
    server = await startScriptedServer([], refusesItem5);
    const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0 });
    for (let i = 0; i < 8; i++) tp.track('characters_purchases', purchase(i));
    expect(await tp.flush()).toEqual({ records: 7, batches: 3, deadLettered: 1 });
    // 8 → 4 + 4 → [4,5] + [6,7] → [4] + [5]: log2(8) + 1 refused requests to find it.
    expect(server.requests).toHaveLength(7);
    const [letter, ...more] = await tp.deadLetters.list();
    expect(more).toEqual([]);
    expect(letter!.entries.map((e) => (e as { record: { purchasable_slug: string } }).record.purchasable_slug)).toEqual(['item-5']);
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 7, deadLettered: 1 });
  });
});

describe('a 400 about the credential headers (Invalid TPAuthMode)', () => {
  it('pauses uploads like a refused key: nothing goes to the dead-letter store, flush() rejects at once', async () => {
    server = await startScriptedServer([{ status: 400, body: { status: 400, reason: 'Invalid TPAuthMode' } }]);
    const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'k', authMode: 'Client', playerSlug: 'p', flushIntervalMs: 0 });
    const paused: string[] = [];
    tp.on('paused', (e) => paused.push(`${e.reason} ${e.error.status} ${e.error.reason}`));
    for (let i = 0; i < 3; i++) tp.track('characters_purchases', purchase(i));

    const first = await tp.flush().catch((e: unknown) => e);
    expect(isTpError(first, 'service') && first).toMatchObject({ status: 400, reason: 'Invalid TPAuthMode' });
    expect(paused).toEqual(['invalid-auth-headers 400 Invalid TPAuthMode']);
    expect(tp.stats()).toMatchObject({ queued: 3, deadLettered: 0, paused: 'invalid-auth-headers' });
    expect(await tp.deadLetters.list()).toEqual([]);
    // Paused: no request at all, the records stay queued.
    await expect(tp.flush()).rejects.toMatchObject({ reason: 'Invalid TPAuthMode' });
    expect(server.requests).toHaveLength(1);
    await tp.shutdown();
  });
});

describe('a 403 Invalid TPClientKey', () => {
  it('pauses uploads without deleting anything; flush fails at once; setClientKey resumes', async () => {
    server = await startScriptedServer([{ status: 403, body: { status: 403, reason: 'Invalid TPClientKey' } }]);
    const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'revoked', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0 });
    const paused: string[] = [];
    tp.on('paused', (e) => paused.push(`${e.reason} ${e.error.status}`));
    tp.track('characters_purchases', purchase(0));

    const first = await tp.flush().catch((e: unknown) => e);
    expect(paused).toEqual(['invalid-client-key 403']);
    expect(isTpError(first, 'service') && first).toMatchObject({ status: 403, reason: 'Invalid TPClientKey' });
    expect(tp.stats()).toMatchObject({ queued: 1, paused: 'invalid-client-key' });

    const second = await tp.flush().catch((e: unknown) => e);
    expect(second).toBe(first);
    expect(server.requests).toHaveLength(1);

    tp.setClientKey('fresh-key');
    expect(tp.stats().paused).toBeUndefined();
    expect(await tp.flush()).toEqual({ records: 1, batches: 1, deadLettered: 0 });
    expect(server.requests).toHaveLength(2);
  });

  it('answering a key replaced while the request was on the wire, does not pause: the next upload goes with the new key', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived!: () => void;
    const onWire = new Promise<void>((resolve) => (arrived = resolve));
    server = await startScriptedServer([{ status: 403, body: { status: 403, reason: 'Invalid TPClientKey' } }], undefined, (index) => {
      if (index !== 0) return undefined;
      arrived();
      return answered;
    });
    const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'old-key', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0 });
    const paused: string[] = [];
    tp.on('paused', (e) => paused.push(e.reason));
    tp.track('characters_purchases', purchase(0));
    const first = tp.flush().catch((e: unknown) => e);
    await onWire;
    tp.setClientKey('new-key'); // the game rotates the key meanwhile
    answer();
    expect(await first).toMatchObject({ status: 403, retryable: true });
    expect([paused, tp.stats().paused]).toEqual([[], undefined]);
    expect(await tp.flush()).toEqual({ records: 1, batches: 1, deadLettered: 0 });
    expect(server.requests).toHaveLength(2);
  });
});
