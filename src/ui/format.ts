/**
 * Text the adapters draw besides the offer's own strings: prices and discounts, formatted the same
 * way in every adapter.
 *
 * @module
 */
import { inIdleSteps } from './warm-up.js';
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

/**
 * Number formats, made once per locale and decimals. Making one is slow, and the first of a
 * renderer process very: the browser loads its number data (100 to 220 ms at 4× CPU throttling,
 * once fallen in the task that showed the first offer; docs/decisions.md). The adapters make the
 * page's first ones early ({@link warmNumberFormats}).
 */
const formats = new Map<string, Intl.NumberFormat>();

/** The format of numbers with `minimumFractionDigits` to two decimals in `locale` (default: the page's). */
function numberFormat(locale: string | undefined, minimumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}/${minimumFractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits: 2 })));
  return format;
}

/**
 * The currency format of `currency` (ISO 4217) in `locale`, with the currency's own decimals
 * (`$4.50`, `₩5,500`); made once per locale and code, as the number formats. Undefined for a code
 * the browser refuses.
 */
function currencyFormat(locale: string | undefined, currency: string): Intl.NumberFormat | undefined {
  const key = `${locale}/${currency}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return undefined; // a code that is not three letters (a view a game built): bare numbers
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes the page's format of prices in `currency` (ISO 4217) in an idle moment (one step: the
 * number data are those {@link warmNumberFormats} loads), so the first price in it reuses it:
 * the offer engine calls it at its start with the `currencyCode` option.
 */
export function warmCurrencyFormat(currency: string): void {
  const make = (): unknown => currencyFormat(undefined, currency)?.format(1);
  try {
    if (typeof requestIdleCallback == 'function') requestIdleCallback(make, { timeout: 200 });
    else setTimeout(make);
  } catch {
    // A page whose idle callbacks fail (a game's polyfill): made when a price first needs it.
  }
}

/**
 * Makes the page's number formats in an idle moment (`requestIdleCallback`, else a task), so the
 * browser's one-time cost falls while the game loads rather than in the task that shows an offer.
 * An adapter calls it when it is created.
 */
export function warmNumberFormats(): void {
  inIdleSteps(
    [
      () => {
        numberFormat(undefined, 0).format(1);
        numberFormat(undefined, 2).format(1);
      },
    ],
    200,
  );
}

/** `6930` → `6,930`, `4.999` → `5`, `0.25` → `0.25`: at most two decimals, in `locale` (default: the page's). */
export function formatNumber(n: number, locale?: string): string {
  return numberFormat(locale, 0).format(n);
}

/**
 * A price: `6930` → `6,930`, `4.5` → `4.50`, `4.999` → `5.00`: whole, or with two decimals, so a
 * struck price and the one to pay read alike. With a currency, in its style and decimals
 * (`USD`: `$4.50`, `$6,930.00`; `KRW`: `₩6,930`).
 */
const formatOne = (n: number, locale: string | undefined, currency: string | undefined): string =>
  (currency === undefined ? undefined : currencyFormat(locale, currency))?.format(n) ?? numberFormat(locale, Number.isInteger(n) ? 0 : 2).format(n);

/**
 * The price line of `product`, or undefined when it has no price (an AI product the game's
 * `productInfo` gives none). Prices are in the currency of `product.currencyCode`, if any.
 */
export function priceText(product: ProductView, locale?: string): PriceText | undefined {
  const { price, discountPrice, discountPercent, currencyCode } = product;
  const pay = discountPrice ?? price;
  if (pay === undefined) return undefined;
  const formatPrice = (n: number): string => formatOne(n, locale, currencyCode);
  return {
    was: price !== undefined && discountPrice !== undefined && discountPrice < price ? formatPrice(price) : undefined,
    now: formatPrice(pay),
    discount: discountPercent ? `-${formatNumber(discountPercent, locale)}%` : undefined,
  };
}

/** `discount_rate` as a percentage: a rate in (0, 1] is a fraction (0.2 → 20), larger is a percent already. */
export function discountPercent(rate: number | null | undefined): number | undefined {
  if (rate == null || !(rate > 0)) return undefined;
  return rate <= 1 ? Math.round(rate * 10_000) / 100 : rate;
}
