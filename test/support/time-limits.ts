/**
 * Time limits of the property (fast-check) and fuzz tests, given to each test explicitly. They
 * catch a hang or a blow-up; they time nothing (`npm run bench` measures speed). Each is several
 * times what its test took on this project's 2-core machine with both cores kept busy by two
 * other processes, as when the suite runs two test files at a time beside Chromium on a machine
 * doing other work too. The number of runs and cases of each test is as it was.
 *
 * Measured 2026-11-23 (vitest 4.1, Node 20, Chromium), slowest test of each file, alone / with
 * both cores busy (two runs: these files alone, and the unit and node ones together):
 *
 * | Test | Alone | Cores busy |
 * |---|---:|---:|
 * | unit/records/validate: JSON bytes of any JSON value (2,000 runs) | 1.9 s | 5.8 s, past vitest's default 5 s: it failed |
 * | unit/ui/wrap: the wrap property (500 runs) | 0.9 s | 3.6 s |
 * | unit/richtext/parse: agrees with the reference model (2,000 runs) | 0.3 s | 1.8 s |
 * | unit/records/catalog: a broken field rejected at its path (2,000 runs) | 0.7 s | 1.7 s |
 * | unit/offers/state-machine: random sequences of actions (150 runs) | 0.3 s | 0.9–2.0 s |
 * | node/fuzz: decodeOffer on 10,000 inputs | 2.9 s | 3.9 s |
 * | node/records-roundtrip: invalid records (1,000 runs) | 0.4 s | 1.9 s |
 * | node/fuzz: the queue against 10,000 random answers | 7.9 s | 19.9–28.4 s |
 * | node/markup-fuzz: 100,000 strings | 13.2 s | 36.5–55.6 s |
 * | browser/markup-fuzz-dom: 100,000 dialogs built | 36.9 s (beside other files) | 50.4 s |
 *
 * @module
 */

/** A property test of up to a few thousand runs (at most 5.8 s above): about ten times that. */
export const PROPERTY_TIME_LIMIT_MS = 60_000;

/** A fuzz test of 10,000 to 100,000 cases (at most 56 s above): about five times that. */
export const FUZZ_TIME_LIMIT_MS = 300_000;
