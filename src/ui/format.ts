/**
 * Text the adapters draw besides the offer's own strings: prices and discounts, formatted the same
 * way in every adapter.
 *
 * @module
 */
import type { ProductView } from './types.js';

/** The price line of a product, as plain strings. */
export interface PriceText {
  /** The regular price, struck through, when a lower discount price is shown. */
  readonly was: string | undefined;
  /** The price to pay. */
  readonly now: string;
  /** `-20%`, when there is a discount. */
  readonly discount: string | undefined;
}

/** `6930` → `6,930`, `4.999` → `5`, `0.25` → `0.25`: at most two decimals, in `locale` (default: the page's). */
export function formatNumber(n: number, locale?: string): string {
  return n.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/** A price: `6930` → `6,930`, `4.5` → `4.50`, `4.999` → `5.00`: whole, or with two decimals, so a struck price and the one to pay read alike. */
const formatPrice = (n: number, locale?: string): string =>
  n.toLocaleString(locale, { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 });

/** The price line of `product`, or undefined when it has no price (AI offers). */
export function priceText(product: ProductView, locale?: string): PriceText | undefined {
  const { price, discountPrice, discountPercent } = product;
  const pay = discountPrice ?? price;
  if (pay === undefined) return undefined;
  return {
    was: price !== undefined && discountPrice !== undefined && discountPrice < price ? formatPrice(price, locale) : undefined,
    now: formatPrice(pay, locale),
    discount: discountPercent ? `-${formatNumber(discountPercent, locale)}%` : undefined,
  };
}

/** `discount_rate` as a percentage: a rate in (0, 1] is a fraction (0.2 → 20), larger is a percent already. */
export function discountPercent(rate: number | null | undefined): number | undefined {
  if (rate == null || !(rate > 0)) return undefined;
  return rate <= 1 ? Math.round(rate * 10_000) / 100 : rate;
}
