/**
 * What `npm run demo` and `npm run service` share around their servers: the options (or `--help`),
 * the data folder's lock, free ports when the asked ones are taken, what they print, and a clean
 * stop on Ctrl-C (SIGINT) or SIGTERM.
 */
import { parseCommand, type Command, type CommandOptions } from './cli-options.js';
import { lockDataDir } from './data-lock.js';
import { viewUrl, type RunningService } from './service/server.js';

export interface Started {
  /** What to print once listening. */
  readonly lines: readonly string[];
  close(): Promise<void>;
}

/**
 * Runs `command`: `start` is called with the options, and once more with port 0 when its port was
 * taken (`retry` true).
 */
export async function runCommand(command: Command, start: (options: CommandOptions, retry: boolean) => Promise<Started>): Promise<void> {
  const parsed = parseCommand(command, process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(parsed.text);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(`${parsed.message}\n(npm run ${command} -- --help lists the options)`);
    process.exit(2);
  }
  const { options } = parsed;
  let unlock: () => void;
  try {
    unlock = lockDataDir(options.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  let started: Started;
  try {
    try {
      started = await start(options, false);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      console.log(`port ${(error as { port?: number }).port ?? options.port} is taken: using free ports`);
      started = await start({ ...options, port: 0 }, true);
    }
  } catch (error) {
    unlock();
    throw error;
  }
  for (const line of started.lines) console.log(line);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void started.close().then(() => {
      unlock();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Where a game finds `service`: its `{base_url}`, client key and auth mode (the first accepted of
 * each), also as `createClient` options; then its read-only view and data folder.
 */
export function serviceLines(service: RunningService): string[] {
  const clientKey = service.config.clientKeys[0] ?? '';
  const authMode = service.config.authModes[0] ?? '';
  return [
    'reference service, for a game of your own:',
    `  base_url    ${service.baseUrl}`,
    `  client key  ${clientKey}  (header TPClientKey)`,
    `  auth mode   ${authMode}  (header TPAuthMode)`,
    `  in a game   createClient({ baseUrl: '${service.baseUrl}', clientKey: '${clientKey}', authMode: '${authMode}' })`,
    `  view        ${viewUrl(service)}  (what it received, kept in ${service.config.dataDir})`,
  ];
}
