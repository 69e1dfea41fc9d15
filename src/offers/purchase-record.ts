/**
 * The pure rules of a purchase made from an offer: whether the game's answer is a
 * `PurchaseResult`, and the `characters_purchases` record a `purchased` one makes, each field
 * from the result, else from what the offer's product shows (docs/decisions.md, "Purchase
 * records").
 *
 * @module
 */
import { isNonNegative, isPositive } from '../internal/index.js';
import type { ProductView, PurchaseAttempt, PurchaseResult } from '../ui/index.js';
import { currencyCodeOf } from './product-info.js';
import type { Offer } from './types.js';

/**
 * The game's `purchase` handler (`OfferOptions.purchase`): buys `product` of `offer` through the
 * game's store (or a portal's) and resolves with what the payment came to. `signal` aborts when
 * the page goes (`pagehide`), at `shutdown()`, and when `offers.show()`'s signal aborts: stop
 * waiting then (the attempt stays `pending`, for `offers.settlePurchase()`).
 */
export type PurchaseHandler = (purchase: { readonly offer: Offer; readonly product: ProductView; readonly signal: AbortSignal }) => Promise<PurchaseResult>;

/** What the SDK knew of a product when its purchase started: where the fields of a record come from when the result names none. */
export interface PurchaseFallback {
  /** `purchasable_slug` (AI) or `product_id` (personalized). */
  readonly productId: string | undefined;
  /** The unit price shown: `productInfo`'s (AI), the service's `discount_price` (personalized). */
  readonly unitPrice: number | undefined;
  /** `productInfo`'s currency, else the `currencyCode` option. */
  readonly currencyCode: string | undefined;
}

/** An attempt as the device keeps it (in the caps store's entry of its player), with what its record will need. */
export interface StoredAttempt extends PurchaseAttempt {
  readonly fallback: PurchaseFallback;
}

/** A `characters_purchases` record of the SDK's own (the device's fields are the client's). */
export interface PurchaseRecord {
  readonly player_slug: string;
  readonly character_slug: string;
  readonly purchasable_slug: string;
  readonly purchase_quantity: number;
  readonly purchase_unit_price: number;
  readonly purchase_total_price: number;
  readonly purchase_currency_code: string;
}

const STATUSES = new Set(['purchased', 'cancelled', 'failed', 'pending']);
/** An optional field of a result: absent, or as `check` wants it. */
const absentOr = (check: (v: unknown) => boolean) => (v: unknown): boolean => v === undefined || check(v);
const isAmount = absentOr(isNonNegative);
const isName = absentOr((v) => typeof v === 'string' && v.trim() !== '');

/** `value` as a `PurchaseResult`, copied; undefined when it is not one (see `OfferPurchase.result`). */
export function readPurchaseResult(value: unknown): PurchaseResult | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { status, quantity, unitPrice, totalPrice, currencyCode, characterSlug, reason } = value as Record<string, unknown>;
  if (typeof status !== 'string' || !STATUSES.has(status)) return undefined;
  if (status === 'failed') return reason === undefined || typeof reason === 'string' ? { status, ...(reason !== undefined && { reason }) } : undefined;
  if (status !== 'purchased') return { status } as PurchaseResult;
  const ok =
    absentOr(isPositive)(quantity) &&
    isAmount(unitPrice) &&
    isAmount(totalPrice) &&
    (currencyCode === undefined || currencyCodeOf(currencyCode) !== undefined) &&
    isName(characterSlug);
  if (!ok) return undefined;
  return {
    status,
    ...(quantity !== undefined && { quantity: quantity as number }),
    ...(unitPrice !== undefined && { unitPrice: unitPrice as number }),
    ...(totalPrice !== undefined && { totalPrice: totalPrice as number }),
    ...(currencyCode !== undefined && { currencyCode: currencyCodeOf(currencyCode)! }),
    ...(characterSlug !== undefined && { characterSlug: characterSlug as string }),
  };
}

/** What the offer's product shows of its price and currency, for a purchase of it. */
export function purchaseFallback(offer: Offer, product: ProductView, currencyCode: string | undefined): PurchaseFallback {
  // A personalized offer sells at its `discount_price`; an AI offer carries no price (productInfo's is shown).
  const unitPrice = offer.kind === 'personalized' ? (product.discountPrice ?? product.price) : product.price;
  return { productId: product.id, unitPrice, currencyCode: product.currencyCode ?? currencyCodeOf(currencyCode) };
}

/** Rounds away the float noise of a product (`4.99 * 3`), keeping six decimals. */
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * The record of `result` by `playerSlug`: quantity 1 unless given; a unit price from the result
 * (or its total over the quantity), else `fallback`; the total from the result, else the unit
 * price times the quantity; the currency from the result, else `fallback`; `character_slug` from
 * the result, else `characterSlug` (the option). The name of the first field that cannot be
 * filled instead.
 */
export function purchaseRecord(
  result: Extract<PurchaseResult, { status: 'purchased' }>,
  fallback: PurchaseFallback,
  playerSlug: string,
  characterSlug: string | undefined,
): PurchaseRecord | { readonly missing: keyof PurchaseRecord } {
  const quantity = result.quantity ?? 1;
  const unit = result.unitPrice ?? (result.totalPrice !== undefined ? round(result.totalPrice / quantity) : fallback.unitPrice);
  const total = result.totalPrice ?? (unit === undefined ? undefined : round(unit * quantity));
  const currency = result.currencyCode ?? fallback.currencyCode;
  const character = result.characterSlug ?? characterSlug;
  if (fallback.productId === undefined) return { missing: 'purchasable_slug' };
  if (unit === undefined || total === undefined) return { missing: 'purchase_unit_price' };
  if (currency === undefined) return { missing: 'purchase_currency_code' };
  if (character === undefined) return { missing: 'character_slug' };
  return {
    player_slug: playerSlug,
    character_slug: character,
    purchasable_slug: fallback.productId,
    purchase_quantity: quantity,
    purchase_unit_price: unit,
    purchase_total_price: total,
    purchase_currency_code: currency,
  };
}
