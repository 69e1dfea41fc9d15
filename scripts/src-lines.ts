/**
 * No file of src/ over 300 lines: a longer file holds more than one reason to change, and is split
 * by domain (its rules and its documentation, its parts). `npm run lines` (in `npm run check`)
 * names each one and fails; test/node/src-lines.test.ts asks the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 300;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

/** Lines of a text, as `wc -l` counts them (a last line without a newline counts too). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Each file of src/ over `MAX_LINES` lines, as `src/path: lines`. */
export function longSourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return longSourceFiles(path);
    const lines = lineCount(readFileSync(path, 'utf8'));
    return lines > MAX_LINES ? [`${relative(ROOT, path)}: ${lines} lines`] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const long = longSourceFiles();
  if (long.length > 0) {
    console.error(`Files of src/ over ${MAX_LINES} lines (split them by domain):\n${long.map((l) => `  ${l}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Every file of src/ has at most ${MAX_LINES} lines.`);
}
