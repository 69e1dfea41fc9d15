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
import type { AiOffer, Offer, PersonalizedOffer } from './types.js';

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

/** A product the game is asked about (the `canPurchase` option). */
export interface ProductCheck {
  /** The offer it belongs to. */
  readonly offer: Offer;
  /** `purchasable_slug` (AI) or `product_id` (personalized), as a string; undefined when absent. */
  readonly id: string | undefined;
  /** `product_index` of an AI product, as a string; undefined otherwise. */
  readonly index: string | undefined;
}

/** Everything the verdict depends on. */
export interface UsabilityContext {
  /** The instant to judge, in milliseconds since the epoch: the service's time (see ServerClock). */
  readonly now: number;
  /** The identified player. */
  readonly playerSlug: string;
  /** The store whose recommendation applies (AI offers). */
  readonly store: PlatformStore;
  /** What this device remembers of the offer. */
  readonly local: OfferLocalState | undefined;
  /** Milliseconds in one unit of `valid_for`. Default 1000 (seconds). */
  readonly validForUnitMs?: number;
  /** False for a product the player may not buy (owned, level too low): it is left out. Default: all may be bought. */
  readonly canPurchase?: (product: ProductCheck) => boolean;
  /**
   * Largest gap allowed between a personalized offer's `discount_rate` and the rate its two
   * prices imply, as a fraction (0.05 = 5 percentage points). Default {@link DISCOUNT_TOLERANCE}.
   */
  readonly discountTolerance?: number;
}

/** Default of {@link UsabilityContext.discountTolerance}: prices rounded to marketing prices pass. */
export const DISCOUNT_TOLERANCE = 0.05;

const USABLE: Verdict = { usable: true };
const no = (reason: UnusableReason): Verdict => ({ usable: false, reason });

/**
 * Decides usability at `ctx.now`. Checks run in this order, and the first that fails is the reason:
 *
 * 1. `wrong-player`: the offer's `player_slug` is not the identified player.
 * 2. `inactive`: `is_offer_active` is not 1, or an AI body's own flag is false.
 * 3. `hidden-by-player`: the player ticked do-not-show-again on this device.
 * 4. `malformed` / `expired` / `open-count-reached`, the validity formula (docs/decisions.md,
 *    "Offer validity"), with null meaning "no limit" for each term:
 *    - `valid_until` (UTC `YYYY-MM-DD HH:MM:SS`, ISO 8601, or Unix seconds): usable while
 *      `now < valid_until`;
 *    - `valid_for` (a duration in units of `validForUnitMs`, seconds by default): usable while
 *      `now < firstOpen + valid_for`, where `firstOpen` is the service's `first_opened_at`, else
 *      the first open recorded on this device; an offer never opened has not started its period;
 *    - `valid_open_count` (opens allowed): usable while the opens counted on this device are fewer.
 * 5. AI offers: `no-store-for-platform` without a recommendation for `ctx.store`; `not-on-sale`
 *    when no product is on sale (`start <= now < end`, null ends open) and allowed by
 *    `canPurchase`; `malformed` for an unreadable sale time.
 *    Personalized offers: `malformed` for a negative price, a discount price above the price, or a
 *    `discount_rate` (a fraction, or a percentage when above 1) further than `discountTolerance`
 *    from the rate the prices imply; `not-on-sale` when `canPurchase` refuses its product.
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
    if (!recommendationFor(offer, ctx.store)) return no('no-store-for-platform');
  } else if (!pricesConsistent(offer.body, ctx.discountTolerance ?? DISCOUNT_TOLERANCE)) {
    return no('malformed');
  }
  const products = availableProducts(offer, ctx);
  if (products === undefined) return no('malformed');
  if (products.length === 0) return no('not-on-sale');
  return USABLE;
}

/** A product the player can buy now: an AI product on sale, or the personalized offer's product. */
export type AvailableProduct = { readonly kind: 'ai'; readonly product: AiProduct } | { readonly kind: 'personalized' };

