/**
 * The documents are reference: each decision with its reason and measurement, dated once, and no
 * story of how it was reached. The history of a change (which issue asked for it, which review or
 * session of work found it) lives in the CHANGELOG and the commits, never in the README,
 * CONTRIBUTING.md, demo/README.md or docs/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'demo/README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const LATER = 'second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth';

/**
 * What tells a story instead of a decision. "Reviewer" (a privacy reviewer, a role) is not one;
 * nor is a player's session ("the next session", "a first session"): only the ordinals of
 * sessions of work and of rounds are.
 */
const HISTORY: ReadonlyArray<readonly [what: string, pattern: RegExp]> = [
  ['an issue number', /\bissues? #?\d+/i],
  ['a review', /\breview(?:ed|s)?\b/i],
  ['a session of work', new RegExp(`\\b(?:${LATER})[- ]session\\b`, 'i')],
  ['a round of work', new RegExp(`\\b(?:first|last|${LATER})[- ]rounds?\\b|\\brounds? of work\\b`, 'i')],
  ["a dated session (2026-11-23's …)", /\b\d{4}-\d{2}-\d{2}'s\b/],
];

it.each(DOCUMENTS)('%s tells no history', (file) => {
  const found = readFileSync(new URL(file, ROOT), 'utf8')
    .split('\n')
    .flatMap((line, i) => HISTORY.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${file}:${i + 1}: ${what}: ${line.trim()}`));
  expect(found).toEqual([]);
});

it('catches what it looks for, and leaves roles and player sessions alone', () => {
  const flagged = (line: string): string[] => HISTORY.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);
  expect(flagged(`Until ${'issue'} 25 the default was empty`)).toEqual(['an issue number']);
  expect(flagged(`(found in ${'review'}; test/browser/x.test.ts)`)).toEqual(['a review']);
  expect(flagged('Reviewed on Tuesday')).toEqual(['a review']);
  expect(flagged('in the ninth session it watched only the children')).toEqual(['a session of work']);
  expect(flagged('a second round of fixes')).toEqual(['a round of work']);
  expect(flagged("until 2026-11-23's fifth session")).toEqual(['a session of work', "a dated session (2026-11-23's …)"]);
  expect(flagged('This document is for a studio’s privacy reviewer.')).toEqual([]);
  expect(flagged('a tab that comes back starts the next session; a first session logs in')).toEqual([]);
  expect(flagged('the issue code `unreadable`; users report it in issue threads')).toEqual([]);
});
