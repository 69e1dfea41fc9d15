/**
 * `npm run rehearse -- script.json [--rules rules.json] [--json]`: replays a rehearsal script
 * (`{ offers, rules?, playerSlug, platform, start?, script }`, the input of `rehearseOffers`) and
 * prints its decisions as a table, one row per `showAt` step or trigger. `--rules` replaces the
 * script's rules with those of another file (rules as JSON: caps, placements without `accept`,
 * triggers without `when`); `--json` prints the decisions as JSON instead. Exit status 1 for a
 * script the rehearsal refuses (its `ConfigError` names the path at fault), 2 for bad arguments.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, rehearseOffers, type RehearsalDecision, type RehearsalInput } from '../src/index.js';
import { parseDateTime } from '../src/internal/index.js';

const USAGE = 'usage: npm run rehearse -- script.json [--rules rules.json] [--json]';

/** The text of a JSON file, parsed; `what` names it in the error. */
function readJson(path: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${what} ${path}: ${(error as Error).message}`);
  }
}

/** Milliseconds from the start as `+1d 02:03:04.005` (days only when there are any). */
function offset(ms: number): string {
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const days = Math.floor(ms / 86_400_000);
  const rest = ms % 86_400_000;
  const clock = `${pad(Math.floor(rest / 3_600_000))}:${pad(Math.floor(rest / 60_000) % 60)}:${pad(Math.floor(rest / 1000) % 60)}.${pad(rest % 1000, 3)}`;
  return `+${days ? `${days}d ` : ''}${clock}`;
}

/** The decisions as rows of text: time, placement, trigger, outcome, and the candidates of a skip. */
function decisionTable(decisions: readonly RehearsalDecision[], start: number): string {
  const rows = decisions.map((d, i) => [
    String(i + 1),
    new Date(d.at).toISOString(),
    offset(d.at - start),
    d.placement,
    d.trigger ? `#${d.trigger.index} ${d.trigger.on}` : '',
    d.outcome === 'shown' ? `shown ${d.offerId}` : `skipped ${d.reason}${d.cap ? ` (${d.cap})` : ''}`,
    d.outcome === 'shown' ? '' : d.candidates.map((c) => `${c.offerId}${c.reason ? `:${c.reason}` : ''}`).join(' '),
  ]);
  const head = ['#', 'at (UTC)', 'from start', 'placement', 'trigger', 'outcome', 'candidates'];
  const widths = head.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, col) => cell.padEnd(widths[col]!)).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function main(argv: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { rules: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  try {
    const script = readJson(positionals[0]!, 'script') as Record<string, unknown>;
    const input = (values.rules === undefined ? script : { ...script, rules: readJson(values.rules, 'rules') }) as unknown as RehearsalInput;
    const decisions = rehearseOffers(input);
    // The rehearsal's start: given, or the first offer's create_datetime (the rehearsal checked it).
    const start = input.start ?? parseDateTime((input.offers[0] as { create_datetime: string }).create_datetime)!;
    console.log(values.json ? JSON.stringify(decisions, null, 2) : decisionTable(decisions, start));
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String((error as Error).message ?? error));
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
