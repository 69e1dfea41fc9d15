/**
 * The options of `npm run demo` and `npm run service`: one table, read by `node:util`'s
 * `parseArgs` and printed by `--help`, so the help text cannot drift from what is parsed.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FaultConfig } from './service/faults.js';

export type Command = 'demo' | 'service';

/** What a command runs with, once its options are read. */
export interface CommandOptions {
  /** Port to listen on (the demo page's; the service takes the next one). 0: free ports. */
  readonly port: number;
  /** Absolute path of the service's data folder. */
  readonly dataDir: string;
  /** Fault injection in the service; undefined when off. */
  readonly faults: FaultConfig | undefined;
  /** Token the service's read-only view asks for; undefined: the view answers loopback clients only. */
  readonly viewToken: string | undefined;
  /** Milliseconds the service waits before answering each offer image (`/assets/…`); 0: none. */
  readonly imageDelayMs: number;
}

export type ParsedCommand =
  | { readonly kind: 'run'; readonly options: CommandOptions }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string };

const COMMANDS: Record<Command, { readonly summary: string; readonly port: number; readonly portHelp: string }> = {
  demo: {
    summary:
      'Builds the demo game, starts the reference service and the demo page on 127.0.0.1, and prints\n' +
      'where they are (the page, and the service\'s base_url, client key and auth mode). Ctrl-C stops both.',
    port: 5180,
    portHelp: 'port of the demo page; the service takes N+1\n0, or a port taken: free ports',
  },
  service: {
    summary:
      'Starts the reference service alone on 127.0.0.1, and prints its base_url, client key and auth\n' +
      'mode, for a game of your own. Ctrl-C stops it.',
    port: 5181,
    portHelp: 'port of the service, the one the demo gives it\n0, or the port taken: a free port',
  },
};

/** The service answers that fraction of uploads late by this much: past the SDK's time-out. */
const SLOW_MS = 35_000;

interface OptionRow {
  readonly value?: string;
  readonly help: (command: Command) => string;
  readonly default?: (command: Command) => string;
}

/** Every option, in the order `--help` lists them. */
const OPTIONS: Record<string, OptionRow> = {
  port: { value: 'N', help: (command) => COMMANDS[command].portHelp, default: (command) => String(COMMANDS[command].port) },
  'data-dir': {
    value: 'DIR',
    help: () => 'where the service keeps what it receives\n(one demo or service per folder at a time)',
    default: () => '.tp-service-data',
  },
  faults: {
    value: 'RATE',
    help: () => 'answer that fraction (0 to 1) of uploads with a fault\n(500, 503, 429, 413, slow, dropped connections, cut-off 200s)',
    default: () => '0',
  },
  'view-token': {
    value: 'TOKEN',
    help: () => 'the read-only view (/_tp/) asks every client for TOKEN,\nas ?token=TOKEN or Authorization: Bearer TOKEN\n(default: no token, loopback clients only)',
  },
  'image-delay-ms': {
    value: 'N',
    help: () => 'answer each offer image (/assets/) N milliseconds late,\nto watch a dialog wait for its image (at most 3000 ms)',
    default: () => '0',
  },
  help: { help: () => 'print this help and exit' },
};

/** Reads `args` (what follows `npm run COMMAND --`). Never throws. */
export function parseCommand(command: Command, args: readonly string[]): ParsedCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(OPTIONS).map(([name, row]) => [name, row.value ? { type: 'string' as const } : { type: 'boolean' as const, short: 'h' }]),
      ),
    }).values;
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help', text: usage(command) };
  const read = (name: string): string => (values[name] as string | undefined) ?? OPTIONS[name]!.default!(command);

  const maxPort = command === 'demo' ? 65534 : 65535;
  const port = read('port');
  if (!/^\d+$/.test(port) || Number(port) > maxPort) return { kind: 'error', message: `--port must be an integer from 0 to ${maxPort}, got "${port}"` };
  const faults = read('faults');
  const rate = Number(faults);
  if (faults.trim() === '' || !(rate >= 0 && rate <= 1)) return { kind: 'error', message: `--faults must be a fraction from 0 to 1, got "${faults}"` };
  const dataDir = read('data-dir');
  if (dataDir === '') return { kind: 'error', message: '--data-dir must name a folder' };
  const viewToken = values['view-token'] as string | undefined;
  if (viewToken !== undefined && !/^[\x21-\x7e]+$/.test(viewToken)) {
    return { kind: 'error', message: '--view-token must be printable ASCII without spaces, and not empty' };
  }
  const imageDelay = read('image-delay-ms');
  if (!/^\d+$/.test(imageDelay) || Number(imageDelay) > 600_000) return { kind: 'error', message: `--image-delay-ms must be an integer from 0 to 600000, got "${imageDelay}"` };
  return {
    kind: 'run',
    options: { port: Number(port), dataDir: resolve(dataDir), faults: rate > 0 ? { rate, slowMs: SLOW_MS } : undefined, viewToken, imageDelayMs: Number(imageDelay) },
  };
}

/** The `--help` text of `command`, from the option table. */
export function usage(command: Command): string {
  const rows = Object.entries(OPTIONS).map(([name, row]) => {
    const flag = row.value ? `--${name} ${row.value}` : `-h, --${name}`;
    const lines = row.help(command).split('\n');
    if (row.default) lines[0] += ` (default: ${row.default(command)})`;
    return { flag, lines };
  });
  const width = Math.max(...rows.map((r) => r.flag.length)) + 2;
  const pad = ' '.repeat(width + 2);
  return [
    `Usage: npm run ${command} -- [options]`,
    '',
    COMMANDS[command].summary,
    '',
    'Options:',
    ...rows.flatMap(({ flag, lines }) => [`  ${flag.padEnd(width)}${lines[0]}`, ...lines.slice(1).map((line) => `${pad}${line}`)]),
    '',
  ].join('\n');
}
