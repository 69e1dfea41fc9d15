/**
 * `npm run docs` (TypeDoc with typedoc.jsonc) fails on a broken doc comment: run with the
 * project's options on a one-file package written here, a clean comment builds, and each kind of
 * break fails the build and is named in its output.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPEDOC = join(ROOT, 'node_modules/typedoc/bin/typedoc');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Builds the reference of `entry` (beside it `other.ts`, a module it may import) with the
 * project's options; TypeDoc's exit code and output.
 */
async function buildDocs(entry: string, other = ''): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tp-docs-'));
  dirs.push(dir);
  const project = ts.parseConfigFileTextToJson('typedoc.jsonc', readFileSync(join(ROOT, 'typedoc.jsonc'), 'utf8'));
  const options = {
    ...(project.config as Record<string, unknown>),
    entryPoints: ['entry.ts'],
    tsconfig: 'tsconfig.json',
    out: 'api',
    intentionallyNotExported: [],
  };
  writeFileSync(join(dir, 'typedoc.json'), JSON.stringify(options));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler' }, files: ['entry.ts'] }));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', type: 'module' }));
  writeFileSync(join(dir, 'entry.ts'), entry);
  writeFileSync(join(dir, 'other.ts'), other);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TYPEDOC, '--options', 'typedoc.json'], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

const CLEAN = `
/**
 * Waits, then says so.
 * @param ms - How long, in milliseconds.
 * @default 1000
 * @throws RangeError when \`ms\` is negative.
 */
export function wait(ms = 1000): string { return String(ms); }
`;

describe('npm run docs', { timeout: 60_000 }, () => {
  it('builds the reference of a well-documented entry', async () => {
    const { code, output } = await buildDocs(CLEAN);
    expect(output).not.toContain('warning');
    expect(code).toBe(0);
  });

  it('fails on a {@link} to nothing', async () => {
    const { code, output } = await buildDocs(`/** Like {@link nothingByThisName}. */\nexport const x = 1;\n`);
    expect(output).toContain('nothingByThisName');
    expect(code).not.toBe(0);
  });

  it('fails on a misspelt block tag', async () => {
    const { code, output } = await buildDocs(`/**\n * A delay.\n * @defualt 1000\n */\nexport const delayMs = 1000;\n`);
    expect(output).toContain('@defualt');
    expect(code).not.toBe(0);
  });

  it('fails on a public type that names one the reference does not show', async () => {
    const { code, output } = await buildDocs(
      `import type { Hidden } from './other.js';\n/** Shown. */\nexport type Shown = Hidden[];\n`,
      `/** Not in the reference. */\nexport interface Hidden { a: number }\n`,
    );
    expect(output).toContain('Hidden');
    expect(code).not.toBe(0);
  });
});
