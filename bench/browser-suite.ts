/**
 * The Chromium side of `npm run bench` (bench/run.ts): builds bench/browser/page.ts, serves it on
 * 127.0.0.1 beside the reference service, runs the measurements in Debian's Chromium, and returns
 * their section of bench/results.md with the targets beside the numbers.
 */
import { cpus } from 'node:os';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { openBenchBrowser } from './bench-browser.js';
import { chromiumCpu, cpuSince } from './cpu.js';

export async function runBrowserBench(): Promise<string[]> {
  const bundle = await build({ entryPoints: [new URL('./browser/page.ts', import.meta.url).pathname], bundle: true, format: 'esm', target: 'es2022', write: false, minify: true, logLevel: 'warning' });
  const site = new Hono();
  site.get('/', (c) => c.html('<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/bench.js"></script>'));
  site.get('/bench.js', (c) => c.body(bundle.outputFiles[0]!.text, 200, { 'Content-Type': 'text/javascript' }));
  // --expose-gc: `track()` is timed from a clean heap (bench/browser/page.ts, trackCost).
  const browser = await openBenchBrowser(site, { args: ['--js-flags=--expose-gc'] });
  const { context, port, config } = browser;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const bench: RunInPage = <T>(run: (b: Bench, c: Config) => T | Promise<T>) =>
      page.evaluate(`(${run.toString()})(window.bench, ${JSON.stringify(config)})`) as Promise<T>;
    // First, while the profile holds no other database whose background work would be counted.
    const cpu = await drainCpu(bench, 5);
    const track = await bench((b) => b.trackCost([10, 10_000], 21, 10_000));
    const persist = await bench((b) => b.persist(15));
    const drain = await bench((b, c) => b.drain(c, 5));
    const capacity = await bench((b) => b.keepaliveCapacity(48 * 1024));
    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const apart = Math.abs(track.depth10000! - track.depth10!) / track.depth10!;
    return [
      `## Chromium (${version}, headless; medians of 21 rounds for \`track()\`, 15 for persist, 5 for the drain)`,
      '',
      '| Measure | Median | Floor in the same run | Target (issue 5) |',
      '|---|---:|---|---|',
      `| \`track()\` at queue depth 10, ns per call (real IndexedDB) | ${n(track.depth10!)} | validation alone ${n(track.validate!)}; array push ${n(track.push!)} | at most 2,000 |`,
      `| \`track()\` at queue depth 10,000, ns per call | ${n(track.depth10000!)} | ${(apart * 100).toFixed(0)} % from depth 10 | within 20 % of depth 10 |`,
      `| persist 1,000 records through the queue, records/s | ${n(persist.queue!)} | one raw IndexedDB transaction: ${n(persist.raw!)} (ratio ${ratio(persist.queue!, persist.raw!)}) | at least 0.7 of raw |`,
      `| drain 10,000 records: read, gzip, HTTP on loopback, delete, records/s | ${n(drain.sdk!)} | raw getAll + fflate gzip + delete, no HTTP: ${n(drain.raw!)} (ratio ${ratio(drain.sdk!, drain.raw!)}) | at least 0.7 of raw |`,
      `| the same drain, each request answered 200 in the page (no HTTP), records/s | ${n(drain.local!)} | the same raw floor (ratio ${ratio(drain.local!, drain.raw!)}) | |`,
      `| the same drain in batches of 500 records (\`maxBatchRecords: 500\`, the default until 2026-11-23), records/s | ${n(drain.small!)} | the same raw floor (ratio ${ratio(drain.small!, drain.raw!)}) | |`,
      `| the same drain, the records written one per transaction (a game tracking one record at a time), records/s | ${n(drain.oneByOne!)} | the same raw floor (ratio ${ratio(drain.oneByOne!, drain.raw!)}) | |`,
      `| the raw floor itself, cut into 5 batches of 2,000 records (getAll, gzip, range delete: one transaction each), records/s | ${n(drain.rawBatched!)} | the raw floor in one piece (ratio ${ratio(drain.rawBatched!, drain.raw!)}) | |`,
      `| typical records (a session's varied characters_purchases) in one 48 KiB keepalive body | ${n(capacity)} | | at least 1,500 |`,
      '',
      `Drain on loopback, where the time goes (ms per 10,000 records, medians): ${n(10_000_000 / drain.sdk!)} in all;`,
      `waiting for the service's 200s ${n(drain.http!)}, while the same 5 bodies posted with a bare \`fetch\`, nothing`,
      `else running, take ${n(drain.httpAlone!)}; reading the queue ${n(drain.peek!)}; deleting delivered batches ${n(drain.remove!)}`,
      `(each deletion runs beside the next request, so the parts add up to more than the whole). The raw`,
      `floor does no HTTP, and the reference service shares the machine's ${cpus().length} cores with Chromium while it`,
      'checks every record.',
      '',
      `Where the CPU goes in one drain of 10,000 records (ms of CPU, medians of ${cpu.rounds}; read from /proc, the records`,
      'stored beforehand and IndexedDB left to settle; the service runs in the bench process):',
      '',
      '| Drain | Wall | IndexedDB (browser thread pool) | Page main thread | Rest of Chromium | Reference service | CPU in all |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...(['sdk', 'raw'] as const).map((kind) => {
        const c = cpu[kind];
        return `| ${kind === 'sdk' ? 'the SDK, HTTP on loopback' : 'raw floor, no HTTP'} | ${n(c.wall)} | ${n(c.storage)} | ${n(c.page)} | ${n(c.other)} | ${n(c.service)} | ${n(cpuInAll(c))} |`;
      }),
      '',
      `On ${cpus().length} cores the SDK's drain cannot take less than its CPU in all divided by ${cpus().length}: ${n(cpuInAll(cpu.sdk) / cpus().length)} ms. At 0.7 of`,
      `the raw floor's speed it would take ${n(cpu.raw.wall / 0.7)} ms.`,
    ];
  } finally {
    await browser.close();
  }
}

