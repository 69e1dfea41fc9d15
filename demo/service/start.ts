/**
 * `npm run service`: the reference service alone on 127.0.0.1 (port 5181 by default, the one the
 * demo gives it), with the demo's data folder and options; prints where a game finds it. Ctrl-C
 * stops it. `npm run service -- --help` lists the options (demo/cli-options.ts).
 */
import { runCommand, serviceLines } from '../run-command.js';
import { startService } from './server.js';

await runCommand('service', async ({ port, dataDir, faults, viewToken, imageDelayMs }) => {
  const service = await startService({ dataDir, port, faults, config: { viewToken, imageDelayMs } });
  return { lines: serviceLines(service), close: () => service.close() };
});
