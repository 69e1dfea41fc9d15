/**
 * `npm run demo`: builds the demo game, starts the reference service and the demo page on
 * 127.0.0.1, and prints the page's URL and where a game finds the service. Ctrl-C stops both.
 * `npm run demo -- --help` lists the options (demo/cli-options.ts).
 */
import { runCommand, serviceLines } from './run-command.js';
import { startDemoStack } from './stack.js';

await runCommand('demo', async ({ port, dataDir, faults, viewToken, imageDelayMs }, retry) => {
  const stack = await startDemoStack({ dataDir, port, faults, viewToken, imageDelayMs, skipBuild: retry });
  return { lines: [`tp-web-sdk demo: ${stack.url}`, ...serviceLines(stack.service)], close: () => stack.close() };
});