interface Config {
  baseUrl: string;
  clientKey: string;
  authMode: string;
}

/** What bench/browser/page.ts puts on `window.bench`. */
interface Bench {
  trackCost(depths: number[], rounds: number, calls: number): Promise<Record<string, number>>;
  persist(rounds: number): Promise<Record<string, number>>;
  drain(c: Config, rounds: number): Promise<Record<string, number>>;
  keepaliveCapacity(budget: number): number;
  stageDrain(c: Config, kind: 'sdk' | 'raw'): Promise<void>;
  runStaged(): Promise<number>;
}

/** Runs `run` in the page with `window.bench` and the service's config (its source is sent, so it may use nothing else). */
type RunInPage = <T>(run: (b: Bench, config: Config) => T | Promise<T>) => Promise<T>;

const cpuInAll = (c: DrainCpu): number => c.storage + c.page + c.other + c.service;

interface DrainCpu {
  readonly wall: number;
  readonly storage: number;
  readonly page: number;
  readonly other: number;
  readonly service: number;
}

/**
 * Wall and CPU milliseconds of one drain of 10,000 stored records, the SDK's and the raw floor's,
 * medians of `rounds`: Chromium's parts from /proc, the service's from this process.
 */
async function drainCpu(bench: RunInPage, rounds: number): Promise<{ rounds: number; sdk: DrainCpu; raw: DrainCpu }> {
  const runs = { sdk: [] as DrainCpu[], raw: [] as DrainCpu[] };
  for (let r = 0; r < rounds; r++) {
    for (const kind of ['sdk', 'raw'] as const) {
      await bench(kind === 'sdk' ? (b, c) => b.stageDrain(c, 'sdk') : (b, c) => b.stageDrain(c, 'raw'));
      const before = chromiumCpu();
      const service = process.cpuUsage();
      const wall = await bench((b) => b.runStaged());
      const used = process.cpuUsage(service);
      runs[kind].push({ wall, ...cpuSince(before), service: (used.user + used.system) / 1000 });
    }
  }
  const med = (list: DrainCpu[], key: keyof DrainCpu): number => list.map((x) => x[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const summary = (list: DrainCpu[]): DrainCpu => ({ wall: med(list, 'wall'), storage: med(list, 'storage'), page: med(list, 'page'), other: med(list, 'other'), service: med(list, 'service') });
  return { rounds, sdk: summary(runs.sdk), raw: summary(runs.raw) };
}
