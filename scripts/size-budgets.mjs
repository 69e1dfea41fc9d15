#!/usr/bin/env node
/**
 * `npm run size` (after `npm run build`): size-limit measures each way a game ships the SDK
 * (.size-limit.json: gzip, level 9), then this checks the budgets that are relative to another entry:
 *
 * - the package entry (logging, offers, markup, headless view) above logging alone: held at what
 *   it measures plus a small margin (RELATIVE);
 * - the package entry with the DOM adapter at most 5.4 KiB above the package entry;
 * - the package entry with the canvas adapter at most 6.25 KiB above the package entry.
 *
 * The adapters' budgets are targets of 4 and 5 KiB plus what the code's cut into parts of one
 * concern costs (functions that no longer share one closure, docs/size.md).
 *
 * Prints a table and exits 1 when any budget (absolute or relative) is exceeded.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KIB = 1024;
/** [name, base, limit above base in bytes] (docs/size.md). */
const RELATIVE = [
  ['offers', 'logging', 19.5 * KIB],
  ['dom', 'offers', 5.4 * KIB],
  ['canvas', 'offers', 6.25 * KIB],
];

let output;
let absoluteFailed = false;
try {
  output = execFileSync(process.execPath, [`${ROOT}node_modules/size-limit/bin.js`, '--json'], { cwd: ROOT, encoding: 'utf8' });
} catch (error) {
  // size-limit exits 1 when an absolute limit is exceeded; its JSON is still on stdout.
  output = error.stdout;
  absoluteFailed = true;
}
const results = JSON.parse(output);
const size = (key) => {
  const found = results.find((r) => r.name.startsWith(`${key}:`));
  if (!found) throw new Error(`no size-limit entry named "${key}: …"`);
  return found.size;
};

const rows = results.map((r) => [r.name, `${(r.size / 1000).toFixed(2)} kB`, r.passed === false ? 'OVER its limit' : 'ok']);
let relativeFailed = false;
for (const [name, base, limit] of RELATIVE) {
  const delta = size(name) - size(base);
  const ok = delta <= limit;
  relativeFailed ||= !ok;
  rows.push([`${name} − ${base}`, `${(delta / KIB).toFixed(2)} KiB`, `${ok ? 'ok' : 'OVER'} (budget ${limit / KIB} KiB)`]);
}
const width = Math.max(...rows.map((r) => r[0].length));
for (const [a, b, c] of rows) console.log(`${a.padEnd(width)}  ${b.padStart(10)}  ${c}`);
if (absoluteFailed || relativeFailed) {
  console.error('size budget exceeded (docs/size.md)');
  process.exit(1);
}
