/**
 * Field types shared by the record schemas (and the offer schemas).
 *
 * Integers, ISO codes and enumerations are `z.number()` / `z.string()` / `z.custom()` with a
 * refine, not `z.int()`, `z.length()` or `z.enum()`: the same rules, written with the zod/mini
 * parts the SDK already ships, which keeps about 1.3 KiB gzip of extra zod code out of the
 * bundle (measured in docs/size.md).
 *
 * @module
 */
import * as z from 'zod/mini';

/** Longest string field the SDK sends, in UTF-16 code units. */
export const MAX_STRING_LENGTH = 1024;

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

/** A non-empty identifier such as `player_slug` or `purchasable_slug`. */
export const slug = () => sizedString(1, 256);

/** A free-text string field. */
export const text = () => sizedString(0, MAX_STRING_LENGTH);

/** A safe integer (the spec's "integer"). */
export const integer = () => z.number().check(z.refine(Number.isSafeInteger, { message: 'must be an integer' }));

/** A finite number (the spec's "double"; zod's number rejects NaN and infinities). */
export const double = () => z.number();

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