/**
 * The products of `offer` the player can buy at `ctx.now`: for AI offers, those of the store's
 * recommendation on sale and allowed by `canPurchase`; for personalized offers, its one product
 * unless `canPurchase` refuses it. Undefined when a sale time is unreadable.
 */
export function availableProducts(offer: Offer, ctx: Pick<UsabilityContext, 'now' | 'store' | 'canPurchase'>): AvailableProduct[] | undefined {
  const allowed = (id: unknown, index: unknown): boolean =>
    ctx.canPurchase === undefined || ctx.canPurchase({ offer, id: id == null ? undefined : String(id), index: index == null ? undefined : String(index) });
  if (offer.kind === 'personalized') return allowed(offer.body.product_id, undefined) ? [{ kind: 'personalized' }] : [];
  const onSale = productsOnSale(recommendationFor(offer, ctx.store)?.product_list ?? [], ctx.now);
  return onSale?.filter((p) => allowed(p.purchasable_slug, p.product_index)).map((product) => ({ kind: 'ai' as const, product }));
}

/**
 * The first instant after `ctx.now` at which a usable offer stops being usable if nothing else
 * happens (no open, no refresh): the earliest of `valid_until`, the end of the `valid_for` period,
 * and the last sale end of its available products. `Infinity` when nothing ends it.
 */
export function usableUntil(offer: Offer, ctx: UsabilityContext): number {
  let until = Infinity;
  if (offer.valid_until != null) until = Math.min(until, parseDateTime(numberOrString(offer.valid_until)) ?? Infinity);
  const periodEnd = validForEnd(offer, ctx);
  if (periodEnd !== undefined) until = Math.min(until, periodEnd);
  if (offer.kind === 'ai') {
    let lastSale = -Infinity;
    for (const p of availableProducts(offer, ctx) ?? []) {
      const end = p.kind === 'ai' && p.product.end_datetime != null ? (parseDateTime(p.product.end_datetime) ?? Infinity) : Infinity;
      lastSale = Math.max(lastSale, end);
    }
    until = Math.min(until, lastSale);
  }
  return until;
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
    if (offer.first_opened_at != null && parseDateTime(numberOrString(offer.first_opened_at)) === undefined) return no('malformed');
    const end = validForEnd(offer, ctx);
    if (end !== undefined && ctx.now >= end) return no('expired');
  }
  if (offer.valid_open_count != null) {
    const allowed = toNumber(offer.valid_open_count);
    if (allowed === undefined || !Number.isInteger(allowed) || allowed < 0) return no('malformed');
    if ((ctx.local?.opens ?? 0) >= allowed) return no('open-count-reached');
  }
  return undefined;
}

/** The end of the `valid_for` period: the first open (the service's, else this device's) plus it; undefined before any open. */
function validForEnd(offer: Offer, ctx: UsabilityContext): number | undefined {
  const duration = offer.valid_for == null ? undefined : toNumber(offer.valid_for);
  if (duration === undefined) return undefined;
  const firstOpen = offer.first_opened_at != null ? parseDateTime(numberOrString(offer.first_opened_at)) : ctx.local?.firstOpenedAt;
  return firstOpen === undefined ? undefined : firstOpen + duration * (ctx.validForUnitMs ?? 1000);
}

/**
 * A personalized offer's prices agree: none negative, the discount price at most the price, and
 * the stated rate (a fraction, or a percentage when above 1) within `tolerance` of `1 − discount_price / price`.
 */
function pricesConsistent(body: PersonalizedOffer['body'], tolerance: number): boolean {
  const { price, discount_price: discounted, discount_rate: stated } = body;
  if (!(price >= 0 && discounted >= 0 && stated >= 0 && stated <= 100 && discounted <= price)) return false;
  const rate = stated > 1 ? stated / 100 : stated;
  const implied = price === 0 ? 0 : 1 - discounted / price;
  return Math.abs(implied - rate) <= tolerance + 1e-9;
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
