/**
 * `npm run demo`: builds the demo game, starts the reference service and the demo page on
 * 127.0.0.1, and prints the page's URL. Ctrl-C stops both.
 *
 * Options: `--port N` (demo page; the service takes N+1; default 5180, or free ports when taken),
 * `--data-dir DIR` (where the service keeps what it receives; default ./.tp-service-data; one demo
 * at a time per folder: a second one on the same folder stops with a message),
 * `--faults RATE` (the service answers that fraction of uploads with a fault: 500, 503, 429, 413,
 * slow, dropped connections, cut-off 200s; see demo/service/faults.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from './data-lock.js';
import { startDemoStack, type DemoStack } from './stack.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    'data-dir': { type: 'string', default: '.tp-service-data' },
    faults: { type: 'string' },
  },
});
const faultRate = values.faults === undefined ? 0 : Number(values.faults);
if (!(faultRate >= 0 && faultRate <= 1)) {
  console.error(`--faults must be a fraction from 0 to 1, got "${values.faults}"`);
  process.exit(2);
}
const faults = faultRate > 0 ? { rate: faultRate, slowMs: 35_000 } : undefined;
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65534) {
  console.error(`--port must be an integer from 0 to 65534, got "${values.port}"`);
  process.exit(2);
}
const dataDir = resolve(values['data-dir']);
let unlock: () => void;
try {
  unlock = lockDataDir(dataDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let stack: DemoStack;
try {
  stack = await startDemoStack({ dataDir, port, faults });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  console.log(`port ${port} or ${port + 1} is taken: using free ports`);
  stack = await startDemoStack({ dataDir, port: 0, skipBuild: true, faults });
}

console.log(`tp-web-sdk demo: ${stack.url}`);
console.log(`(reference service data in ${dataDir}; press Ctrl-C to stop)`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void stack.close().then(() => {
    unlock();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
