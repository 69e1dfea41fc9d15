/**
 * The Node side of `npm run bench` (bench/run.ts): CPU-bound work measured in Node, each beside the
 * floor or alternative it is compared with in the same run.
 */
import { gzipSync as zlibGzip } from 'node:zlib';
import { Bench } from 'tinybench';
import { createClient } from '../src/index.js';
import { encodeLogsBody } from '../src/delivery/index.js';
import { schemaOf } from '../src/records/index.js';
import { parseRichText } from '../src/richtext/index.js';
import { fullPurchase as full, purchase } from './records.js';

const CALLS = 1000;

/** Runs the Node benchmarks; returns their section of bench/results.md. */
export async function runNodeBench(): Promise<string[]> {
  const tp = createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', flushIntervalMs: 0, storage: 'memory' });
  const schema = schemaOf('characters_purchases');
  const batch = { characters_purchases: Array.from({ length: 500 }, (_, i) => ({ ...full, purchasable_slug: `item-${i}` })) };
  const json = new TextEncoder().encode(JSON.stringify(batch));
  const message = '<color=#FFD700>Golden <b>Sword</b></color> is <color=red>50% off</color>\n'.repeat(Math.ceil(1_000_000 / 71)).slice(0, 1_000_000);

  const bench = new Bench({ time: 1500, warmup: true });
  bench
    .add(`track() characters_purchases, memory storage, ${CALLS} calls`, () => {
      for (let i = 0; i < CALLS; i++) tp.track('characters_purchases', purchase);
    })
    .add(`floor: zod safeParse of the same record, ${CALLS} calls`, () => {
      for (let i = 0; i < CALLS; i++) schema.safeParse(full);
    })
    .add('encode 500 purchases: JSON + fflate gzip (the SDK)', () => {
      encodeLogsBody(batch, 'gzip');
    })
    .add('alternative: JSON + Node zlib gzip (native code, not available in browsers)', () => {
      zlibGzip(JSON.stringify(batch), { level: 6 });
    })
    .add('parseRichText, 1 MB of nested color/bold markup', () => {
      parseRichText(message);
    });
  await bench.run();
  await tp.shutdown();

  const rows = bench.tasks.map((task) => {
    const r = task.result;
    const median = r.state === 'completed' ? r.latency.p50 : NaN;
    const value = task.name.includes(`${CALLS} calls`) ? `${((median * 1e6) / CALLS).toFixed(0)} ns per call` : `${median.toFixed(2)} ms`;
    return `| ${task.name} | ${value} | ${r.state === 'completed' ? r.latency.samplesCount : 0} |`;
  });
  return [
    '## Node (tinybench, 1.5 s per task after warm-up)',
    '',
    '| Task | Median | Samples |',
    '|---|---:|---:|',
    ...rows,
    '',
    `The 500-record batch is ${json.length} bytes of JSON, ${encodeLogsBody(batch, 'gzip').bytes} bytes gzipped by fflate.`,
    'fflate is pure JavaScript and runs in every browser; Node zlib is native code, shown as the speed a',
    'platform codec reaches. `track()` here runs on memory storage and its queue grows through the run.',
  ];
}
