/**
 * The README's quick start stays one screen, with what it promises (install, a client, track, an
 * offer shown at a break with showAt, the two commands), and its TypeScript compiles against the package's types.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const quickStart = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'tp-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('fits on one screen and has what it promises', () => {
  expect(quickStart.trim().split('\n').length).toBeLessThanOrEqual(40);
  for (const part of ['npm install tp-web-sdk', 'createClient(', 'tp.track(', 'tp.offers.showAt(', 'npm install && npm run demo', 'npm install && npm test']) {
    expect(quickStart).toContain(part);
  }
});

it("compiles, strict, against the package's types", { timeout: 60_000 }, () => {
  const code = /```ts\n([\s\S]*?)```/.exec(quickStart)?.[1];
  expect(code).toBeDefined();
  const file = join(dir, 'quick-start.ts');
  writeFileSync(file, `${code}\nexport {};\n`);
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram([file], { ...config!.options, noEmit: true });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(errors).toEqual([]);
});
