/**
 * The page side of the frame-budget section of `npm run bench` (bench/frames-suite.ts drives it):
 * a game loop on `requestAnimationFrame`, a `longtask` observer, and the SDK's work that scales
 * with a backlog (the drain, the start with a backlog, the unload upload), `track()` in bursts,
 * and an offer shown through the DOM and the canvas adapters. The CPU throttling is set
 * from outside (CDP), so everything here is measured in wall milliseconds of the throttled page.
 */
import { createCanvasAdapter } from '../../src/canvas.js';
import { createDomAdapter } from '../../src/dom.js';
import { createClient, type OfferTrigger, type TpClient } from '../../src/index.js';
import { DEFAULT_MAX_RECORD_BYTES, enrichRecord, jsonBytes, OBJECT_NAMES, schemaOf, validateRecord } from '../../src/records/index.js';
import { offerRecord, personalizedBody, playersLogin } from '../../test/fixtures/spec-samples.js';
import { sessionPurchases } from '../records.js';

/** Where the reference service runs, as the driver (bench/frames-suite.ts) passes it. */
export interface Config {
  baseUrl: string;
  clientKey: string;
  authMode: string;
}

/** Nothing listens there: the failing uploads of a client that only stores. */
const DEAD = 'http://127.0.0.1:9/v2021.4/web';
const PLAYER = 'player-7f3a9c2e';
/** The game's work per frame, busy-waited, and how often it tracks a record. */
const WORK_MS = 4;
const TRACK_EVERY_MS = 333;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
const fresh = (): string => `frames-${crypto.randomUUID().slice(0, 8)}`;

/** What a window of observation saw: long tasks (≥ 50 ms, the browser's threshold) and frame intervals. */
export interface Watched {
  /** Wall milliseconds of the window. */
  ms: number;
  longTasks: number;
  longestTask: number;
  /** Each long task: start (ms from the window's start) and duration. */
  tasks: Array<[number, number]>;
  frames: number;
  longestFrame: number;
  p95Frame: number;
  framesOver50: number;
}

/**
 * Watches from now: long tasks (a `PerformanceObserver`, not buffered: only tasks that start
 * after this) and, when `loop` runs, its frame intervals. `end()` closes the window and, a moment
 * later (long-task entries are queued after their task), reports what started inside it.
 */
function watch(loop?: GameLoop): { start: number; end: () => Promise<Watched> } {
  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const start = performance.now();
  const firstFrame = loop?.intervals.length ?? 0;
  return {
    start,
    end: async () => {
      const end = performance.now();
      const intervals = loop?.intervals.slice(firstFrame) ?? [];
      await sleep(100);
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      const inside = tasks.filter((t) => t.startTime + t.duration > start && t.startTime < end);
      return summarise(end - start, inside.map((t) => [t.startTime - start, t.duration]), intervals);
    },
  };
}

function summarise(ms: number, tasks: Array<[number, number]>, intervals: number[]): Watched {
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    ms,
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map(([, d]) => d)),
    tasks,
    frames: intervals.length,
    longestFrame: Math.max(0, ...intervals),
    p95Frame: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    framesOver50: intervals.filter((i) => i > 50).length,
  };
}

interface GameLoop {
  /** Milliseconds between consecutive frames (callback to callback). */
  readonly intervals: number[];
  stop(): void;
}

