/**
 * A refresh of a GET /offers answer of about 1 MiB (some 1,700 offers) in Chromium with the CPU
 * slowed 4x (a low-end phone): no task of the page over 50 ms (the Long Tasks API) from the
 * first byte read to the impressions. The whole path runs: the body read in 64 KiB chunks,
 * `JSON.parse`, the device's copy written to IndexedDB, the player's offer states read from it,
 * decoding, the usability verdicts, the order, and the impressions of the new offers with their
 * states, records and events. The player saw most of these offers at an earlier refresh (their
 * states say impressed), as when a game refreshes again.
 */
import { createStore, setMany } from 'idb-keyval';
import { afterEach, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createClient, createHeadlessAdapter, type TpClient } from '../../src/index.js';
import { offerRecord } from '../fixtures/spec-samples.js';

const MiB = 1024 * 1024;
/** The Long Tasks API's own threshold, and the bound: a task over it delays a frame and input. */
const LONG_TASK_MS = 50;
/** Offers the player has not seen yet: impressed by the measured refresh. */
const NEW_OFFERS = 8;

const clients: TpClient[] = [];
afterEach(async () => {
  await cdp().send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await Promise.all(clients.splice(0).map((tp) => tp.shutdown()));
});

/**
 * A personalized offer of the fewest bytes: the more offers in 1 MiB, the more work for the page.
 */
const smallBody = { price: 100, discount_rate: 0.5, discount_price: 50, message_layout: 'h', message: { en: { title: 'x' } } };

/** The success envelope of offers 1..n, as many as `bytes` holds, usable for a day from their first open. */
function offersJsonOf(bytes: number): { text: string; count: number } {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const json = (count: number) =>
    JSON.stringify({ status: 200, reason: 'OK', data: Array.from({ length: count }, (_, i) => offerRecord(i + 1, smallBody, { create_datetime: now, valid_for: 86_400 })) });
  const count = Math.floor(bytes / json(1).length);
  return { text: json(count), count };
}

/** A body as the network gives it: 64 KiB chunks. */
function body(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += 65_536)));
    },
  });
}

/** The longest task over 50 ms while `run` runs, 0 when none; `run`'s result. */
async function longestTask<T>(run: () => Promise<T>): Promise<[number, T]> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  try {
    const result = await run();
    // Entries are delivered after their task: one more turn for the last.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [longest, result];
  } finally {
    observer.disconnect();
  }
}

it('a 1 MiB answer refreshed at 4x CPU throttle makes no task over 50 ms', { timeout: 180_000 }, async () => {
  const { text, count } = offersJsonOf(MiB - 4096);
  const bytes = new TextEncoder().encode(text);
  expect(bytes.length).toBeLessThanOrEqual(MiB);
  const namespace = `ltask-${crypto.randomUUID().slice(0, 8)}`;
  // Impressed at an earlier refresh: all but the newest few.
  const seen = Array.from({ length: count - NEW_OFFERS }, (_, i): [IDBValidKey, unknown] => [
    ['p-1', i + 1],
    { state: 'impressed', impressedAt: Date.now() - 60_000, impressPending: false, opens: 0 },
  ]);
  await setMany(seen, createStore(`tp-web-sdk/${namespace}/offer-states`, 'offers'));

  let answer = (): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data: [] }));
  const tp = createClient({
    baseUrl: 'https://service.invalid/v2021.4/web',
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p-1',
    namespace,
    flushIntervalMs: 0,
    autoLogin: false,
    ui: createHeadlessAdapter(),
    fetch: async (url, init) => (init?.method === 'GET' ? answer() : new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }))),
  });
  clients.push(tp);
  const impressed: number[] = [];
  tp.on('offer:impress', ({ offer }) => void impressed.push(offer.offer_id));
  // The databases open before the measure, as in a game already running.
  await tp.offers.refresh();
  answer = () => new Response(body(bytes));

  await cdp().send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The measure sees a long task: one of 80 ms made on purpose.
  const busyTask = (): Promise<void> =>
    new Promise((resolve) =>
      setTimeout(() => {
        const end = performance.now() + 80;
        while (performance.now() < end);
        resolve();
      }),
    );
  const [busy] = await longestTask(busyTask);
  expect(busy).toBeGreaterThanOrEqual(80);
  // The machine runs other work: a task stretched by it is measured again, twice at most.
  const longest: number[] = [];
  while (longest.length < 3 && !longest.some((ms) => ms <= LONG_TASK_MS)) {
    const [ms, usable] = await longestTask(() => tp.offers.refresh());
    expect(usable).toHaveLength(count);
    longest.push(Math.round(ms));
  }
  expect(Math.min(...longest), `the longest task of each refresh (ms): ${longest.join(', ')}`).toBeLessThanOrEqual(LONG_TASK_MS);
  expect(impressed.sort((a, b) => a - b)).toEqual(Array.from({ length: NEW_OFFERS }, (_, i) => count - NEW_OFFERS + i + 1));
  expect(tp.offers.list()).toHaveLength(count);
});
