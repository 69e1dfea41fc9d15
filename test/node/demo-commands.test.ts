/**
 * `npm run demo` and `npm run service` as a developer runs them: `--help` lists the options of the
 * one table both share (demo/cli-options.ts), a wrong option says what is wrong without a stack
 * trace, and `npm run service` starts the reference service alone, prints where a game finds it
 * (also after moving off a taken port), answers there, and stops on Ctrl-C. The demo's own start
 * is in test/e2e/demo-command.test.ts (it builds the demo game, which the e2e files share).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommand } from '../../demo/cli-options.js';
import { lockDataDir } from '../../demo/data-lock.js';
import { holdPort, printedService, runScript, startScript, type RunningScript } from '../support/npm-script.js';

const OPTIONS = ['--port N', '--data-dir DIR', '--faults RATE', '--view-token TOKEN', '--image-delay-ms N', '-h, --help'];

let dir = '';
let script: RunningScript | undefined;
let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  script?.kill();
  script = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('--help', { timeout: 30_000 }, () => {
  it.each(['demo', 'service'])('npm run %s -- --help prints the options, with their defaults, and exits 0', (command) => {
    const { status, stdout, stderr } = runScript(command, ['--help']);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toContain(`Usage: npm run ${command} -- [options]`);
    for (const option of OPTIONS) expect(stdout).toMatch(new RegExp(`^  ${option.replace(/[-,]/g, '\\$&')} `, 'm'));
    expect(stdout).toContain(`(default: ${command === 'demo' ? 5180 : 5181})`);
    expect(stdout).toContain('(default: .tp-service-data)');
  });

  it('a wrong option or value: what is wrong and where the options are, exit 2, no stack trace', () => {
    const unknown = runScript('demo', ['--prot', '5000']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown option '--prot'.*\n\(npm run demo -- --help lists the options\)\n$/);
    const value = runScript('service', ['--faults', '2']);
    expect([value.status, value.stderr]).toEqual([2, '--faults must be a fraction from 0 to 1, got "2"\n(npm run service -- --help lists the options)\n']);
  });
});

describe('the option table', () => {
  it('reads each option, with the defaults of each command', () => {
    expect(parseCommand('demo', [])).toEqual({ kind: 'run', options: { port: 5180, dataDir: join(process.cwd(), '.tp-service-data'), faults: undefined, imageDelayMs: 0 } });
    expect(parseCommand('service', ['--port', '0', '--data-dir', '/tmp/x', '--faults', '0.3', '--image-delay-ms', '1000'])).toEqual({
      kind: 'run',
      options: { port: 0, dataDir: '/tmp/x', faults: { rate: 0.3, slowMs: 35_000 }, imageDelayMs: 1000 },
    });
    expect(parseCommand('service', ['-h'])).toMatchObject({ kind: 'help' });
  });

  it.each([
    ['demo', ['--port', '65535'], '--port must be an integer from 0 to 65534, got "65535"'],
    ['service', ['--port', '65536'], '--port must be an integer from 0 to 65535, got "65536"'],
    ['service', ['--port', ''], '--port must be an integer from 0 to 65535, got ""'],
    ['demo', ['--port', '-1'], expect.stringContaining("'--port' argument is ambiguous")],
    ['demo', ['--faults', ''], '--faults must be a fraction from 0 to 1, got ""'],
    ['demo', ['--faults', 'NaN'], '--faults must be a fraction from 0 to 1, got "NaN"'],
    ['demo', ['--data-dir', ''], '--data-dir must name a folder'],
    ['demo', ['--image-delay-ms', '1.5'], '--image-delay-ms must be an integer from 0 to 600000, got "1.5"'],
    ['service', ['extra'], expect.stringContaining("Unexpected argument 'extra'")],
  ] as const)('%s %j: refused', (command, args, message) => {
    expect(parseCommand(command, args)).toEqual({ kind: 'error', message });
  });
});

describe('npm run service', { timeout: 30_000 }, () => {
  it('moves off a taken port, prints base_url, client key and auth mode that a game can use, and stops on Ctrl-C', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-service-cmd-'));
    const taken = await holdPort();
    cleanups.push(taken.release);
    script = startScript('service', ['--port', String(taken.port), '--data-dir', dir]);
    const printed = await printedService(script);
    expect(script.output()).toContain(`port ${taken.port} is taken: using free ports`);
    expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2021\.4\/web$/);
    expect(printed.baseUrl).not.toContain(`:${taken.port}/`);
    expect(script.output()).toContain(`createClient({ baseUrl: '${printed.baseUrl}', clientKey: '${printed.clientKey}', authMode: '${printed.authMode}' })`);

    const offers = await fetch(`${printed.baseUrl}/offers?player_slug=cmd-player`, {
      headers: { 'Content-Type': 'application/json', TPAuthMode: printed.authMode, TPClientKey: printed.clientKey },
    });
    expect([offers.status, ((await offers.json()) as { data: unknown[] }).data.length]).toEqual([200, expect.any(Number)]);
    const view = await fetch(`${printed.viewUrl}offers?player_slug=cmd-player`);
    expect(((await view.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(printed.viewUrl).toBe(`${new URL(printed.baseUrl).origin}/_tp/`);
    expect(script.output()).toContain(`(what it received, kept in ${dir})`);

    await script.interrupt();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
    expect(existsSync(join(dir, 'offers.ndjson'))).toBe(true);
  });

  it('refuses a data folder a demo is using, and says so', () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-service-cmd-'));
    cleanups.push(lockDataDir(dir));
    const { status, stderr } = runScript('service', ['--port', '0', '--data-dir', dir]);
    expect(status).toBe(1);
    expect(stderr).toBe(`another demo or service (pid ${process.pid}) is using ${dir}: stop it, or give this one its own folder with --data-dir\n`);
  });
});
