/**
 * What the game tells of a product (the `productInfo` option): its name, price, currency and
 * image, asked once per product each time an offer's content is built, and checked. A function
 * that throws or answers something unreadable changes nothing of that product: it shows as it
 * came from the service, and the failure is an `error` event.
 *
 * @module
 */
import { TpError } from '../errors/index.js';
import { httpUrl } from '../internal/index.js';
import type { ProductCheck } from './usability.js';

/**
 * What the game knows of a product, for the player to see (the `productInfo` option). Every field
 * is optional; a field left out keeps what the offer carries.
 */
export interface ProductInfo {
  /** The product's name, plain text, not blank; instead of the slug of an AI product, or `product_name`. */
  readonly name?: string;
  /**
   * The price the player pays, a finite number ≥ 0 in the currency's units (`4.99` dollars,
   * `5500` won). Read for AI products only: a personalized offer's prices are the service's.
   */
  readonly price?: number;
  /** ISO 4217 code of the price's currency, three letters (`USD`, `krw`); instead of the `currencyCode` option. */
  readonly currencyCode?: string;
  /** The product's image, an http(s) URL (at most 2048 characters). */
  readonly imageUrl?: string;
}

/** The `productInfo` option: what the game tells of `product`, or undefined (or null) for nothing. */
export type ProductInfoSource = (product: ProductCheck) => ProductInfo | undefined;

/** `value` as an upper-case ISO 4217 code, or undefined when it is not three ASCII letters. */
export const currencyCodeOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : undefined;

/** The fields of `info`, read once and checked; why the first unreadable one is not. */
function readInfo(info: object): ProductInfo | string {
  // An async lookup answers a Promise: nothing of it is read, and the game hears why.
  if (typeof (info as { then?: unknown }).then === 'function') return 'a Promise (productInfo answers synchronously)';
  const { name, price, currencyCode, imageUrl } = info as Record<keyof ProductInfo, unknown>;
  const currency = currencyCodeOf(currencyCode);
  const image = typeof imageUrl === 'string' && imageUrl.length <= 2048 ? httpUrl(imageUrl) : undefined;
  return name !== undefined && !(typeof name === 'string' && name.trim())
    ? 'bad name'
    : price !== undefined && !(typeof price === 'number' && Number.isFinite(price) && price >= 0)
      ? 'bad price'
      : currencyCode !== undefined && !currency
        ? 'bad currencyCode'
        : imageUrl !== undefined && !image
          ? 'bad imageUrl'
          : { name: name as string | undefined, price: price as number | undefined, currencyCode: currency, imageUrl: image };
}

/**
 * `source`'s answer for `product`, checked and copied; undefined when there is none, and when
 * `source` threw or answered something unreadable (not an object; a blank name, a price not a
 * finite number >= 0, a currency not three letters, an image not http(s)): then `onError` gets a
 * `TpError` `config` naming the product, the offer and the field.
 */
export function askProductInfo(
  source: ProductInfoSource | undefined,
  product: ProductCheck,
  onError: ((error: TpError) => void) | undefined,
): ProductInfo | undefined {
  if (!source) return undefined;
  let read: ProductInfo | string | undefined;
  let cause: unknown;
  try {
    const info: unknown = source(product);
    // null is nothing, as undefined is: a game's lookup that found no entry.
    read = info == null ? undefined : typeof info == 'object' && !Array.isArray(info) ? readInfo(info) : 'bad answer';
  } catch (error) {
    read = 'threw';
    cause = error;
  }
  if (typeof read != 'string') return read;
  onError?.(new TpError('config', `productInfo of ${product.id ?? `#${product.index}`} in offer ${product.offer.offer_id}: ${read}, shown as sent`, { cause }));
  return undefined;
}
