/**
 * No file of src/ over 300 lines (scripts/src-lines.ts, also run by `npm run check`).
 */
import { expect, it } from 'vitest';
import { lineCount, longSourceFiles, MAX_LINES } from '../../scripts/src-lines.js';

it(`no file of src/ over ${MAX_LINES} lines`, () => {
  expect(longSourceFiles()).toEqual([]);
});

it('counts lines as wc -l does, a last line without a newline included', () => {
  expect([lineCount(''), lineCount('a\n'), lineCount('a\nb'), lineCount('a\nb\n')]).toEqual([0, 1, 2, 2]);
});
