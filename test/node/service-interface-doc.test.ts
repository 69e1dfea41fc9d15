/**
 * docs/service-interface.md, the repository's own account of the service's interface, agrees with
 * the SDK and with decisions.md; and no document sends a reader outside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUP_TITLES, OBJECT_GROUPS } from '../../src/records/index.js';

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const doc = read('docs/service-interface.md');

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (markdown: string): Set<string> =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));

describe('docs/service-interface.md', () => {
  it('lists the 43 object names in the groups the SDK has', () => {
    const rows = Object.fromEntries(
      [...doc.matchAll(/^\| ([A-Z][^|]+?) \| (`[a-z_]+`(?:, `[a-z_]+`)*) \|$/gm)].map((match) => [
        match[1],
        [...match[2]!.matchAll(/`([a-z_]+)`/g)].map((name) => name[1]),
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(OBJECT_GROUPS).map(([group, names]) => [GROUP_TITLES[group as keyof typeof GROUP_TITLES], [...names]]),
    );
    expect(rows).toEqual(expected);
    expect(Object.values(rows).flat()).toHaveLength(43);
  });

  it('links only headings that exist, in itself and in decisions.md', () => {
    const decisions = anchorsOf(read('docs/decisions.md'));
    const own = anchorsOf(doc);
    const links = [...doc.matchAll(/\]\(((?:decisions\.md)?)#([^)]+)\)/g)];
    expect(links.length).toBeGreaterThan(15);
    const broken = links.filter(([, file, anchor]) => !(file ? decisions : own).has(anchor!)).map(([link]) => link);
    expect(broken).toEqual([]);
  });
});

it('no document points outside the repository (../shared) or links into src/, which the installed package lacks', () => {
  const files = ['README.md', ...readdirSync(new URL('docs/', root)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  const offenders = files.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, index) => ({ file, line: index + 1, text: line }))
      .filter(({ text }) => text.includes('../shared/') || /\]\((?:\.\.\/)?src\//.test(text)),
  );
  expect(offenders).toEqual([]);
  // The README is what a game developer reads beside the installed package: no source paths in it.
  expect(read('README.md').match(/`src\/[^`]*`/g)).toBeNull();
});
