/**
 * The rules of .dependency-cruiser.cjs (`npm run deps`) catch what they are for: run on a small
 * src/ written here, each planted break is reported once under its rule, and the allowed imports
 * around it are not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
  'src/errors/index.ts': `export class TpError extends Error {}\n`,
  'src/internal/index.ts': `export { randomId } from './env.js';\n`,
  'src/internal/env.ts': `import { TpError } from '../errors/index.js';\nexport const randomId = (): string => String(new TpError());\n`,
  // allowed: inside ui/, the adapter reads ui's own files; the adapter's door re-exports it
  'src/ui/index.ts': `export type { View } from './types.js';\n`,
  // planted: a type-only import of a higher layer (ui → offers)
  'src/ui/types.ts': `import type { Offer } from '../offers/index.js';\nexport interface View { offer: Offer }\n`,
  'src/ui/dom/index.ts': `export { adapter } from './adapter.js';\n`,
  'src/ui/dom/adapter.ts': `import type { View } from '../types.js';\nexport const adapter = (view: View): View => view;\n`,
  // planted: a circle inside offers/ (reported once, at the import that closes it)
  'src/offers/index.ts': `export type { Offer } from './a.js';\n`,
  'src/offers/a.ts': `import type { B } from './b.js';\nexport interface Offer { b?: B }\n`,
  'src/offers/b.ts': `import type { Offer } from './a.js';\nexport interface B { offer?: Offer }\n`,
  // planted: a peer of the same layer (tabs → offers)
  'src/tabs/index.ts': `import type { Offer } from '../offers/index.js';\nexport type Tab = Offer;\n`,
  // planted: internal/ entered past its door
  'src/client/index.ts': `import { randomId } from '../internal/env.js';\nimport type { Offer } from '../offers/index.js';\nexport const create = (): Offer | string => randomId();\n`,
  // allowed: the entry through client's door; planted: the DOM adapter entered past its door
  'src/index.ts': `export { create } from './client/index.js';\n`,
  'src/dom.ts': `export { adapter } from './ui/dom/adapter.js';\n`,
  // allowed: the inspector reads the public surface; planted: the inspector reaching into client/
  // (a client internal), and an entry importing the inspector (no other entry may ship it)
  'src/inspector/index.ts': `import type { create } from '../index.js';\nimport { create as make } from '../client/index.js';\nexport const attach = (c: typeof create): unknown => c ?? make;\n`,
  'src/inspector.ts': `export { attach } from './inspector/index.js';\n`,
  'src/logging.ts': `export { attach } from './inspector/index.js';\n`,
};

const dir = mkdtempSync(join(tmpdir(), 'tp-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

it('reports each planted break under its rule, and nothing else', () => {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8' },
    );
  } catch (error) {
    output = (error as { stdout: string }).stdout; // exits non-zero when it finds violations
  }
  const violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
  const found = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  expect(found).toEqual(
    [
      'door:internal: src/client/index.ts → src/internal/env.ts',
      'door:ui/dom: src/dom.ts → src/ui/dom/adapter.ts',
      'door:ui: src/dom.ts → src/ui/dom/adapter.ts',
      'layer:entries: src/logging.ts → src/inspector/index.ts',
      'public-only:inspector: src/inspector/index.ts → src/client/index.ts',
      'layer:records, ui: src/ui/types.ts → src/offers/index.ts',
      'no-circular: src/offers/a.ts → src/offers/b.ts',
      'peer:tabs: src/tabs/index.ts → src/offers/index.ts',
    ].sort(),
  );
});
