/**
 * Unexpected console output fails the test: the SDK reports through events and typed errors,
 * never through the console.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(calls, 'unexpected console output').toEqual([]);
});
