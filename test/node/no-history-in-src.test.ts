/**
 * Source comments and TSDoc are reference: the history of a change (which issue asked for it)
 * lives in the CHANGELOG and the commits, never in `src/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

it('no issue number in src/', () => {
  const found = sources(SRC).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${file.slice(SRC.length)}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