/** A game: each frame busy-works {@link WORK_MS} ms, and tracks a record every {@link TRACK_EVERY_MS} ms. */
function gameLoop(tp?: TpClient): GameLoop {
  const intervals: number[] = [];
  let running = true;
  let last = 0;
  let lastTrack = performance.now();
  const frame = (): void => {
    if (!running) return;
    const now = performance.now();
    if (last) intervals.push(now - last);
    last = now;
    while (performance.now() - now < WORK_MS) {
      // the game's work
    }
    if (tp && now - lastTrack >= TRACK_EVERY_MS) {
      lastTrack = now;
      tp.track('players_login', { ...playersLogin, player_slug: PLAYER, event_timestamp: Math.floor(Date.now() / 1000) });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return {
    intervals,
    stop: () => {
      running = false;
    },
  };
}

/**
 * Stores `count` varied purchases in the queue of namespace `namespace`, through a client that
 * sends nowhere (`flushIntervalMs: 0`; its failing `flush()` is only the way to wait for the
 * writes), then shuts that client down: the records stay for the next client of the namespace.
 */
async function store(namespace: string, count: number): Promise<void> {
  const tp = createClient({ baseUrl: DEAD, clientKey: 'k', authMode: 'client', playerSlug: PLAYER, namespace, flushIntervalMs: 0, flushOnHide: false, ui: null });
  for (const record of sessionPurchases(count)) if (!tp.track('characters_purchases', record as never)) throw new Error('a purchase was refused');
  await tp.flush().catch(() => undefined);
  await tp.shutdown().catch(() => undefined);
}

/** When each upload left and was answered, ms from `t0`: to tell the long tasks before a request (read, encode) from those while one is on the wire. */
function uploads(tp: TpClient, t0: () => number): { sent: number[]; delivered: number[]; records: number[] } {
  const log = { sent: [] as number[], delivered: [] as number[], records: [] as number[] };
  tp.on('upload', (info) => {
    if (!info.keepalive) log.sent.push(performance.now() - t0());
    log.records.push(info.entries.length);
  });
  tp.on('delivered', () => log.delivered.push(performance.now() - t0()));
  return log;
}

let drainClient: TpClient | undefined;

/** 1: stores a 6,000-record backlog and opens the client that will drain it; the page then settles. */
async function prepareDrain(config: Config, count: number): Promise<void> {
  const namespace = fresh();
  await store(namespace, count);
  drainClient = createClient({ ...config, playerSlug: PLAYER, namespace, flushIntervalMs: 0, ui: null });
  await sleep(2000);
}

/** The baseline: the game loop for `ms` with the SDK idle (the loop still tracks its records). */
async function idleLoop(ms: number): Promise<Watched> {
  const loop = gameLoop(drainClient);
  await sleep(200); // the loop's first frames
  const w = watch(loop);
  await sleep(ms);
  const result = await w.end();
  loop.stop();
  return result;
}

/** 1: `flush()` of the backlog under the game loop: the window, records/s, and where each long task fell. */
async function drain(): Promise<Watched & { records: number; perSecond: number; log: ReturnType<typeof uploads> }> {
  const tp = drainClient!;
  const loop = gameLoop(tp);
  await sleep(200);
  const w = watch(loop);
  const log = uploads(tp, () => w.start);
  const result = await tp.flush();
  const window = await w.end();
  loop.stop();
  await tp.shutdown();
  drainClient = undefined;
  return { ...window, records: result.records, perSecond: result.records / ((window.ms) / 1000), log };
}

/** 2, first page: leaves `count` records queued in a namespace for the next page; returns the namespace. */
async function leaveBacklog(count: number): Promise<string> {
  const namespace = fresh();
  await store(namespace, count);
  await sleep(1000);
  return namespace;
}

/**
 * 2, the next page: `createClient` with the default options (its start drains what earlier pages
 * left) under the game loop, watched until its first upload is delivered; with `namespace`
 * holding nothing, watched for `emptyMs` instead (the baseline).
 */
async function startUp(config: Config, namespace: string, emptyMs?: number): Promise<Watched & { firstUpload: number; sentAt: number }> {
  const loop = gameLoop();
  await sleep(200);
  const w = watch(loop);
  const tp = createClient({ ...config, playerSlug: PLAYER, namespace, ui: null });
  let firstUpload = 0;
  let sentAt = 0;
  tp.on('upload', () => (sentAt ||= performance.now() - w.start));
  if (emptyMs === undefined) {
    await new Promise<void>((resolve) =>
      tp.on('delivered', (info) => {
        firstUpload = info.records;
        resolve();
      }),
    );
  } else await sleep(emptyMs);
  const window = await w.end();
  const end = w.start + window.ms;
  loop.stop();
  // The long tasks as the observer installed before the page's scripts (bench/frames-suite.ts, addInitScript) saw them; `watch`'s own observer sees the same.
  const all = (globalThis as { __longTasks?: Array<[number, number]> }).__longTasks ?? [];
  const inside = all.filter(([s, d]) => s + d > w.start && s < end).map(([s, d]): [number, number] => [s - w.start, d]);
  await tp.flush().catch(() => undefined);
  await tp.shutdown().catch(() => undefined);
  return { ...window, tasks: inside, longTasks: inside.length, longestTask: Math.max(0, ...inside.map(([, d]) => d)), firstUpload, sentAt };
}

/**
 * 3: `runs` bursts of `calls` `track('players_login', full record)`, `gapMs` apart, ns per call, on
 * a client with the default options (IndexedDB, `flushAt` 50, …) pointed at a closed port, as the
 * other `track()` bench does (bench/browser/page.ts): its uploads fail at once and the records stay
 * queued, so the reference service, which shares this machine's cores, is not checking 100,000
 * records while the page is timed. No garbage collection forced. The floor in the same page and
 * pattern, before the client is made and again after its bursts: zod/mini `safeParse` of the same
 * record and a push onto an array. Both warmed up first (2,000 calls each, the records tracked
 * through a client of their own), as a game's code is by its level end.
 */
async function trackBursts(
  _config: Config,
  runs: number,
  calls: number,
  gapMs: number,
): Promise<{ track: number[]; triggered: number[]; floor: number[]; floorAfter: number[]; floorKept: number[]; steps: Record<BuildStep, number[]>; queued: number }> {
  const record = { ...playersLogin, player_slug: PLAYER };
  const track: number[] = [];
  const schema = schemaOf('players_login');
  /** `kept`: the list keeps each checked copy (as a queue keeps its records), not the one record 20,000 times. */
  const floorRuns = async (kept = false): Promise<number[]> => {
    const floor: number[] = [];
    for (let r = 0; r < runs; r++) {
      const list: unknown[] = [];
      const t = performance.now();
      if (kept) {
        for (let i = 0; i < calls; i++) {
          const checked = schema.safeParse(record);
          if (checked.success) list.push(checked.data);
        }
      } else for (let i = 0; i < calls; i++) if (schema.safeParse(record).success) list.push(record);
      floor.push(((performance.now() - t) * 1e6) / calls);
      if (list.length !== calls) throw new Error('the floor refused the record');
      await sleep(gapMs);
    }
    return floor;
  };
  // Warm code, as a game's is by its level end: 2,000 of each, the records through a client of their own.
  for (let i = 0; i < 2000; i++) schema.safeParse(record);
  const warm = createClient({ baseUrl: DEAD, clientKey: 'k', authMode: 'client', playerSlug: PLAYER, namespace: fresh(), ui: null, flushIntervalMs: 0 });
  for (let i = 0; i < 2000; i++) warm.track('players_login', record);
  await warm.flush().catch(() => undefined);
  await warm.shutdown().catch(() => undefined);
  await sleep(gapMs);
  // The floor first, before the client exists (its heap empty), then again after the client's bursts (its 100,000 records held).
  const floor = await floorRuns();
  const floorKept = await floorRuns(true);
  const steps = {} as Record<BuildStep, number[]>;
  for (const step of BUILD_STEPS) steps[step] = await stepRuns(step, record, runs, calls, gapMs);
  const tp = createClient({ baseUrl: DEAD, clientKey: 'k', authMode: 'client', playerSlug: PLAYER, namespace: fresh(), ui: null });
  // The same client with 20 triggers on other kinds and a purchase handler: what `track()` pays for hooks a kind does not have.
  const triggers = OBJECT_NAMES.filter((kind) => kind !== 'players_login' && kind !== 'characters_purchases')
    .slice(0, 20)
    .map((on) => ({ on, placement: 'stage-clear' }) as OfferTrigger);
  const purchase = async () => ({ status: 'cancelled' as const });
  const withTriggers = createClient({ baseUrl: DEAD, clientKey: 'k', authMode: 'client', playerSlug: PLAYER, namespace: fresh(), ui: null, offerRules: { triggers }, purchase });
  const triggered: number[] = [];
  const burst = async (client: TpClient, into: number[]): Promise<void> => {
    let kept = 0;
    const t = performance.now();
    for (let i = 0; i < calls; i++) if (client.track('players_login', record)) kept++;
    into.push(((performance.now() - t) * 1e6) / calls);
    if (kept !== calls) throw new Error(`track() refused ${calls - kept} records`);
    await sleep(gapMs);
  };
  await sleep(gapMs);
  // Alternated, each going first every other round (the heap grows with each burst), so that both
  // see the same heap and the same browser.
  for (let r = 0; r < runs; r++) {
    const order: Array<[TpClient, number[]]> = [
      [tp, track],
      [withTriggers, triggered],
    ];
    for (const [client, into] of r % 2 ? order.reverse() : order) await burst(client, into);
  }
  const floorAfter = await floorRuns();
  const queued = tp.stats().queued;
  await Promise.all([tp, withTriggers].map((client) => client.shutdown().catch(() => undefined)));
  return { track, triggered, floor, floorAfter, floorKept, steps, queued };
}

/**
 * Where a `track()` call's time goes past the floor: its work built up one step at a time, each in
 * the bursts' pattern and keeping what it makes, as the queue does. `kept`: the floor keeping each
 * checked copy, through the same loop as the steps after it; `copy`: the SDK's copy of the
 * record with its fields (`enrichRecord`), then `safeParse`; `size`: and the exact JSON size of
 * the checked copy; `entry`: `validateRecord` (the name check, `safeParse`, the size) and the queue
 * entry and its pending form, as `track()` makes them. What `track()` adds to `entry` is the hand
 * over to the queue (consent, the key counter, the buffer).
 */
const BUILD_STEPS = ['kept', 'copy', 'size', 'entry'] as const;
type BuildStep = (typeof BUILD_STEPS)[number];

async function stepRuns(step: BuildStep, record: Record<string, unknown>, runs: number, calls: number, gapMs: number): Promise<number[]> {
  const schema = schemaOf('players_login');
  const context = {
    playerSlug: PLAYER,
    eventTimestamp: Math.floor(Date.now() / 1000),
    deviceUniqueId: crypto.randomUUID(),
    deviceInfo: 'Linux||desktop||desktop',
    region: 'KR',
    isTpDebugMode: 0 as const,
    appVersion: null,
  };
  const once = (): unknown => {
    const copy = step === 'kept' ? record : enrichRecord('players_login', record, context);
    if (step === 'entry') {
      const checked = validateRecord('players_login', copy);
      return checked.ok ? { entry: { objectName: 'players_login', record: checked.record, enqueuedAt: Date.now(), bytes: checked.bytes }, counter: 0 } : undefined;
    }
    const checked = schema.safeParse(copy);
    if (!checked.success) return undefined;
    return step === 'size' ? [checked.data, jsonBytes(checked.data, DEFAULT_MAX_RECORD_BYTES)] : checked.data;
  };
  for (let i = 0; i < 2000; i++) once();
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const list: unknown[] = [];
    const t = performance.now();
    for (let i = 0; i < calls; i++) {
      const kept = once();
      if (kept !== undefined) list.push(kept);
    }
    times.push(((performance.now() - t) * 1e6) / calls);
    if (list.length !== calls) throw new Error(`step ${step} refused the record`);
    await sleep(gapMs);
  }
  return times;
}

/**
 * 4: `offers.show()` of a personalized offer through the `adapter`'s UI, watched from the call to
 * the first frame after the adapter drew (the `requestAnimationFrame` after the one that found it
 * drawn); `none` is the baseline: the same watch over two frames with nothing shown.
 */
async function showOffer(config: Config, adapter: 'dom' | 'canvas' | 'none'): Promise<Watched & { toFrame: number }> {
  if (adapter === 'none') {
    await nextFrame();
    const w = watch();
    await nextFrame();
    await nextFrame();
    return { ...(await w.end()), toFrame: performance.now() - w.start };
  }
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:360px;height:640px';
  canvas.width = 720;
  canvas.height = 1280;
  if (adapter === 'canvas') document.body.append(canvas);
  const ui = adapter === 'dom' ? createDomAdapter() : createCanvasAdapter({ context: canvas.getContext('2d')! });
  const real = fetch.bind(globalThis);
  const offers = JSON.stringify({ status: 200, reason: 'OK', data: [offerRecord(1, personalizedBody, { player_slug: PLAYER })] });
  const answer: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url).pathname.endsWith('/offers') && (init?.method ?? 'GET') === 'GET') return new Response(offers, { status: 200 });
    return real(input, init);
  };
  const tp = createClient({ ...config, playerSlug: PLAYER, namespace: fresh(), ui, fetch: answer, flushIntervalMs: 0 });
  await tp.offers.refresh();
  await sleep(500);
  const drawn = adapter === 'dom' ? () => document.querySelector('[data-tp-offer]')?.shadowRoot?.querySelector('[role=dialog]') != null : () => canvas.getAttribute('aria-label') !== null;
  const w = watch();
  const shown = tp.offers.show(1).catch((e: unknown) => e);
  const call = performance.now() - w.start;
  while (!drawn()) {
    await nextFrame();
    if (performance.now() - w.start > 10_000) throw new Error(`offer not drawn: ${String(await Promise.race([shown, sleep(0)]))}`);
  }
  await nextFrame();
  const toFrame = performance.now() - w.start;
  const window = await w.end();
  await tp.shutdown().catch(() => undefined);
  await shown;
  canvas.remove();
  return { ...window, toFrame, ms: call };
}

