/**
 * Time formats on the wire. The spec writes `create_datetime` as `YYYY-MM-DD HH:MM:SS` in UTC and
 * `event_timestamp` as integer Unix seconds; everything inside the SDK is milliseconds.
 *
 * @module
 */

/** A source of the current time, in milliseconds since the Unix epoch. Injected, never global. */
export type Clock = () => number;

/** Longest delay `setTimeout` honours, in milliseconds (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The `sessionTimeoutMs` option's default, in milliseconds: a session ends after 30 minutes with the page hidden. */
export const DEFAULT_SESSION_TIMEOUT_MS = 1_800_000;

/** Milliseconds to whole Unix seconds (rounded down), the unit of `event_timestamp`. */
export function toUnixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/**
 * Formats an instant as `YYYY-MM-DD HH:MM:SS` in UTC (the form of `create_datetime` and
 * `TPOpenedAt`), for years 0000 to 9999.
 */
export function formatUtcDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

const SPEC_FORM = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d{1,9})?(?:Z|([+-](?:[01]\d|2[0-3])):?([0-5]\d))?$/;
/** 0000-01-01 00:00:00 and 10000-01-01 00:00:00 UTC, in milliseconds: the years the spec's form can write. */
const FIRST_MS = -62_167_219_200_000;
const PAST_LAST_MS = 253_402_300_800_000;

/**
 * Parses a time the service may send: `YYYY-MM-DD HH:MM:SS` (UTC, the spec's form), ISO 8601 with
 * `T`, fractional seconds and a `Z` or `±HH:MM` offset (no offset means UTC; hours up to 23,
 * minutes up to 59), or a number of Unix seconds. Returns milliseconds, or `undefined` for anything
 * else (including impossible dates such as `2024-02-30`, and instants outside the years 0000 to
 * 9999 in UTC, which `YYYY-MM-DD HH:MM:SS` cannot write).
 */
export function parseDateTime(value: unknown): number | undefined {
  const ms = readDateTime(value);
  return ms !== undefined && ms >= FIRST_MS && ms < PAST_LAST_MS ? ms : undefined;
}

function readDateTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value * 1000 : undefined;
  const m = typeof value === 'string' ? SPEC_FORM.exec(value.trim()) : null;
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '0', zoneHours = '+0', zoneMinutes = '0'] = m as unknown as string[];
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
  // Date.UTC rolls 2024-02-30 over to March: an impossible date does not survive the round trip.
  if (formatUtcDateTime(ms) !== `${y}-${mo}-${d} ${h}:${mi}:${s}`) return undefined;
  // The offset's minutes take the sign of its hours (`-00:30` is half an hour behind UTC).
  const offsetMinutes = +zoneHours * 60 + +`${zoneHours[0]}${zoneMinutes}`;
  return ms + Math.round(+fraction * 1000) - offsetMinutes * 60_000;
}
