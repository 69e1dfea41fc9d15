/**
 * The API reference is readable without a clone: `npm run docs` writes it where the package ships
 * it from (package.json `files`), `prepack` builds it before every pack, and the README links the
 * same folder on unpkg.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

it('is built into the folder the package ships, before every pack, and linked from the README', () => {
  const typedoc = ts.parseConfigFileTextToJson('typedoc.jsonc', read('typedoc.jsonc')).config as { out: string };
  const pkg = JSON.parse(read('package.json')) as { name: string; files: string[]; scripts: Record<string, string> };
  const out = typedoc.out.replace(/^\.\//, '').replace(/\/$/, '');
  expect(pkg.files).toContain(out);
  expect(pkg.scripts.prepack).toMatch(/\bnpm run docs\b/);
  expect(read('README.md')).toContain(`https://unpkg.com/${pkg.name}/${out}/index.html`);
});
