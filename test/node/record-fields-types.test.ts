/**
 * A game's own fields of open kinds (`RecordFields`, declared by module augmentation) close those
 * kinds at compile time. Each case is a program of its own, compiled against the source: a
 * declaration reaches every file of its program, so it cannot sit among test/types.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const dir = mkdtempSync(join(tmpdir(), 'tp-record-fields-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let previous: ts.Program | undefined;

/** The diagnostics of `file` (those of the SDK's source are left out), as `line: message`. */
function compile(file: string): string[] {
  const program = ts.createProgram([file], { ...config!.options, noEmit: true }, undefined, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

function write(name: string, code: string): string {
  const file = join(dir, name);
  writeFileSync(file, code);
  return file;
}

const OPTIONS = "{ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' }";

it('a declared kind refuses a misspelled field from either entry (test/consumer/fields.mts)', { timeout: 180_000 }, () => {
  // The file's @ts-expect-error lines are the misspellings: each unused one would be reported.
  expect(compile(join(ROOT, 'test/consumer/fields.mts'))).toEqual([]);
});

it("docs/records.md's declaration works in a game that imports only tp-web-sdk/logging", { timeout: 180_000 }, () => {
  const snippet = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/records.md'), 'utf8'))?.[1];
  expect(snippet).toContain("declare module 'tp-web-sdk'");
  const typoLine = "tp.track('players_stages', { stage_slug: 'level-1', stage_stars: 3, stage_dificulty: 'hard' });";
  const code = [
    snippet,
    "import { createClient } from 'tp-web-sdk/logging';",
    `const tp = createClient(${OPTIONS});`,
    "tp.track('players_stages', { stage_slug: 'level-1', stage_stars: 3, stage_difficulty: 'hard' });",
    typoLine,
    '',
  ].join('\n');
  const file = write('logging-game.mts', code);
  const typo = code.split('\n').indexOf(typoLine) + 1;
  expect(compile(file)).toEqual([expect.stringMatching(new RegExp(`^${typo}: Object literal may only specify known properties, .*'stage_dificulty'`))]);
});

it('a declaration that names no open kind makes every track() a compile error naming it', { timeout: 180_000 }, () => {
  const file = write(
    'misdeclared.mts',
    [
      "import { createClient } from 'tp-web-sdk';",
      "declare module 'tp-web-sdk' {",
      '  interface RecordFields {',
      '    player_stages: { stage_score: number };',
      '  }',
      '}',
      `const tp = createClient(${OPTIONS});`,
      "tp.track('players_stages', { stage_slug: 'level-1', stage_score: 1 });",
      "tp.track('players_login', {});",
      '',
    ].join('\n'),
  );
  const errors = compile(file);
  expect(errors).toHaveLength(2);
  expect(errors[0]).toMatch(/^8: .*RecordFields names player_stages, not an open kind/);
  expect(errors[1]).toMatch(/^9: .*RecordFields names player_stages, not an open kind/);
});
