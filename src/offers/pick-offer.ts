/**
 * The decision of a placement: which known offer to show there now, or why none, with the reason
 * each other offer was passed over. Pure: everything it reads is an argument, and it emits
 * nothing (what the game's functions threw comes back in the result).
 *
 * @module
 */
import { parseDateTime } from '../internal/index.js';
import { capAt, type CapName, type CapsLedger } from './caps.js';
import { placementRule, resolveOfferRules, type OfferRules, type PickListing } from './offer-rules.js';
import type { Offer } from './types.js';
import { checkUsability, usableUntil, type UnusableReason, type UsabilityContext } from './usability.js';

/** Why an offer was passed over at a placement. */
export type CandidateReason =
  /** Not usable now (its verdict). */
  | UnusableReason
  /** Not of the placement's `kinds`, refused by its `accept`, or the placement is unknown. */
  | 'not-in-placement'
  /** Bought (`interact`) in the current session. */
  | 'bought-this-session'
  /** Dismissed in the current session. */
  | 'dismissed-this-session'
  /** It could be shown, but a cap holds every offer back (`cap` says which). */
  | 'capped'
  /** It could be shown, but another comes first in the order. */
  | 'outranked'
  /** The placement's `accept` or the rules' `priority` threw for it (see `errors`). */
  | 'rule-error';

/** Why a placement shows nothing. */
export type PickSkipReason = 'no-offer' | 'unknown-placement' | 'capped';

/** One known offer in a decision: passed over with its reason, or, without one, the offer picked. */
export interface PickCandidate {
  readonly offerId: number;
  readonly reason?: CandidateReason;
}

/** What a game's function threw during a decision: the client reports it as an `error` event. */
export interface RuleError {
  /** The offer it was called for. */
  readonly offerId: number;
  /** The function: the placement's `accept` or the rules' `priority`. */
  readonly hook: 'accept' | 'priority';
  readonly error: unknown;
}

/** The result of {@link pickOffer}: the offer to show, or why none. */
export type PickResult<P extends string = string> = {
  readonly placement: P;
  /** Every listing given, in their order, with why it was passed over. */
  readonly candidates: readonly PickCandidate[];
  /** What `accept` and `priority` threw, in the order they threw. */
  readonly errors: readonly RuleError[];
} & (
  | { readonly offer: Offer; readonly skipped?: undefined; readonly cap?: undefined }
  /** `cap`: with `capped`, the first cap that held. */
  | { readonly offer?: undefined; readonly skipped: PickSkipReason; readonly cap?: CapName }
);

/**
 * `offer` as {@link pickOffer} weighs it in context `ctx` (the instant, the player, what the
 * device remembers of it): its verdict, when its usability ends, whether it was ever opened.
 */
export function listingOf(offer: Offer, ctx: UsabilityContext): PickListing {
  return { offer, verdict: checkUsability(offer, ctx), usableUntil: usableUntil(offer, ctx), opened: (ctx.local?.opens ?? 0) > 0 };
}

/**
 * The default order: never opened first, then the one whose usability ends soonest, then the
 * newest `create_datetime`, then the smaller `offer_id`.
 */
function defaultOrder(a: PickListing, b: PickListing): number {
  const created = (listing: PickListing): number => parseDateTime(listing.offer.create_datetime) ?? -Infinity;
  return Number(a.opened) - Number(b.opened) || compare(a.usableUntil, b.usableUntil) || compare(created(b), created(a)) || a.offer.offer_id - b.offer.offer_id;
}

