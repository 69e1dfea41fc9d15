/**
 * The frame-budget section of `npm run bench` (`npm run bench -- --only=frames` runs it alone):
 * bench/browser/frames-page.ts in Debian's Chromium, one page in front, at 4× CPU
 * throttling (CDP `Emulation.setCPUThrottlingRate`) for everything but the `track()` bursts, beside
 * the reference service on loopback. Each row has its baseline or floor measured in the same run.
 */
import { cpus, totalmem } from 'node:os';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { openBenchBrowser } from './bench-browser.js';
import type { CDPSession } from 'playwright-core';
import type { Config, FramesBench as Frames, Watched } from './browser/frames-page.js';

/** The heading of the section, for bench/run.ts to find it again. */
export const FRAMES_HEADING = '## Frame budget (issue 28)';

const THROTTLE = 4;
/** The steps of a `track()` call, as the results table names them (bench/browser/frames-page.ts, `BUILD_STEPS`). */
const STEP_LABELS = [
  ['kept', 'the floor keeping each checked copy'],
  ['copy', '+ the SDK\'s copy of the record with its fields'],
  ['size', '+ the exact JSON size'],
  ['entry', '+ the name check and the queue entry (`validateRecord`, as `track()` calls it)'],
] as const;
const ROUNDS = 3;
const BACKLOG = 6000;
const START_BACKLOG = 10_000;
const IDLE_MS = 6000;
/** For this launch only: a page in front, never throttled as a background one (headless has no real window to be in front of). */
const BENCH_FLAGS = ['--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'];

