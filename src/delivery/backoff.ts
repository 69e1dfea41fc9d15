/**
 * When to try an upload again: exponential backoff with full jitter, or the service's
 * `Retry-After`. Pure functions; the scheduler supplies the clock and the randomness.
 *
 * Schedule with the defaults (base 1 s, factor 2, cap 5 min): attempt n (0-based) waits a uniformly
 * random time in [0, min(5 min, 1 s × 2^n)): up to 1 s, 2 s, 4 s, … 256 s, then up to 5 min for
 * every later attempt. Full jitter spreads a crowd of players reconnecting at once across the
 * whole window (see docs/decisions.md, "Retries").
 *
 * @module
 */
import { MAX_TIMER_MS } from '../internal/index.js';

/** Backoff settings (`retry` option). */
export interface RetryPolicy {
  /** First window, in milliseconds. @default 1000 */
  readonly baseMs: number;
  /** Growth of the window per attempt. @default 2 */
  readonly factor: number;
  /** Largest window, in milliseconds. @default 300000 (5 minutes) */
  readonly capMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1000, factor: 2, capMs: 300_000 };

/** Longest `Retry-After` honoured, in milliseconds (a longer one is cut to this). */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * The wait before retry number `attempt` (0 for the first retry), in milliseconds: a random value
 * in `[0, min(capMs, baseMs × factor^attempt))`, never over what `setTimeout` honours (a `capMs`
 * of a month would otherwise retry at once). `random` returns a number in [0, 1).
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const window = Math.min(policy.capMs, MAX_TIMER_MS, policy.baseMs * policy.factor ** Math.max(0, attempt));
  return Math.floor(random() * window);
}

/**
 * A `Retry-After` header value in milliseconds from `now`: delta-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`). A date in the past is 0; anything else (a negative or
 * fractional number, text) is undefined, and the backoff schedule applies. Capped at
 * {@link MAX_RETRY_AFTER_MS}.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (/[a-z]/i.test(text)) {
    const date = Date.parse(text);
    if (!Number.isFinite(date)) return undefined;
    ms = Math.max(0, date - now);
  } else return undefined;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