/** Ascending order of two numbers, infinities included. */
const compare = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Decides which offer `placement` shows now.
 *
 * Each listing is passed over, in this order, when it is not usable (its verdict's reason), not in
 * the placement (not of its `kinds`, refused by its `accept`, or the placement is not in the
 * `placements` map), bought or dismissed in the current session, or when its `accept` throws
 * (`rule-error`). With none left, the result is skipped `no-offer`; with a map that lacks
 * `placement`, `unknown-placement`. Then the caps (`capAt`, in `rules` with their defaults),
 * which hold every offer back at once (skipped `capped`, `cap` naming the first that holds).
 * Then the order: `rules.priority`, or the default (never opened first, then the one whose
 * usability ends soonest, then the newest `create_datetime`, then the smaller `offer_id`). An offer
 * `priority` throws for is passed over (`rule-error`); when a comparison throws, each offer is
 * compared with itself to find the one at fault, and the challenger is passed over when neither
 * throws alone.
 *
 * @param listings The known offers with their verdicts now.
 * @param rules The `offerRules` option; undefined: the defaults.
 * @param ledger The opens so far and the current session.
 * @param placement The placement's name.
 * @param now Device time, in milliseconds since the epoch.
 */
export function pickOffer<P extends string>(
  listings: readonly PickListing[],
  rules: OfferRules<P> | undefined,
  ledger: CapsLedger,
  placement: NoInfer<P>,
  now: number,
): PickResult<P> {
  const resolved = resolveOfferRules(rules);
  const rule = placementRule(resolved, placement);
  const reasons = new Map<number, CandidateReason>();
  const errors: RuleError[] = [];
  const eligible: PickListing[] = [];
  for (const listing of listings) {
    const { offer, verdict } = listing;
    const id = offer.offer_id;
    if (!verdict.usable) reasons.set(id, verdict.reason);
    else if (!rule || (rule.kinds && !rule.kinds.includes(offer.kind))) reasons.set(id, 'not-in-placement');
    else if (ledger.boughtThisSession.has(id)) reasons.set(id, 'bought-this-session');
    else if (ledger.dismissedThisSession.has(id)) reasons.set(id, 'dismissed-this-session');
    else {
      const accepted = attempt(() => !rule.accept || acceptedBy(rule.accept(offer)), id, 'accept', errors);
      if (accepted === true) eligible.push(listing);
      else reasons.set(id, accepted === false ? 'not-in-placement' : 'rule-error');
    }
  }
  const result = (offer: Offer | undefined, skipped?: PickSkipReason, cap?: CapName): PickResult<P> => {
    const candidates = listings.map(({ offer: { offer_id } }) => ({ offerId: offer_id, ...(reasons.has(offer_id) && { reason: reasons.get(offer_id) }) }));
    const base = { placement, candidates, errors };
    return offer ? { ...base, offer } : { ...base, skipped: skipped!, ...(cap && { cap }) };
  };
  if (!rule) return result(undefined, 'unknown-placement');
  if (!eligible.length) return result(undefined, 'no-offer');
  const cap = capAt(resolved, rule, ledger, placement, now);
  if (cap) {
    for (const listing of eligible) reasons.set(listing.offer.offer_id, 'capped');
    return result(undefined, 'capped', cap);
  }
  const best = first(eligible.sort(defaultOrder), resolved.priority, reasons, errors);
  for (const listing of eligible) if (listing !== best) reasons.set(listing.offer.offer_id, reasons.get(listing.offer.offer_id) ?? 'outranked');
  return best ? result(best.offer) : result(undefined, 'no-offer');
}

/** `run()`, or `undefined` with the error noted when it throws. */
/** `accept`'s answer: truthy accepts; a Promise (an async `accept`) is a rule error, not a yes. */
function acceptedBy(answer: unknown): boolean {
  if (typeof (answer as { then?: unknown } | null)?.then === 'function') throw new TypeError('accept answered a Promise: it must answer synchronously');
  return !!answer;
}

function attempt<T>(run: () => T, offerId: number, hook: RuleError['hook'], errors: RuleError[]): T | undefined {
  try {
    return run();
  } catch (error) {
    errors.push({ offerId, hook, error });
    return undefined;
  }
}

/**
 * The first of `listings` (in the default order) by `priority` (none: the default order), passing
 * over those it throws for (`rule-error`, the error noted with each).
 */
function first(
  listings: readonly PickListing[],
  priority: ((a: PickListing, b: PickListing) => number) | undefined,
  reasons: Map<number, CandidateReason>,
  errors: RuleError[],
): PickListing | undefined {
  if (!priority) return listings[0];
  /** Whether `priority` throws for `listing` compared with itself. */
  const faulty = (listing: PickListing): boolean => attempt(() => priority(listing, listing), listing.offer.offer_id, 'priority', []) === undefined;
  let best: PickListing | undefined;
  for (const challenger of listings) {
    const current = best;
    if (!current) {
      best = challenger;
      continue;
    }
    let order: number;
    try {
      order = Number(priority(challenger, current));
    } catch (error) {
      // Which of the two it throws for; the challenger when neither throws alone.
      const bestFaulty = faulty(current);
      const passed = bestFaulty ? (faulty(challenger) ? [current, challenger] : [current]) : [challenger];
      for (const listing of passed) {
        reasons.set(listing.offer.offer_id, 'rule-error');
        errors.push({ offerId: listing.offer.offer_id, hook: 'priority', error });
      }
      if (bestFaulty) best = passed.length === 1 ? challenger : undefined;
      continue;
    }
    if (order < 0) best = challenger;
  }
  return best;
}
