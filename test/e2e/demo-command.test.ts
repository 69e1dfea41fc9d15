/**
 * `npm run demo` as a developer runs it, on a port that is taken: it moves to free ports, says so,
 * and prints the page and the service's base_url, client key and auth mode; those are what the page
 * itself uses (its /config.json), the service answers a game with them, and Ctrl-C stops it all.
 * Here rather than in test/node because the demo builds the demo game into demo/.build, which the
 * e2e files (run one at a time) serve.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { holdPort, printedService, startScript, type RunningScript } from '../support/npm-script.js';

let dir = '';
let script: RunningScript | undefined;
let release: (() => Promise<void>) | undefined;
afterEach(async () => {
  script?.kill();
  await release?.();
  rmSync(dir, { recursive: true, force: true });
});

it('moves off a taken port, prints where a game finds the service, and that is where the demo page points', async () => {
  dir = mkdtempSync(join(tmpdir(), 'tp-demo-cmd-'));
  const taken = await holdPort();
  release = taken.release;
  script = startScript('demo', ['--port', String(taken.port), '--data-dir', dir]);
  const [, pageUrl] = await script.waitFor(/tp-web-sdk demo: (\S+)/, 60_000);
  const printed = await printedService(script);
  expect(script.output()).toContain(`port ${taken.port} is taken: using free ports`);
  expect(pageUrl).not.toContain(`:${taken.port}/`);

  const config = await (await fetch(new URL('config.json', pageUrl))).json();
  expect(config).toEqual({ baseUrl: printed.baseUrl, clientKey: printed.clientKey, authMode: printed.authMode, viewUrl: printed.viewUrl });
  const offers = await fetch(`${printed.baseUrl}/offers?player_slug=demo-cmd`, {
    headers: { 'Content-Type': 'application/json', TPAuthMode: printed.authMode, TPClientKey: printed.clientKey },
  });
  expect(offers.status).toBe(200);

  await script.interrupt();
  expect(existsSync(join(dir, '.lock'))).toBe(false);
});
