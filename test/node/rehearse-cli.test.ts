/**
 * `npm run rehearse`: the command prints a rehearsal script's decisions as a table (or JSON), with
 * `--rules` replacing the script's rules, and refuses a malformed script with the path at fault.
 * Real processes, the fixture scripts of test/fixtures/rehearsal/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../support/npm-script.js';

const SCRIPT = 'test/fixtures/rehearsal/two-sessions.json';

describe('npm run rehearse', () => {
  it('prints one row per decision: caps, a trigger, a new day', () => {
    const { status, stdout } = runScript('rehearse', [SCRIPT]);
    expect(status).toBe(0);
    // The columns start where the dashes under the header do.
    const [, dashes = '', ...lines] = stdout.trimEnd().split('\n');
    const starts = [...dashes.matchAll(/-+/g)].map((m) => m.index);
    const rows = lines.map((line) => starts.map((from, i) => line.slice(from, starts[i + 1]).trim()));
    expect(rows.map((row) => row.slice(3, 6))).toEqual([
      ['game-over', '', 'shown 2'],
      ['stage-clear', '#0 characters_stages', 'skipped capped (max-per-session)'],
      ['game-over', '', 'shown 1'],
      ['game-over', '', 'skipped capped (max-per-day)'],
      ['game-over', '', 'shown 2'],
    ]);
    expect(rows[4]!.slice(1, 3)).toEqual(['2026-01-02T10:00:05.000Z', '+1d 00:00:05.000']);
  });

  it('--rules replaces the rules, --json prints the decisions as they are', () => {
    const { status, stdout } = runScript('rehearse', [SCRIPT, '--rules', 'test/fixtures/rehearsal/loose-rules.json', '--json']);
    expect(status).toBe(0);
    const decisions = JSON.parse(stdout) as Array<{ outcome: string; offerId?: number; reason?: string }>;
    expect(decisions.map((d) => d.offerId ?? d.reason)).toEqual([2, 1, 2, 'busy']);
  });

  it('refuses a malformed script with the path at fault (1), and bad arguments with the usage (2)', () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'rehearse-')), 'bad.json');
    writeFileSync(bad, JSON.stringify({ playerSlug: 'p-1', platform: 'web', offers: [], start: 0, script: [{ step: 'showAt', placement: 'x' }, { step: 'fly' }] }));
    const refused = runScript('rehearse', [bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('"script[1].step"');
    const usage = runScript('rehearse', ['--nope']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run rehearse');
  });
});
