/**
 * The offer options of `createClient`: their documentation, checks and defaults. The client
 * composes them with its own (client/options.ts); `tp-web-sdk/logging` refuses them.
 *
 * @module
 */
import { isBoolean, isCount, isFunction, isNonNegative, isPositive, TEXT, type PlatformStore, type Rule } from '../internal/index.js';
import { ConfigError } from '../errors/index.js';
import type { UiAdapter } from '../ui/index.js';
import type { AutoRefreshOptions } from './contract.js';
import { DISCOUNT_TOLERANCE, VALID_FOR_UNIT_MS } from './defaults.js';
import type { OfferRules } from './offer-rules.js';
import { currencyCodeOf, type ProductInfo } from './product-info.js';
import type { OfferImagesOptions } from './images.js';
import type { PurchaseHandler } from './purchase-record.js';
import type { ProductCheck } from './usability.js';

/**
 * The offer options of `createClient` (`tp-web-sdk` and the script-tag build). The
 * `createClient` of `tp-web-sdk/logging` has no offers: it throws a `ConfigError` for each of
 * them.
 *
 * `P` is the placement names of `offerRules.placements`, inferred from the object given.
 */
export interface OfferOptions<P extends string = string> {
  /**
   * Draws offers for `offers.show()`: `createDomAdapter()` (`tp-web-sdk/dom`), `createCanvasAdapter()`
   * (`tp-web-sdk/canvas`), `createHeadlessAdapter()` or your own. With none, the game draws `offers.view()`.
   * @default none with `import 'tp-web-sdk'`; the DOM adapter in a browser with the script-tag build
   */
  ui?: UiAdapter | null;
  /** Preferred offer language, before the browser's languages. */
  language?: string;
  /**
   * The platform whose AI recommendations apply: an AI offer's recommendation is the one whose
   * `store` is this value (case-insensitive).
   * @default detected: 'ios', 'android' or 'web'
   */
  platform?: PlatformStore;
  /** Query parameter naming the player on GET /offers. @default 'player_slug' */
  offersPlayerParam?: string;
  /**
   * Largest GET /offers answer body read, in bytes as received (a `Content-Length` above it is
   * refused before reading). A larger answer is cancelled while it streams in and refused with an
   * `OfferError` of reason `too-large`: `offers.refresh()` rejects with it (an automatic refresh
   * emits it as an `error` event) and the known offers stay as they were.
   * @default 1048576 (1 MiB)
   */
  maxOffersBytes?: number;
  /** Milliseconds in one unit of an offer's `valid_for`. @default 1000 (seconds) */
  validForUnitMs?: number;
  /**
   * Whether the player may buy a product (not owned yet, level high enough), from the offer and
   * the product's `purchasable_slug` (AI) or `product_id` (personalized) as `id`. Synchronous: keep
   * it cheap. Products it refuses are left out; an offer left with none is `not-on-sale`.
   * @default every product may be bought
   */
  canPurchase?: (product: ProductCheck) => boolean;
  /**
   * What the player sees of a product, from the game's own catalog: its name, price, currency and
   * image (`ProductInfo`), from the offer and the product's `purchasable_slug` (AI) or
   * `product_id` (personalized) as `id`. AI products carry only a slug (`golden_sword`) and no
   * price: with it, they show the game's name and price. A personalized product shows the game's
   * name before `product_name`, and always the service's prices, in the currency given here,
   * else in `currencyCode`. Return undefined (or null) to leave a product as the offer carries
   * it. Asked each time an offer's content is built (`offers.show()`, `offers.view()`), once per
   * product shown. Synchronous: keep it cheap. The DOM and canvas adapters draw no product
   * images: `imageUrl` is in the view's products (`offers.view()`, the headless adapter) for a
   * game that draws its own.
   *
   * A function that throws, or answers anything else than an object of those fields (a blank
   * name, a negative or non-finite price, a code that is not three letters, a URL that is not
   * http(s)), changes nothing of that product, which shows as the offer carries it: the failure
   * is an `error` event (`TpError` `config`), never thrown into the game.
   * @default none: names and prices as the offer carries them
   */
  productInfo?: (product: ProductCheck) => ProductInfo | undefined;
  /**
   * ISO 4217 code of the prices' currency (`USD`, `KRW`; three letters, any case), for the prices
   * whose `productInfo` names none: they are drawn with `Intl.NumberFormat` in currency style
   * (`$4.99`, `₩5,500`) in the page's locale. Another value is a `ConfigError` at `createClient`.
   * @default none: prices are bare numbers (`4.99`)
   */
  currencyCode?: string;
  /**
   * Largest gap between a personalized offer's `discount_rate` and the rate its prices imply
   * (`1 − discount_price / price`), as a fraction; a larger one makes the offer `malformed`.
   * @default 0.05 (5 percentage points: prices rounded to marketing prices pass)
   */
  discountTolerance?: number;
  /**
   * Refreshes offers without the game asking: at start, when the player returns to the page.
   * `minIntervalMs` also paces `offers.showAt()`, which refreshes in the background when the
   * player's last refresh is older.
   * @default off (`minIntervalMs` 300000)
   */
  offersAutoRefresh?: AutoRefreshOptions;
  /**
   * When and how often placements and triggers show offers (`OfferRules`; the decision is
   * `pickOffer`):
   * - `minIntervalMs` (180000), `sessionGraceMs` (60000), `maxPerSession` (3), `maxPerDay` (6, per
   *   UTC day): caps across all offers, per player on this device, in device time. An explicit
   *   `offers.show()` is never capped, but every open counts;
   * - `waitMs` (3000): the longest `show()` waits for the offer's image, and the one budget of
   *   `showAt()` for its first refresh and the image together;
   * - `placements`: name → `{ kinds?, accept?, minIntervalMs?, maxPerSession? }`. With a map, a
   *   name not in it shows nothing; without one, any name shows any offer;
   * - `priority(a, b)`: the order of the candidates, instead of the default (never opened first,
   *   then the one whose usability ends soonest, then the newest);
   * - `triggers`: `[{ on, when?, placement }]`: a record of kind `on` that `track()` accepts (and
   *   `when(record)` passes) asks for `offers.showAt(placement)` after `track()` returns; in
   *   gameplay or a hidden page it waits (one per placement, the newest; at most 30 s) for
   *   `gameplayStop()` or the page becoming visible.
   *
   * Checked at `createClient`: a `ConfigError` names the path at fault
   * (`offerRules.placements.game-over.maxPerSession`, `offerRules.triggers[0].on`).
   * @default the caps above, no placements map, no triggers
   */
  offerRules?: OfferRules<P>;
  /**
   * The offers' images. `offers.show()` has the adapter load and decode the image before the
   * dialog is drawn (`UiAdapter.prepare`), for at most `offerRules.waitMs` (3000 ms): past that, or when it fails, the
   * offer is drawn without it and the image is not added later; `open` is reported once drawn.
   * `prefetch: true` loads the usable offers' images after each refresh (not when the browser says
   * the player saves data), so that they are ready when shown; `resolve` maps an image's URL to a
   * bundled asset (portals that forbid external images) or drops it. A `ConfigError` of option
   * `offerImages.prefetch` or `offerImages.resolve` names a wrong member.
   * @default `{ prefetch: false }`: each image as sent, loaded when its offer is shown
   */
  offerImages?: OfferImagesOptions;
  /**
   * Buys a product through the game's store (or a portal's: CrazyGames' `store.buyItem(itemId)`)
   * when the player presses Buy on an offer shown by `offers.show()` or `showAt()`. The SDK reports
   * `interact`, closes the dialog (no focus trap, no `inert` left on the page: the store's own
   * widget comes next), then calls it with the offer, the product (`ProductView`: `id` is the
   * `purchasable_slug` or `product_id`) and a `signal`; `show()` and `showAt()` resolve after it,
   * with `purchase` on the `interact` outcome (`OfferPurchase`), and `offer:purchase` is emitted.
   * The placement stays busy while it runs.
   *
   * Its `PurchaseResult`: `purchased` tracks exactly one `characters_purchases` record, each field
   * from the result, else the product (`productInfo`'s price, a personalized offer's
   * `discount_price`; `productInfo`'s currency, else `currencyCode`), `character_slug` from the
   * result or the `characterSlug` option (docs/decisions.md, "Purchase records"); a field none of
   * them fills: nothing tracked, a `warning` names it. `cancelled` and `failed` track nothing.
   * `pending` keeps the attempt on the device for `offers.purchases()` and
   * `offers.settlePurchase()`, on any later page. The attempt is saved before the handler is called
   * (it waits for that at most 500 ms), so a handler that takes the page at once (a redirect to the
   * store's checkout) leaves it for the next page.
   *
   * An answer that is not a `PurchaseResult` (not an object, an unknown status, a negative price)
   * is `failed` with reason `bad-result`; one that throws is `failed` with reason `threw`: each an
   * `error` event, nothing tracked. One that never settles holds the placement until its `signal`
   * aborts (`pagehide`, `shutdown()`, `show()`'s signal): the attempt is then `pending`.
   * @default none: Buy reports `interact` and the outcome carries the product (the DOM adapter's
   * `openLinks` opens the purchase link); the game tracks its purchases itself
   */
  purchase?: PurchaseHandler;
  /**
   * `character_slug` of the `characters_purchases` records the SDK tracks for the `purchase`
   * option, when the `PurchaseResult` names none (1 to 256 characters).
   * @default none: a result without `characterSlug` is not tracked (a `warning` names the field)
   */
  characterSlug?: string;
}

