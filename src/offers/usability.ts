/**
 * Whether an offer may be shown at an instant, and if not, why (spec: Rules that hold, rule 2).
 * Pure: everything it reads is an argument.
 *
 * @module
 */
import type { PlatformStore } from '../internal/index.js';
import { parseDateTime } from '../internal/index.js';
import type { OfferLocalState } from './local-state.js';
import type { AiProduct } from './schemas.js';
import type { AiOffer, Offer, PersonalizedOffer } from './types.js';
import { DISCOUNT_TOLERANCE, VALID_FOR_UNIT_MS } from './defaults.js';

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
  /** Milliseconds in one unit of `valid_for`. Default 1000 (seconds, `VALID_FOR_UNIT_MS`). */
  readonly validForUnitMs?: number;
  /** False for a product the player may not buy (owned, level too low): it is left out. Default: all may be bought. */
  readonly canPurchase?: (product: ProductCheck) => boolean;
  /**
   * Largest gap allowed between a personalized offer's `discount_rate` and the rate its two
   * prices imply, as a fraction (0.05 = 5 percentage points). Default 0.05 (`DISCOUNT_TOLERANCE`).
   */
  readonly discountTolerance?: number;
}

const USABLE: Verdict = { usable: true };

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
  const reason = unusableReason(offer, ctx);
  return reason ? { usable: false, reason } : USABLE;
}

function unusableReason(offer: Offer, ctx: UsabilityContext): UnusableReason | undefined {
  if (offer.player_slug !== ctx.playerSlug) return 'wrong-player';
  if (offer.is_offer_active !== 1 || (offer.kind === 'ai' && !offer.body.is_offer_active)) return 'inactive';
  if (ctx.local?.hidden) return 'hidden-by-player';
  for (const end of termEnds(offer, ctx)) {
    if (end === undefined) return 'malformed';
    if (ctx.now >= end) return 'expired';
  }
  if (offer.valid_open_count != null) {
    const allowed = toNumber(offer.valid_open_count);
    if (allowed === undefined || !Number.isInteger(allowed) || allowed < 0) return 'malformed';
    if ((ctx.local?.opens ?? 0) >= allowed) return 'open-count-reached';
  }
  if (offer.kind === 'ai') {
    if (!recommendationFor(offer, ctx.store)) return 'no-store-for-platform';
    const products = availableProducts(offer, ctx);
    if (!products) return 'malformed';
    if (!products.length) return 'not-on-sale';
  } else {
    if (!pricesConsistent(offer.body, ctx.discountTolerance ?? DISCOUNT_TOLERANCE)) return 'malformed';
    if (!mayBuy(offer, ctx, offer.body.product_id)) return 'not-on-sale';
  }
  return undefined;
}

/**
 * The products of an AI offer the player can buy at `ctx.now`: those of the store's
 * recommendation on sale (`start_datetime <= now < end_datetime`; a null end is open) and allowed
 * by `canPurchase`. Undefined when a product's sale window is not a readable time.
 */
export function availableProducts(offer: AiOffer, ctx: Pick<UsabilityContext, 'now' | 'store' | 'canPurchase'>): AiProduct[] | undefined {
  const onSale: AiProduct[] = [];
  for (const p of recommendationFor(offer, ctx.store)?.product_list ?? []) {
    const window = saleWindow(p);
    if (!window) return undefined;
    if (window[0] <= ctx.now && ctx.now < window[1]) onSale.push(p);
  }
  return onSale.filter((p) => mayBuy(offer, ctx, p.purchasable_slug, p.product_index));
}

/**
 * The first instant after `ctx.now` at which a usable offer stops being usable if nothing else
 * happens (no open, no refresh): the earliest of `valid_until`, the end of the `valid_for` period,
 * and the last sale end of its available products. `Infinity` when nothing ends it.
 */
export function usableUntil(offer: Offer, ctx: UsabilityContext): number {
  const ends = termEnds(offer, ctx).map((end) => end ?? Infinity);
  if (offer.kind === 'ai') {
    const saleEnds = (availableProducts(offer, ctx) ?? []).map((p) => saleWindow(p)?.[1] ?? Infinity);
    ends.push(Math.max(-Infinity, ...saleEnds));
  }
  return Math.min(...ends);
}

/**
 * When each time term of the validity formula ends the offer, in order: `valid_until`, then the
 * `valid_for` period (from the service's `first_opened_at`, else this device's first open).
 * Infinity for no limit or a period not started yet; undefined for a term that is not readable.
 */
function termEnds(offer: Offer, ctx: UsabilityContext): Array<number | undefined> {
  const duration = toNumber(offer.valid_for);
  const firstOpen = timeOf(offer.first_opened_at, ctx.local?.firstOpenedAt ?? Infinity);
  return [
    timeOf(offer.valid_until, Infinity),
    offer.valid_for == null
      ? Infinity
      : duration === undefined || duration < 0 || firstOpen === undefined
        ? undefined
        : firstOpen + duration * (ctx.validForUnitMs ?? VALID_FOR_UNIT_MS),
  ];
}

/** Whether `canPurchase` (when given) allows the product `id` (`index`: an AI product's `product_index`). */
function mayBuy(offer: Offer, ctx: Pick<UsabilityContext, 'canPurchase'>, id: unknown, index?: unknown): boolean {
  return !ctx.canPurchase || ctx.canPurchase({ offer, id: idText(id), index: idText(index) });
}

/** A product id or index as text (the service may send numbers); undefined when null or absent. */
export function idText(value: unknown): string | undefined {
  return value == null ? undefined : String(value);
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

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A product's sale window `[start, end)` in milliseconds (a null bound is open: -Infinity,
 * Infinity), its times in the forms of `valid_until`; undefined when a bound is not readable.
 */
export function saleWindow(p: AiProduct): [number, number] | undefined {
  const start = timeOf(p.start_datetime, -Infinity);
  const end = timeOf(p.end_datetime, Infinity);
  return start === undefined || end === undefined ? undefined : [start, end];
}

/**
 * An offer time: a numeric string (`"1735689600"`) is Unix seconds, like a number; `ifAbsent` when
 * null or absent (the bound it would set is open).
 */
function timeOf(value: string | number | null | undefined, ifAbsent: number): number | undefined {
  if (value == null) return ifAbsent;
  return parseDateTime(typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value);
}
