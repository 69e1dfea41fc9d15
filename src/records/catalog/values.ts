/**
 * Value schemas shared by the record catalog (and the offer schemas).
 *
 * Integers, ISO codes and enumerations are `z.number()` / `z.string()` / `z.custom()` with a
 * refine, not `z.int()`, `z.length()` or `z.enum()`: the same rules, written with the zod/mini
 * parts the SDK already ships, which keeps about 1.3 KiB gzip of extra zod code out of the
 * bundle (measured in docs/size.md).
 *
 * @module
 */
import * as z from 'zod/mini';

/** Longest free-text string field, in UTF-16 code units. */
export const MAX_STRING_LENGTH = 1024;
/** Longest identifier (`*_slug`), in UTF-16 code units. */
export const MAX_SLUG_LENGTH = 256;
/** Most items in an array value (extra fields of open kinds). */
const MAX_ARRAY_ITEMS = 100;

/** Earliest plausible `event_timestamp` (2000-01-01T00:00:00Z), in Unix seconds. */
export const MIN_UNIX_SECONDS = 946_684_800;
/** Latest plausible `event_timestamp` (2100-01-01T00:00:00Z), in Unix seconds. */
export const MAX_UNIX_SECONDS = 4_102_444_800;

/** A string of `min` to `max` UTF-16 code units. */
export const sizedString = (min: number, max: number) =>
  z.string().check(
    z.refine((v) => v.length >= min && v.length <= max, {
      message: min > 0 ? `must be ${min} to ${max} characters` : `must be at most ${max} characters`,
    }),
  );

/** A safe integer (the spec's "integer"). */
export const integer = () => z.number().check(z.refine(Number.isSafeInteger, { message: 'must be an integer' }));

/**
 * `event_timestamp`: integer Unix seconds, UTC, between 2000 and 2100. A millisecond value
 * (`Date.now()`), the most common mistake, gets its own message.
 */
export const unixSeconds = () =>
  integer().check(
    z.refine((v) => v <= MAX_UNIX_SECONDS * 100, {
      message: 'looks like milliseconds: event_timestamp is Unix seconds (Math.floor(Date.now() / 1000))',
      abort: true,
    }),
    z.refine((v) => v >= MIN_UNIX_SECONDS && v <= MAX_UNIX_SECONDS, {
      message: 'must be Unix seconds between 2000-01-01 and 2100-01-01',
    }),
  );

/** An upper-case code of exactly `length` letters (ISO 3166-1 alpha-2, ISO 4217). */
export const letterCode = (length: number, what: string) =>
  z.string().check(z.refine((v) => v.length === length && /^[A-Z]+$/.test(v), { message: `must be ${what}` }));

/** One of `values` (typed as their union). */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  z.custom<T[number]>((v) => (values as readonly unknown[]).includes(v), {
    message: `must be one of ${values.join(', ')}`,
  });

/** A value an open kind accepts in a field it does not define: a column holds one scalar, or a short list. */
export type ExtraValue = string | number | boolean | null | ReadonlyArray<string | number | boolean | null>;

const isScalar = (v: unknown): boolean =>
  v === null ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && v.length <= MAX_STRING_LENGTH);

/** The schema of fields an open kind does not define. */
export const extraValue = () =>
  z.custom<ExtraValue>((v) => isScalar(v) || (Array.isArray(v) && v.length <= MAX_ARRAY_ITEMS && v.every(isScalar)), {
    message: `an extra field must be a string (at most ${MAX_STRING_LENGTH} characters), a finite number, a boolean, null, or a list of at most ${MAX_ARRAY_ITEMS} of those`,
  });
