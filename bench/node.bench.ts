/**
 * `npm run bench`: medians on this machine, each beside the alternative or floor it is measured
 * against in the same run, written to bench/results.md. Not a test: nothing here passes or fails.
 *
 * The in-browser benchmarks (IndexedDB persist and drain, keepalive capacity) come with issue 5.
 */
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { gzipSync as zlibGzip } from 'node:zlib';
import { Bench } from 'tinybench';
import { createClient } from '../src/index.js';
import { encodeLogsBody } from '../src/delivery/index.js';
import { schemaOf } from '../src/records/index.js';
import { parseRichText } from '../src/richtext/index.js';

const purchase = {
  character_slug: 'knight',
  purchasable_slug: 'potion',
  purchase_quantity: 1,
  purchase_unit_price: 0.99,
  purchase_total_price: 0.99,
  purchase_currency_code: 'USD',
};
const full = { ...purchase, player_slug: 'p-1', event_timestamp: 1_767_225_600 };
const CALLS = 1000;

const tp = createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', flushIntervalMs: 0, storage: 'memory' });
const schema = schemaOf('characters_purchases');
const batch = { characters_purchases: Array.from({ length: 500 }, (_, i) => ({ ...full, purchasable_slug: `item-${i}` })) };
const json = new TextEncoder().encode(JSON.stringify(batch));
const message = '<color=#FFD700>Golden <b>Sword</b></color> is <color=red>50% off</color>\n'.repeat(Math.ceil(1_000_000 / 71)).slice(0, 1_000_000);

const bench = new Bench({ time: 1500, warmup: true });
bench
  .add(`track() characters_purchases, ${CALLS} calls`, () => {
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

const rows = bench.tasks.map((task) => {
  const r = task.result;
  const median = r.state === 'completed' ? r.latency.p50 : NaN;
  const perCall = task.name.includes(`${CALLS} calls`) ? `${((median * 1e6) / CALLS).toFixed(0)} ns per call` : `${median.toFixed(2)} ms`;
  return `| ${task.name} | ${perCall} | ${r.state === 'completed' ? r.latency.samplesCount : 0} |`;
});
const gz = encodeLogsBody(batch, 'gzip').bytes;
const report = [
  '# Benchmarks',
  '',
  `Run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}. Medians (tinybench, 1.5 s per task after warm-up).`,
  '',
  '| Task | Median | Samples |',
  '|---|---:|---:|',
  ...rows,
  '',
  `The 500-record batch is ${json.length} bytes of JSON, ${gz} bytes gzipped by fflate.`,
  '',
  '`track()` runs on memory storage here and its queue grows through the run (hundreds of thousands',
  'of records); the floor is validation alone. Enrichment was 1.7 µs of it until the record copy',
  'stopped spreading two objects into one literal (V8 slow path, 2.4 µs vs 70 ns for a defaults',
  'literal filled key by key). fflate is pure JavaScript and runs in every browser; Node zlib is',
  'native code, shown as the speed a platform codec reaches.',
  '',
].join('\n');
writeFileSync(new URL('./results.md', import.meta.url), report);
console.log(report);
await tp.shutdown();
