/**
 * Turns zod issues into {@link ValidationIssue}s with a readable path and message. zod/mini ships
 * no message locale (that keeps it small), so the messages come from the schemas' own refine
 * messages, or are written here from the issue data.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { ValidationIssue } from '../errors/index.js';

type ZodIssue = z.core.$ZodIssue;

/** `a.b[0].c` from `['a', 'b', 0, 'c']`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out;
}

/** What a wrong value is, for a message: `string`, `null`, `array`, `NaN`, `Infinity`, … */
const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value == 'number' && !Number.isFinite(value) ? String(value) : typeof value;

/** Why `value` (the input at the issue's path) fails `issue`. */
function describe(issue: ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'number' ? 'a finite number' : issue.expected}, got ${kindOf(value)}`;
    case 'too_big':
    case 'too_small': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      const bound = issue.code === 'too_big' ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
      return `must be ${bound}${unit}`;
    }
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message || 'is invalid';
  }
}

/** Flattens zod issues into validation issues; a missing required field reads `required (…)`. */
export function toValidationIssues(issues: readonly ZodIssue[], input?: unknown): ValidationIssue[] {
  return issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const missing = value === undefined && issue.path.length > 0;
    return {
      path: formatPath(issue.path),
      message: missing ? `required (${issue.code === 'invalid_type' ? issue.expected : describe(issue, value)})` : describe(issue, value),
      code: issue.code,
    };
  });
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) cur = typeof cur === 'object' && cur !== null ? (cur as Record<PropertyKey, unknown>)[key] : undefined;
  return cur;
}
