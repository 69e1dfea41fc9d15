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

/** The fields of `info`, read once and checked; a string saying why when one cannot be read. */
function readInfo(info: object): ProductInfo | string {
  const { name, price, currencyCode, imageUrl } = info as Record<keyof ProductInfo, unknown>;
  if (name !== undefined && !(typeof name === 'string' && name.trim() !== '')) return 'a name that is not a non-blank string';
  if (price !== undefined && !(typeof price === 'number' && Number.isFinite(price) && price >= 0)) return 'a price that is not a finite number >= 0';
  const currency = currencyCodeOf(currencyCode);
  if (currencyCode !== undefined && currency === undefined) return 'a currencyCode that is not three letters';
  const image = typeof imageUrl === 'string' && imageUrl.length <= 2048 ? httpUrl(imageUrl) : undefined;
  if (imageUrl !== undefined && image === undefined) return 'an imageUrl that is not an http(s) URL';
  return { name: name as string | undefined, price: price as number | undefined, currencyCode: currency, imageUrl: image };
}

/**
 * `source`'s answer for `product`, checked and copied; undefined when there is none, and when
 * `source` threw or answered something unreadable (a non-object, a field of the wrong kind): then
 * `onError` gets a `TpError` `config` saying which product and why.
 */
export function askProductInfo(
  source: ProductInfoSource | undefined,
  product: ProductCheck,
  onError: ((error: TpError) => void) | undefined,
): ProductInfo | undefined {
  if (!source) return undefined;
  const about = `productInfo for product ${product.id ?? `#${product.index ?? '?'}`} of offer ${product.offer.offer_id}`;
  let read: ProductInfo | string | undefined;
  try {
    const info: unknown = source(product);
    // null is nothing, as undefined is: a game's lookup that found no entry.
    read = info == null ? undefined : typeof info !== 'object' || Array.isArray(info) ? 'not an object' : readInfo(info);
  } catch (cause) {
    onError?.(new TpError('config', `${about} threw: the product shows as the offer carries it`, { cause }));
    return undefined;
  }
  if (typeof read !== 'string') return read;
  onError?.(new TpError('config', `${about} returned ${read}: the product shows as the offer carries it`));
  return undefined;
}
