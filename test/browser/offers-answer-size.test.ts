/**
 * The size of a GET /offers answer, in Chromium: an answer over `maxOffersBytes` (2 MiB against
 * the default 1 MiB) is cancelled while it streams in, `refresh()` rejects with an `OfferError`
 * `too-large`, and the offers of the refresh before stay; a `Content-Length` over the limit is
 * refused before any byte is read. An answer of about 1 MiB of offers (thousands of them) is
 * decoded and decided in slices: the page's own tasks run between them.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, isTpError, OfferError, type ClientOptions, type TpClient } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions } from '../support/memory-client.js';

const MiB = 1024 * 1024;
const clients: TpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((tp) => tp.shutdown()));
});

/** The success envelope around `count` offers, ids from 1; the test's valid-for-a-day record. */
function offersJson(count: number): string {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const data = Array.from({ length: count }, (_, i) => offerRecord(i + 1, personalizedBody, { create_datetime: now, valid_for: 86_400 }));
  return JSON.stringify({ status: 200, reason: 'OK', data });
}

/** Offers until the envelope is at least `bytes` long (each offer is about 500 bytes). */
function offersJsonOf(bytes: number): string {
  const one = offersJson(1).length;
  return offersJson(Math.ceil(bytes / one));
}

/** A body streamed in 64 KiB chunks; `pulled()` says how many bytes the reader asked for. */
function streamed(text: string): { body: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 65_536));
        at += 65_536;
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => Math.min(at, bytes.length), cancelled: () => cancelled };
}

function client(answer: () => Response, options: Partial<ClientOptions> = {}): TpClient {
  const tp = createClient({
    ...memoryClientOptions(async (url, init) => (init?.method === 'GET' ? answer() : new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} })))),
    ...options,
  });
  clients.push(tp);
  return tp;
}

it('a 2 MiB answer is cancelled as it streams: refresh() rejects with OfferError too-large, the offers before are kept', async () => {
  let next = (): Response => new Response(offersJson(3));
  const tp = client(() => next());
  expect((await tp.offers.refresh()).map((o) => o.offer_id).sort()).toEqual([1, 2, 3]);

  const big = streamed(offersJsonOf(2 * MiB));
  next = () => new Response(big.body);
  const error = await tp.offers.refresh().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfferError);
  expect(isTpError(error, 'offer')).toBe(true);
  expect((error as OfferError).reason).toBe('too-large');
  expect((error as OfferError).message).toMatch(/larger than 1048576 bytes \(maxOffersBytes\)/);
  // Read no further than the limit and a chunk, then cancelled.
  expect(big.pulled()).toBeLessThanOrEqual(MiB + 65_536);
  expect(big.cancelled()).toBe(true);
  expect(tp.offers.list().map((l) => l.offer.offer_id).sort()).toEqual([1, 2, 3]);
});

it('a Content-Length over maxOffersBytes is refused before a byte is read', async () => {
  const body = streamed(offersJson(3));
  const tp = client(() => new Response(body.body, { headers: { 'Content-Length': String(2 * MiB) } }), { maxOffersBytes: 1000 });
  await expect(tp.offers.refresh()).rejects.toMatchObject({ name: 'OfferError', reason: 'too-large' });
  expect(body.pulled()).toBe(0);
});

it('an answer just under maxOffersBytes is read; one byte more is refused', async () => {
  const text = offersJson(2);
  const bytes = new TextEncoder().encode(text).length;
  const exact = client(() => new Response(streamed(text).body), { maxOffersBytes: bytes });
  expect(await exact.offers.refresh()).toHaveLength(2);
  const under = client(() => new Response(streamed(text).body), { maxOffersBytes: bytes - 1 });
  await expect(under.offers.refresh()).rejects.toMatchObject({ reason: 'too-large' });
});

it('about 1 MiB of offers is decoded and decided in slices that give the page its turns', async () => {
  const text = offersJsonOf(MiB - 4096);
  const count = (JSON.parse(text) as { data: unknown[] }).data.length;
  // Most offers are switched off: the refresh then impresses few, and what is measured is the decoding.
  const tp = client(() => new Response(text.replaceAll('"is_offer_active":1', '"is_offer_active":0')));
  // A task of the page's that posts itself again each time it runs: it runs once per turn given.
  let turns = 0;
  let running = true;
  const ping = new MessageChannel();
  ping.port1.onmessage = () => {
    turns += 1;
    if (running) ping.port2.postMessage(0);
  };
  // Every check of the clock is due: a slice per offer, so the count does not hang on this machine's speed.
  const now = performance.now.bind(performance);
  let skew = 0;
  performance.now = () => (skew += 10) + now();
  try {
    ping.port2.postMessage(0);
    await tp.offers.refresh();
  } finally {
    running = false;
    performance.now = now;
    ping.port1.close();
  }
  expect(count).toBeGreaterThan(1000);
  expect(tp.offers.list()).toHaveLength(count);
  // Four passes over the offers, each in slices: decoding, indexing them by id (and the newest
  // creation time), the first opens the service has, the verdicts. In one piece each would give
  // the page a handful of turns (the request, the reads).
  expect(turns).toBeGreaterThanOrEqual(4 * count);
});