/** Every offer option and its rule. */
export const OFFER_RULES: Readonly<Record<keyof OfferOptions, Rule>> = {
  ui: [(v) => v === null || (typeof v === 'object' && isFunction((v as UiAdapter).present) && isFunction((v as UiAdapter).close)), 'a UI adapter with present() and close(), or null'],
  language: TEXT,
  platform: TEXT,
  offersPlayerParam: TEXT,
  maxOffersBytes: [isCount, 'an integer number of bytes >= 1'],
  validForUnitMs: [isPositive, 'a number of milliseconds > 0'],
  canPurchase: [isFunction, 'a function of a product returning true or false'],
  productInfo: [isFunction, 'a function'],
  currencyCode: [(v) => currencyCodeOf(v) !== undefined, 'an ISO 4217 code (USD)'],
  discountTolerance: [(v) => isNonNegative(v) && (v as number) <= 1, 'a fraction from 0 to 1'],
  offersAutoRefresh: [isAutoRefresh, '{ onStart?: boolean, onVisible?: boolean, minIntervalMs?: number >= 0 }'],
  // An object here; checked in depth by the package entry (offer-rules-check.ts), which names the
  // path at fault: the logging entry, which refuses the option, carries none of that.
  offerRules: [(v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object'],
  offerImages: [isOfferImages, '{ prefetch?: boolean, resolve?: (url, offer) => string | undefined }'],
  purchase: [isFunction, 'a function of { offer, product, signal } returning a Promise of a PurchaseResult'],
  characterSlug: TEXT,
};

/** The defaults of the offer options that have one (the others are decided where they are used). */
export const OFFER_DEFAULTS = {
  offersPlayerParam: 'player_slug',
  maxOffersBytes: 1_048_576,
  validForUnitMs: VALID_FOR_UNIT_MS,
  discountTolerance: DISCOUNT_TOLERANCE,
} as const satisfies OfferOptions;

/** Offer options with their defaults applied (those that have one). */
export type ResolvedOfferOptions = Omit<OfferOptions, keyof typeof OFFER_DEFAULTS> & Required<Pick<OfferOptions, keyof typeof OFFER_DEFAULTS>>;

function isAutoRefresh(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { onStart = false, onVisible = false, minIntervalMs = 0, ...rest } = value as AutoRefreshOptions;
  return Object.keys(rest).length === 0 && isBoolean(onStart) && isBoolean(onVisible) && isNonNegative(minIntervalMs);
}

/** `offerImages`: an object of known members; a wrong member throws a `ConfigError` naming its path. */
function isOfferImages(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { prefetch, resolve, ...rest } = value as OfferImagesOptions;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new ConfigError(`offerImages.${unknown}`, 'unknown option');
  if (prefetch !== undefined && !isBoolean(prefetch)) throw new ConfigError('offerImages.prefetch', 'expected true or false');
  if (resolve !== undefined && !isFunction(resolve)) throw new ConfigError('offerImages.resolve', 'expected a function of (url, offer) returning a URL or undefined');
  return true;
}
