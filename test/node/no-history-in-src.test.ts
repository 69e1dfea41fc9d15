/**
 * Source comments and TSDoc are reference: the history of a change (which issue asked for it)
 * lives in the CHANGELOG and the commits, never in `src/`. The same holds for the tests, the demo,
 * the scripts and the comments of the benchmarks: each says what it checks or measures and why,
 * not which issue or which review asked for it. What bench/ writes to bench/results.md (its
 * headings, targets and the notes of `CHANGES` in bench/run.ts) belongs to that dated log and is
 * not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = new URL('../../src/', import.meta.url).pathname;

/** An issue number, or a finding told as the story of a review. */
const HISTORY = /\bissues? #?\d+|found in\s+review|\breview\s+of\b/i;
const TEXT = /\.(ts|mts|mjs|js|md|html|css|json)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The text files under `dir` (relative to the root), without hidden folders (builds, diffs). */
function textFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || e.name === 'node_modules') return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? textFiles(path) : TEXT.test(e.name) ? [path] : [];
  });
}

/** `text` with everything but its comments blanked out, lines kept in place. */
function commentsOnly(path: string, text: string): string {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const kept = text.replace(/[^\n]/g, ' ').split('');
  const keep = (ranges: ts.CommentRange[] | undefined): void => {
    for (const { pos, end } of ranges ?? []) for (let i = pos; i < end; i++) kept[i] = text[i] ?? ' ';
  };
  const visit = (node: ts.Node): void => {
    keep(ts.getLeadingCommentRanges(text, node.pos));
    keep(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return kept.join('');
}

function historyLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (HISTORY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

it('no issue number in src/', () => {
  const found = sources(SRC).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${file.slice(SRC.length)}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});

it('no issue number or review story in test/, demo/ or scripts/', () => {
  const files = ['test', 'demo', 'scripts'].flatMap(textFiles);
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((file) => historyLines(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
});

it('no issue number or review story in the comments of bench/', () => {
  const files = textFiles('bench').filter((file) => file.endsWith('.ts'));
  expect(files).toContain('bench/run.ts');
  const found = files.flatMap((file) => historyLines(file, commentsOnly(file, readFileSync(join(ROOT, file), 'utf8'))));
  expect(found).toEqual([]);
});

it('the bench check reads the comments of a file, not its strings', () => {
  const text = "// a\nconst s = 'b'; // c\n/** d */\nconst t = [\n  'e', // f\n  `g${s} // h`,\n];\n";
  expect(commentsOnly('x.ts', text).replace(/\s+/g, ' ').trim()).toBe('// a // c /** d */ // f');
});
