/**
 * The caps of the offer rules (offer-rules.ts) against the caps ledger: what has been opened on
 * this device, when, in which session and at which placement. Pure: everything it reads is an
 * argument. Device time; an open later than `now` (a clock set back since) counts as just now.
 *
 * @module
 */
import type { PlacementRule, ResolvedOfferRules } from './offer-rules.js';

/** One open counted by the caps. */
export interface LedgerOpen {
  /** When, in device time (milliseconds since the epoch). */
  readonly at: number;
  /** The session it was opened in (`client.session.id`). */
  readonly sessionId: string;
  /** The placement that showed it; absent for `show()`, `view()` and `report()`. */
  readonly placement?: string;
  /**
   * Present while this is a reservation, not yet an open: `showAt` picked offer `offerId` in tab
   * `owner` and is drawing it. It counts as an open until `expiresAt` (device time, milliseconds
   * since the epoch), when it no longer counts (a tab that died before `open`); `open` replaces it
   * with the open, and a showing that ends unopened removes it. `lock`: the Web Lock tab `owner`
   * holds until the reservation is gone from the store; a reservation whose lock nobody holds is
   * of a tab that went away before it could remove it, and no longer counts.
   */
  readonly reservation?: { readonly owner: string; readonly offerId: number; readonly expiresAt: number; readonly lock?: string };
}

/** Whether `open` counts at `now`: an open, or a reservation that has not expired. */
export const counts = (open: LedgerOpen, now: number): boolean => open.reservation === undefined || now < open.reservation.expiresAt;

/**
 * What the caps and the per-session filters read, kept by the client for the player on this
 * device. Only the opens of the current UTC day, of the current session, the last open and the
 * last open at each placement are ever read: older ones may be left out.
 */
export interface CapsLedger {
  /** Every open (and reservation of one) counted by the caps; expired reservations are not. */
  readonly opens: readonly LedgerOpen[];
  /** The current session (`client.session.id`). */
  readonly sessionId: string;
  /** When the current session started, in device time (milliseconds since the epoch). */
  readonly sessionStart: number;
  /** Offers bought (`interact`) in the current session: not picked again in it. */
  readonly boughtThisSession: ReadonlySet<number>;
  /** Offers dismissed in the current session: not picked again in it. */
  readonly dismissedThisSession: ReadonlySet<number>;
}

/** Which cap held an offer back, in the order they are checked. */
export type CapName =
  | 'max-per-day'
  | 'max-per-session'
  | 'placement-max-per-session'
  | 'session-grace'
  | 'min-interval'
  | 'placement-min-interval';

const DAY_MS = 86_400_000;

/**
 * The first cap that holds back an open at `placement` now (with its rule `rule`), or undefined
 * when none does. A cap of 0 opens allows none; an interval of 0 is no interval.
 */
export function capAt(rules: ResolvedOfferRules, rule: PlacementRule, ledger: CapsLedger, placement: string, now: number): CapName | undefined {
  /** Milliseconds from `at` to now: 0 when `at` is later (the clock was set back). */
  const since = (at: number): number => Math.max(0, now - at);
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const opens = ledger.opens.filter((open) => counts(open, now));
  const session = opens.filter((open) => open.sessionId === ledger.sessionId);
  const here = opens.filter((open) => open.placement === placement);
  const last = (opens: readonly LedgerOpen[]): number => Math.max(-Infinity, ...opens.map((open) => open.at));
  // Opens of the current UTC day, and any later one (a clock set back) as if of today.
  if (opens.filter((open) => open.at >= dayStart).length >= rules.maxPerDay) return 'max-per-day';
  if (session.length >= rules.maxPerSession) return 'max-per-session';
  if (rule.maxPerSession !== undefined && session.filter((open) => open.placement === placement).length >= rule.maxPerSession) return 'placement-max-per-session';
  if (since(ledger.sessionStart) < rules.sessionGraceMs) return 'session-grace';
  if (since(last(opens)) < rules.minIntervalMs) return 'min-interval';
  if (rule.minIntervalMs !== undefined && since(last(here)) < rule.minIntervalMs) return 'placement-min-interval';
  return undefined;
}