/** 5, before the unload: a client over a `count`-record backlog with its head read and one batch on the wire (held: never answered). */
let unloadClient: { tp: TpClient; keepalive: { records: number; bytes: number }[] } | undefined;
async function prepareUnload(config: Config, count: number): Promise<void> {
  const namespace = fresh();
  if (count > 0) await store(namespace, count);
  const real = fetch.bind(globalThis);
  // A drain's request that never ends: the head stays read and the queue stays full.
  const hold: typeof fetch = (input, init) => (init?.keepalive ? real(input, init) : new Promise<Response>(() => undefined));
  const tp = createClient({ ...config, playerSlug: PLAYER, namespace, ui: null, fetch: hold, flushIntervalMs: 0 });
  const keepalive: { records: number; bytes: number }[] = [];
  tp.on('upload', (info) => {
    if (info.keepalive) keepalive.push({ records: info.entries.length, bytes: info.bytes });
  });
  if (count > 0) {
    const sent = new Promise<void>((resolve) => {
      const off = tp.on('upload', () => {
        off();
        resolve();
      });
    });
    void tp.flush().catch(() => undefined);
    await sent;
  }
  unloadClient = { tp, keepalive };
  await sleep(1500);
}

/** 5: dispatches `pagehide` (the SDK's synchronous unload upload), timed around the dispatch and watched for long tasks. */
async function unload(): Promise<Watched & { dispatch: number; records: number; bytes: number }> {
  const { keepalive } = unloadClient!;
  const w = watch();
  const t = performance.now();
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  const dispatch = performance.now() - t;
  await nextFrame();
  const window = await w.end();
  return { ...window, dispatch, records: keepalive.reduce((n, k) => n + k.records, 0), bytes: keepalive.reduce((n, k) => n + k.bytes, 0) };
}

const framesBench = { prepareDrain, idleLoop, drain, leaveBacklog, startUp, trackBursts, showOffer, prepareUnload, unload, median };
/** What this page puts on `window.framesBench`, for the driver's types. */
export type FramesBench = typeof framesBench;
Object.assign(window, { framesBench });
document.body.dataset.ready = 'true';
