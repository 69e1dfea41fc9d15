/**
 * Whether an offer may be shown at an instant, and if not, why (spec: Rules that hold, rule 2).
 * Pure: everything it reads is an argument.
 *
 * @module
 */
import type { PlatformStore } from '../internal/env.js';
import { parseDateTime } from '../internal/time.js';
import type { OfferLocalState } from './local-state.js';
import type { AiProduct } from './schemas.js';
import type { AiOffer, Offer } from './types.js';

/** Why an offer is not usable. */
export type UnusableReason =
  | 'wrong-player'
  | 'inactive'
  | 'hidden-by-player'
  | 'expired'
  | 'open-count-reached'
  | 'no-store-for-platform'
  | 'not-on-sale'
  | 'malformed';

/** The verdict of {@link checkUsability}. */
export type Verdict =
  | { readonly usable: true; readonly reason?: undefined }
  | { readonly usable: false; readonly reason: UnusableReason };

/** Everything the verdict depends on. */
export interface UsabilityContext {
  /** The instant to judge, in milliseconds since the epoch. */
  readonly now: number;
  /** The identified player. */
  readonly playerSlug: string;
  /** The store whose recommendation applies (AI offers). */
  readonly store: PlatformStore;
  /** What this device remembers of the offer. */
  readonly local: OfferLocalState | undefined;
  /** Milliseconds in one unit of `valid_for`. Default 1000 (seconds). */
  readonly validForUnitMs?: number;
}

const USABLE: Verdict = { usable: true };
const no = (reason: UnusableReason): Verdict => ({ usable: false, reason });

/**
 * Decides usability. The validity formula (docs/decisions.md, "Offer validity"), with null
 * meaning "no limit" for each term:
 *
 * - `valid_until` (UTC `YYYY-MM-DD HH:MM:SS`, ISO 8601, or Unix seconds): usable while `now < valid_until`;
 * - `valid_for` (a duration, seconds by default): usable while `now < firstOpen + valid_for`, where
 *   `firstOpen` is the service's `first_opened_at`, else the first open recorded here; an offer
 *   never opened has not started its `valid_for` period;
 * - `valid_open_count` (opens allowed): usable while the opens counted here are fewer.
 *
 * Then: `is_offer_active` must be 1 (and an AI body's own flag true); AI offers need a
 * recommendation for `store` with a product on sale (`start <= now < end`, null ends open).
 */
export function checkUsability(offer: Offer, ctx: UsabilityContext): Verdict {
  if (offer.player_slug !== ctx.playerSlug) return no('wrong-player');
  if (offer.is_offer_active !== 1) return no('inactive');
  if (offer.kind === 'ai' && (offer.body.is_offer_active === false || offer.body.is_offer_active === 0)) {
    return no('inactive');
  }
  if (ctx.local?.hidden) return no('hidden-by-player');

  const validity = checkValidity(offer, ctx);
  if (validity) return validity;

  if (offer.kind === 'ai') {
    const recommendation = recommendationFor(offer, ctx.store);
    if (!recommendation) return no('no-store-for-platform');
    const onSale = productsOnSale(recommendation.product_list, ctx.now);
    if (onSale === undefined) return no('malformed');
    if (onSale.length === 0) return no('not-on-sale');
  }
  return USABLE;
}

function checkValidity(offer: Offer, ctx: UsabilityContext): Verdict | undefined {
  if (offer.valid_until != null) {
    const until = parseDateTime(numberOrString(offer.valid_until));
    if (until === undefined) return no('malformed');
    if (ctx.now >= until) return no('expired');
  }
  if (offer.valid_for != null) {
    const duration = toNumber(offer.valid_for);
    if (duration === undefined || duration < 0) return no('malformed');
    const firstOpen = offer.first_opened_at != null ? parseDateTime(numberOrString(offer.first_opened_at)) : ctx.local?.firstOpenedAt;
    if (offer.first_opened_at != null && firstOpen === undefined) return no('malformed');
    if (firstOpen !== undefined && ctx.now >= firstOpen + duration * (ctx.validForUnitMs ?? 1000)) return no('expired');
  }
  if (offer.valid_open_count != null) {
    const allowed = toNumber(offer.valid_open_count);
    if (allowed === undefined || !Number.isInteger(allowed) || allowed < 0) return no('malformed');
    if ((ctx.local?.opens ?? 0) >= allowed) return no('open-count-reached');
  }
  return undefined;
}

/** The recommendation whose `store` matches (case-insensitive), if any. */
export function recommendationFor(offer: AiOffer, store: PlatformStore): AiOffer['body']['recommendations'][number] | undefined {
  const wanted = store.toLowerCase();
  return offer.body.recommendations.find((r) => r.store.toLowerCase() === wanted);
}

/**
 * Products inside their sale window at `now` (`start_datetime <= now < end_datetime`; a null end
 * is open). Undefined when a product's window is not a readable time.
 */
export function productsOnSale(products: readonly AiProduct[], now: number): AiProduct[] | undefined {
  const out: AiProduct[] = [];
  for (const p of products) {
    const start = p.start_datetime == null ? -Infinity : parseDateTime(p.start_datetime);
    const end = p.end_datetime == null ? Infinity : parseDateTime(p.end_datetime);
    if (start === undefined || end === undefined) return undefined;
    if (start <= now && now < end) out.push(p);
  }
  return out;
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A numeric string (`"1735689600"`) is Unix seconds; anything else is passed through. */
function numberOrString(value: string | number): string | number {
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
}