export async function runFramesBench(): Promise<string[]> {
  const began = Date.now();
  const entry = new URL('./browser/frames-page.ts', import.meta.url).pathname;
  const bundle = async (minify: boolean) =>
    (await build({ entryPoints: [entry], bundle: true, format: 'esm', target: 'es2022', write: false, minify, logLevel: 'warning' })).outputFiles[0]!.text;
  // The measured page is minified as the SDK ships; the profiled drain runs an unminified build, for the functions' names.
  const [minified, named] = await Promise.all([bundle(true), bundle(false)]);
  const site = new Hono();
  site.get('/', (c) => c.html(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body style="margin:0"><p id="hud">Level 1 · Score 0</p><script type="module" src="/${c.req.query('named') === undefined ? 'frames' : 'named'}.js"></script>`));
  site.get('/frames.js', (c) => c.body(minified, 200, { 'Content-Type': 'text/javascript' }));
  site.get('/named.js', (c) => c.body(named, 200, { 'Content-Type': 'text/javascript' }));
  // 4, cold: the first offer a game shows, in a browser of its own (a new renderer process: no
  // code, style or number data of an earlier page), before anything else runs.
  const cold = { dom: [] as Array<Watched & { toFrame: number }>, canvas: [] as Array<Watched & { toFrame: number }> };
  for (let r = 0; r < ROUNDS; r++) {
    for (const adapter of ['dom', 'canvas'] as const) cold[adapter].push(await coldShow(site, adapter));
  }
  const browser = await openBenchBrowser(site, { args: BENCH_FLAGS, viewport: { width: 800, height: 800 } });
  const { context, port, config } = browser;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Every long task from the first script on, for the start-up's page (before the SDK's bundle loads).
    await page.addInitScript(() => {
      const tasks: Array<[number, number]> = [];
      (globalThis as { __longTasks?: unknown }).__longTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
    });
    const cdp: CDPSession = await context.newCDPSession(page);
    const throttle = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const open = async (named = false) => {
      await page.goto(`http://127.0.0.1:${port}/${named ? '?named' : ''}`);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await page.bringToFront();
    };
    const run = <T>(fn: (f: Frames, c: Config, arg: unknown) => T | Promise<T>, arg?: unknown) =>
      page.evaluate(`(${fn.toString()})(window.framesBench, ${JSON.stringify(config)}, ${JSON.stringify(arg ?? null)})`) as Promise<T>;
    const log = (what: string) => console.log(`[frames ${((Date.now() - began) / 1000).toFixed(0)} s] ${what}`);

    // 3: track() in bursts, unthrottled, first in a fresh page.
    await open();
    await throttle(1);
    const bursts = await run((f, c) => f.trackBursts(c, 5, 20_000, 500));
    log(`track bursts ${JSON.stringify(bursts)}`);

    // The bursts once more, unminified and profiled (not in the table): where a call's time goes.
    await open(true);
    const [profiledBursts, trackTop] = await profiling(cdp, () => run((f, c) => f.trackBursts(c, 5, 20_000, 500)), 12);

    // 1: the drain under the game loop, and the same loop with the SDK idle (in round 0's page).
    const drains: Awaited<ReturnType<Frames['drain']>>[] = [];
    let idle: Watched | undefined;
    for (let r = 0; r < ROUNDS; r++) {
      await open();
      await run((f, c, n) => f.prepareDrain(c, n as number), BACKLOG);
      await throttle(THROTTLE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (r === 0) idle = await run((f, _c, ms) => f.idleLoop(ms as number), IDLE_MS);
      drains.push(await run((f) => f.drain()));
      await throttle(1);
      log(`drain ${r + 1}: ${summary(drains.at(-1)!)}; ${drains.at(-1)!.records} records in ${Math.round(drains.at(-1)!.ms)} ms`);
    }
    log(`idle loop: ${summary(idle!)}`);

    // The same drain once more, unminified and profiled (not in the table's numbers).
    await open(true);
    await run((f, c, n) => f.prepareDrain(c, n as number), BACKLOG);
    await throttle(THROTTLE);
    const [profiled, top] = await profiling(cdp, () => run((f) => f.drain()), 12);
    await throttle(1);
    log(`profiled drain: ${summary(profiled)}`);

    // 2: a page that opens on a backlog an earlier page left.
    const starts: Awaited<ReturnType<Frames['startUp']>>[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await open();
      const namespace = await run((f, _c, n) => f.leaveBacklog(n as number), START_BACKLOG);
      await open();
      await throttle(THROTTLE);
      await new Promise((resolve) => setTimeout(resolve, 500));
      starts.push(await run((f, c, ns) => f.startUp(c, ns as string), namespace));
      await throttle(1);
      log(`start-up ${r + 1}: ${summary(starts.at(-1)!)}; first upload ${starts.at(-1)!.firstUpload} records after ${Math.round(starts.at(-1)!.ms)} ms`);
    }
    // Once more, unminified and profiled (not in the table).
    await open(true);
    const profiledNamespace = await run((f, _c, n) => f.leaveBacklog(n as number), START_BACKLOG);
    await open(true);
    await throttle(THROTTLE);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [profiledStart, startTop] = await profiling(cdp, () => run((f, c, ns) => f.startUp(c, ns as string), profiledNamespace), 10);
    await throttle(1);
    await open();
    await throttle(THROTTLE);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startWindow = Math.round(median(starts.map((s) => s.ms)));
    const startBase = await run((f, c, ms) => f.startUp(c, `frames-empty-${Date.now()}`, ms as number), startWindow);
    await throttle(1);
    log(`start-up, empty queue: ${summary(startBase)}`);

    // 4: an offer shown through each adapter.
    // Each show in a fresh page: the first offer a player sees runs cold code.
    const offers = { none: [] as Watched[], dom: [] as Array<Watched & { toFrame: number }>, canvas: [] as Array<Watched & { toFrame: number }> };
    for (let r = 0; r < ROUNDS; r++) {
      for (const adapter of ['none', 'dom', 'canvas'] as const) {
        await open();
        await throttle(THROTTLE);
        offers[adapter].push(await run((f, c, a) => f.showOffer(c, a as 'dom'), adapter));
        await throttle(1);
      }
    }
    log(`offers: dom ${offers.dom.map(summary).join(' | ')}; canvas ${offers.canvas.map(summary).join(' | ')}`);

    // The DOM adapter's show once more, in a fresh page, unminified and profiled (not in the table).
    await open(true);
    await throttle(THROTTLE);
    const [profiledShow, showTop] = await profiling(cdp, () => run((f, c) => f.showOffer(c, 'dom')), 8);
    await throttle(1);

    // 5: the unload upload, over an empty queue (the baseline) and over the backlog.
    const unloads: Awaited<ReturnType<Frames['unload']>>[] = [];
    let unloadBase: Awaited<ReturnType<Frames['unload']>> | undefined;
    for (let r = -1; r < ROUNDS; r++) {
      await open();
      await run((f, c, n) => f.prepareUnload(c, n as number), r < 0 ? 0 : BACKLOG);
      await throttle(THROTTLE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const u = await run((f) => f.unload());
      await throttle(1);
      if (r < 0) unloadBase = u;
      else unloads.push(u);
      log(`unload ${r < 0 ? 'empty' : r + 1}: ${summary(u)}; dispatch ${u.dispatch.toFixed(1)} ms, ${u.records} records, ${u.bytes} B`);
    }

    // The unload once more, unminified and profiled.
    await open(true);
    await run((f, c, n) => f.prepareUnload(c, n as number), BACKLOG);
    await throttle(THROTTLE);
    const [profiledUnload, unloadTop] = await profiling(cdp, () => run((f) => f.unload()), 8);
    await throttle(1);

    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const ms = (x: number) => (x < 10 ? x.toFixed(1) : n(x));
    const tasks = (w: Watched) => `${ms(w.longestTask)} (${w.longTasks})`;
    const trackMedian = median(bursts.track);
    const floorMedian = median(bursts.floor);
    const d0 = drains[0]!;
    return [
      `${FRAMES_HEADING}, Chromium at ${THROTTLE}× CPU throttling`,
      '',
      `Measured on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Chromium ${version} headless (new headless), one page in front,`,
      `launched with the tests' flags and, for this section only, \`${BENCH_FLAGS.join(' ')}\`; the throttling is CDP`,
      `\`Emulation.setCPUThrottlingRate\` ${THROTTLE} (the \`track()\` bursts run unthrottled). The page shows a line of text (a game's HUD). A game loop on \`requestAnimationFrame\` busy-works`,
      `4 ms per frame and tracks a \`players_login\` every 333 ms. Long tasks are those the browser reports (\`PerformanceObserver\`, type`,
      '`longtask`: 50 ms or more), watched only during each window; "longest (count)". Rounds are listed in order (a / b / c);',
      `the baselines and floors come from the same run. Re-measure this section alone with \`npm run bench -- --only=frames\` (about ${n((Date.now() - began) / 60_000 + 0.5)} min).`,
      '',
      '| Measure | Measured | Baseline / floor, same run | Target (issue 28) |',
      '|---|---:|---|---|',
      `| 1. drain ${n(BACKLOG)} queued records under the game loop (\`flush()\` to the service on loopback): longest main-thread task, ms (long tasks) | ${drains.map(tasks).join(' / ')} | the same loop, SDK idle, ${IDLE_MS / 1000} s: ${tasks(idle!)} | no task over 50 ms; stretch: no SDK task over 16 ms |`,
      `| 1. the same drain: longest frame / p95 frame, ms; frames over 50 ms | ${drains.map((d) => `${ms(d.longestFrame)} / ${ms(d.p95Frame)}; ${d.framesOver50}`).join(' — ')} | idle loop: ${ms(idle!.longestFrame)} / ${ms(idle!.p95Frame)}; ${idle!.framesOver50} of ${n(idle!.frames)} frames | no frame over 50 ms |`,
      `| 1. the same drain: wall ms; records/s | ${drains.map((d) => `${n(d.ms)}; ${n(d.perSecond)}`).join(' — ')} | | may drop a little; report |`,
      `| 2. start-up on ${n(START_BACKLOG)} records an earlier page left: longest task from \`createClient\` until the first upload is delivered, ms (long tasks) | ${starts.map(tasks).join(' / ')} | \`createClient\` on an empty queue, same loop, ${n(startWindow)} ms: ${tasks(startBase)} | no task over 50 ms |`,
      `| 2. the same: ms until the first request left; until it was delivered (its records); longest frame, ms | ${starts.map((s) => `${n(s.sentAt)}; ${n(s.ms)} (${n(s.firstUpload)}); ${ms(s.longestFrame)}`).join(' — ')} | empty queue: longest frame ${ms(startBase.longestFrame)} | |`,
      `| 3. \`track('players_login', full record)\`, bursts of 20,000 calls 0.5 s apart, default options (IndexedDB; a closed port, so the records stay queued: 100,000 at the end), no forced GC, warmed up by 2,000 calls, ns per call (median of 5 bursts; unthrottled) | ${n(trackMedian)} (${bursts.track.map(n).join(', ')}) | zod/mini \`safeParse\` + array push, same pattern, before the client is made: ${n(floorMedian)} (${bursts.floor.map(n).join(', ')}); ratio ${(trackMedian / floorMedian).toFixed(2)}. The same floor after the client's bursts: ${n(median(bursts.floorAfter))} (${bursts.floorAfter.map(n).join(', ')}); ratio ${(trackMedian / median(bursts.floorAfter)).toFixed(2)}. The floor keeping each checked copy, as a queue keeps its records (not in the issue's definition): ${n(median(bursts.floorKept))} (${bursts.floorKept.map(n).join(', ')}); ratio ${(trackMedian / median(bursts.floorKept)).toFixed(2)} | at most 2,000 and at most 1.5× the floor |`,
      `| 3. the same bursts through a client with a \`purchase\` handler and 20 \`offerRules.triggers\` on other kinds, alternated with the row above (each first every other round), ns per call (median of 5 bursts) | ${n(median(bursts.triggered))} (${bursts.triggered.map(n).join(', ')}) | \`track()\` above, same run: ${n(trackMedian)}; ratio ${(median(bursts.triggered) / trackMedian).toFixed(2)} | does not move |`,
      `| 3. where a call's time goes: its work built up step by step, each in the bursts' pattern and keeping what it makes, ns per call (median of 5 bursts) | ${STEP_LABELS.map(([step, label]) => `${label}: ${n(median(bursts.steps[step]))}`).join('; ')}; \`track()\` above: ${n(trackMedian)} | the floor of the row above | (where the gap is) |`,
      `| 4. \`offers.show()\`, DOM adapter: longest task from the call to the first frame after it drew, ms (long tasks); ms to that frame | ${offers.dom.map((o) => `${tasks(o)}; ${n(o.toFrame)}`).join(' — ')} | nothing shown, two frames: ${offers.none.map((o) => tasks(o)).join(' / ')} | no task over 50 ms |`,
      `| 4. the same, canvas adapter | ${offers.canvas.map((o) => `${tasks(o)}; ${n(o.toFrame)}`).join(' — ')} | as above | no task over 50 ms |`,
      `| 4. the first offer of a fresh browser (a new renderer process, as a game's first show), DOM adapter | ${cold.dom.map((o) => `${tasks(o)}; ${n(o.toFrame)}`).join(' — ')} | as above | no task over 50 ms |`,
      `| 4. the same, canvas adapter | ${cold.canvas.map((o) => `${tasks(o)}; ${n(o.toFrame)}`).join(' — ')} | as above | no task over 50 ms |`,
      `| 5. unload with ${n(BACKLOG)} records queued (head read, one batch held on the wire): \`pagehide\` dispatch, ms (synchronous); longest task, ms (long tasks); records, bytes sent | ${unloads.map((u) => `${ms(u.dispatch)}; ${tasks(u)}; ${n(u.records)}, ${n(u.bytes)} B`).join(' — ')} | empty queue: ${ms(unloadBase!.dispatch)}; ${tasks(unloadBase!)} | bounded by the 64 KiB keepalive budget; report |`,
      '',
      `Where the drain's long tasks fall (round a; ms from the \`flush()\` call, duration; requests left at ${d0.log.sent.map(n).join(', ')} ms and were answered at ${d0.log.delivered.map(n).join(', ')} ms, ${d0.log.records.map(n).join(' + ')} records):`,
      `${d0.tasks.map(([s, dur]) => `+${n(s)} ms: ${n(dur)} ms ${place(s, d0.log)}`).join('; ') || 'none'}.`,
      '',
      `Self time in one more drain of the same backlog, profiled (CDP \`Profiler\`, 250 µs sampling, an unminified build of the same page, at ${THROTTLE}×; ${n(profiled.ms)} ms, longest task ${tasks(profiled)}; not in the table):`,
      '',
      '| Function (file:line in the page\'s bundle) | Self ms |',
      '|---|---:|',
      ...top.map(([name, self]) => `| ${name} | ${ms(self)} |`),
      '',
      `The same for the \`track()\` bursts and their floors once more (medians ${n(median(profiledBursts.track))} ns per call, floor ${n(median(profiledBursts.floor))}; the sampling slows both; unthrottled):`,
      '',
      '| Function | Self ms |',
      '|---|---:|',
      ...trackTop.map(([name, self]) => `| ${name} | ${ms(self)} |`),
      '',
      `The same for one more start-up on ${n(START_BACKLOG)} records (${n(profiledStart.ms)} ms to the first delivered upload, longest task ${tasks(profiledStart)}):`,
      '',
      '| Function | Self ms |',
      '|---|---:|',
      ...startTop.map(([name, self]) => `| ${name} | ${ms(self)} |`),
      '',
      `The same for one more \`offers.show()\` through the DOM adapter, in a fresh page (longest task ${tasks(profiledShow)}, ${n(profiledShow.toFrame)} ms to the frame):`,
      '',
      '| Function | Self ms |',
      '|---|---:|',
      ...showTop.map(([name, self]) => `| ${name} | ${ms(self)} |`),
      '',
      `The same for one more unload (dispatch ${ms(profiledUnload.dispatch)} ms, ${n(profiledUnload.records)} records sent):`,
      '',
      '| Function | Self ms |',
      '|---|---:|',
      ...unloadTop.map(([name, self]) => `| ${name} | ${ms(self)} |`),
      '',
      `Start-up's long tasks (ms from \`createClient\`, duration): ${starts.map((s, i) => `${'abc'[i]}: ${s.tasks.map(([at, dur]) => `+${n(at)} ${n(dur)}`).join(', ')} (request left at ${n(s.sentAt)})`).join('; ')}.`,
    ];
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summary(w: Watched): string {
  return `longest task ${Math.round(w.longestTask)} ms (${w.longTasks}), longest frame ${Math.round(w.longestFrame)} ms, p95 ${Math.round(w.p95Frame)}, ${w.framesOver50}/${w.frames} frames over 50 ms, ${Math.round(w.ms)} ms`;
}

/** Which part of the drain a task starting at `s` fell in: before a request left (reading, encoding), or with one on the wire. */
function place(s: number, log: { sent: number[]; delivered: number[] }): string {
  const next = log.sent.findIndex((t) => t >= s);
  if (next < 0) return 'after the last request left';
  const onWire = log.sent.some((t, i) => t <= s && (log.delivered[i] ?? Infinity) >= s);
  return `before request ${next + 1} left${onWire ? ' (another on the wire)' : ''}`;
}

/** One `offers.show()` through `adapter` in a browser launched for it alone, at the bench's throttling. */
async function coldShow(site: Hono, adapter: 'dom' | 'canvas'): Promise<Watched & { toFrame: number }> {
  const browser = await openBenchBrowser(site, { args: BENCH_FLAGS, viewport: { width: 800, height: 800 } });
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const cdp = await browser.context.newCDPSession(page);
    await page.goto(`http://127.0.0.1:${browser.port}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    return (await page.evaluate(`window.framesBench.showOffer(${JSON.stringify(browser.config)}, '${adapter}')`)) as Watched & { toFrame: number };
  } finally {
    await browser.close();
  }
}

/** Runs `measure` under CDP's sampling profiler; returns its result and the `top` functions by self time. */
async function profiling<T>(cdp: CDPSession, measure: () => Promise<T>, top: number): Promise<[T, Array<[string, number]>]> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const result = await measure();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  return [result, selfTimes(profile as Profile).slice(0, top)];
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self milliseconds per function of a CPU profile, largest first (program, idle and GC included). */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i]!)?.callFrame;
    if (!frame) continue;
    const file = frame.url ? frame.url.replace(/^.*\//, '') : '';
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
    // A sample's time is the delta to the next sample.
    self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}
