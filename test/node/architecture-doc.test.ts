/**
 * docs/architecture.md, the map of the code, cannot rot: every `file:function` it names is a file
 * of the repository that declares that name (a function, class, method, constant or type).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/architecture.md', root), 'utf8');
/** `src/client/tracking.ts:createTracking`, `src/queue/queue.ts:RecordQueue.enqueue`. */
const references = [...doc.matchAll(/`((?:src|test|demo|scripts)\/[\w./-]+\.ts):([\w#.]+)`/g)].map((m) => ({ file: m[1]!, name: m[2]! }));

/** Whether `source` declares `name`: a function, class, interface, type, constant, or a method or property of an object. */
function declares(source: string, name: string): boolean {
  const n = name.replace(/[#$]/g, '\\$&');
  return new RegExp(
    `(?:function\\*?|class|interface|type|const|let|var|enum)\\s+${n}\\b|^\\s*(?:async\\s+|get\\s+|set\\s+|static\\s+|readonly\\s+|private\\s+)*${n}\\s*[(:<=,]|^\\s*${n},?$`,
    'm',
  ).test(source);
}

describe('docs/architecture.md', () => {
  it('names enough of the code to be a map (the three routes and where each change goes)', () => {
    expect(references.length).toBeGreaterThanOrEqual(25);
  });

  it.each(references.map((r) => [`${r.file}:${r.name}`, r] as const))('%s exists', (_label, { file, name }) => {
    expect(existsSync(new URL(file, root)), `${file} is not a file`).toBe(true);
    const source = readFileSync(new URL(file, root), 'utf8');
    // `Class.method`: both the class and the method are declared in the file.
    for (const part of name.split('.')) expect(declares(source, part), `${file} declares no ${part}`).toBe(true);
  });
});
