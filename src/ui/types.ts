/**
 * The seam between the offer engine and whatever draws an offer: the view model ({@link OfferView})
 * and the adapter contract ({@link UiAdapter}).
 *
 * @module
 */
import type { RichText } from '../richtext/index.js';
import type { OfferPurchase } from './purchase.js';

/** One product as a game would draw it. */
export interface ProductView {
  /** `purchasable_slug` (AI) or `product_id` (personalized); reported as `message_detail`. */
  readonly id: string | undefined;
  /** The game's name for it (the `productInfo` option), else `product_name`, else the slug or product index. Plain text. */
  readonly name: string;
  /**
   * Regular price, in the currency's units: the service's (personalized offers), or the game's
   * (`productInfo`, AI offers).
   */
  readonly price: number | undefined;
  /** Price after discount (personalized offers). */
  readonly discountPrice: number | undefined;
  /**
   * Discount as a percentage (20 for 20 % off), from `discount_rate` (a fraction ≤ 1 or a percent);
   * undefined when the price after discount is not below the regular price.
   */
  readonly discountPercent: number | undefined;
  /**
   * ISO 4217 code of the prices' currency, upper case (`USD`): from `productInfo`, else the
   * `currencyCode` option; undefined without a price or a currency (prices are then bare numbers).
   */
  readonly currencyCode?: string | undefined;
  /** `purchase_link` (AI) or the message `url` (personalized); only ever http(s), else undefined. */
  readonly purchaseUrl: string | undefined;
  /**
   * The product's image (http(s) only), from `productInfo`. The DOM and canvas adapters draw no
   * product images: it is there for a game drawing its own view.
   */
  readonly imageUrl?: string | undefined;
  /**
   * End of the sale period, in milliseconds since the epoch (AI offers), as the service wrote it.
   * The SDK closes the view at this instant of its estimate of the service's time; a countdown
   * drawn from the device clock (`Date.now()`) is off by the device's error.
   */
  readonly saleEndsAt: number | undefined;
}

/**
 * What there is to draw of an offer, in one language, for one platform: plain data, built by the
 * pure `buildOfferContent`. Every string is plain text: draw it with `textContent` or the engine's
 * text object, never as markup.
 */
export interface OfferContent {
  readonly offerId: number;
  readonly kind: 'ai' | 'personalized';
  /** The language key chosen from the offer (`en`, `ko`, …): the caller's, the browser's, `en`, the first. */
  readonly language: string;
  /** The offer's title, as sent: it may be empty or blank (the DOM and canvas adapters then show `labels.offer`). */
  readonly title: string;
  /**
   * The message, parsed from Unity-style rich text into lines of spans. Personalized offers have
   * none: one line without spans. Test `lines.some((line) => line.length > 0)` before drawing a
   * message block (`lines.length` is never 0).
   */
  readonly message: RichText;
  /** The personalized offer's image (http(s) only). */
  readonly imageUrl: string | undefined;
  /** The AI offer's background image (http(s) only). */
  readonly backgroundUrl: string | undefined;
  /** On sale and allowed products (AI), or the one product (personalized). */
  readonly products: readonly ProductView[];
  /**
   * Label of the do-not-show-again toggle; undefined: no toggle. As sent: it may be empty or blank
   * (the DOM and canvas adapters then show `labels.doNotShowAgain`).
   */
  readonly toggleLabel: string | undefined;
  /**
   * `message_layout` of personalized offers (`h` occurs), as it came; undefined for AI offers. The
   * spec does not say what a code means: the DOM and canvas adapters ignore it (one layout, the
   * image above the title); a game that knows its codes lays its card out by them.
   */
  readonly layout: string | undefined;
}

/** How a shown offer ended. */
export type OfferOutcome =
  | { readonly action: 'dismiss'; readonly offerId: number; readonly doNotShowAgain: boolean }
  /**
   * `doNotShowAgain`: the toggle was set; the offer is hidden on this device too. `purchase`: with
   * the `purchase` option, what the purchase handler's payment came to (`offers.show()` and
   * `showAt()` resolve after it); undefined without the option, or without a product.
   */
  | {
      readonly action: 'interact';
      readonly offerId: number;
      readonly product: ProductView | undefined;
      readonly doNotShowAgain: boolean;
      readonly purchase?: OfferPurchase;
    }
  /**
   * It stopped being usable while on screen (its time ran out, or a refresh switched it off, no
   * longer listed it, or shortened it), or the sale of a product it shows ended; the SDK
   * closed it (`offer:expired`). Shown again, it lists the products still on sale. Also when it
   * stopped being usable before `open()`: it was never open (no event, nothing reported).
   */
  | { readonly action: 'expired'; readonly offerId: number }
  /**
   * The game took it off screen itself ({@link OfferActions.close}), or a newer view of the same
   * offer ended this one before it was opened; nothing reported.
   */
  | { readonly action: 'closed'; readonly offerId: number };

/**
 * What the player can do to an offer on screen. Each drives the offer's state machine
 * (spec: States and transitions; docs/decisions.md, "Offer states") and reports a
 * `players_offers` record (spec: upload object `players_offers`). After the offer
 * ended (dismissed, interacted, expired) every call is ignored.
 */
export interface OfferActions {
  /**
   * The offer is on screen: reports `open` (the first open of an offer also sends the first-open
   * update). `offers.show()` calls it once the adapter's `present` returned; a game drawing a view
   * from `offers.view()` calls it when it has drawn it. Calls after the first are ignored. An
   * offer that stopped being usable since the view was made (it expired while the game loaded
   * what it draws) is not opened: nothing is reported, and `closed` resolves `expired`.
   */
  open(): void;
  /**
   * The close button, Escape, or the back gesture: reports `dismiss` (with `message_detail`
   * `do_not_show_again` when the toggle is set). Before `open()`, waits for it.
   */
  dismiss(): void;
  /**
   * The purchase button: reports `interact` with the product's id as `message_detail`, then the SDK
   * closes the offer (the game takes the next step); the outcome carries the product. Pass the
   * product itself (one of {@link OfferContent.products}, not a copy kept in the game's state):
   * that one is bought, even when products have no id (an AI product without `purchasable_slug`).
   * An id string picks the product with that id (none: the outcome's product is undefined, the id
   * is still reported). Another object (a copy, another view's product) picks none: the outcome's
   * product is undefined, and its id is reported. Nothing: the first product. Before `open()`,
   * waits for it.
   */
  interact(product?: ProductView | string): void;
  /**
   * The do-not-show-again toggle; applied when the offer ends: dismissed (reported with
   * `message_detail` `do_not_show_again`) or interacted (hidden on this device, `interact` reported).
   */
  setDoNotShowAgain(value: boolean): void;
  /**
   * The game takes the offer off screen itself (a scene change, a match starting), not the
   * player: nothing is reported (`dismiss` means the player closed it). An opened offer moves to
   * `closed` (`offer:close` with cause `closed`) and can be shown again; `closed` resolves with
   * `{ action: 'closed' }`. Before `open()`, it only ends the view. `offers.show()` calls it when
   * its `signal` aborts, `identify()` with another player calls it on every view of the
   * previous player's offers, the client's `shutdown()` on every view not yet closed, and a new
   * view of the same offer (`offers.view()`, `offers.show()`) on one not yet opened.
   */
  close(): void;
}

/**
 * An offer ready to draw and act on: its content and the actions that drive its state machine.
 * A game that draws its own UI (Phaser, PixiJS, its own widgets) uses only this.
 */
export interface OfferView extends OfferContent, OfferActions {
  /** Resolves when the offer left the screen, with how. Remove what you drew then. */
  readonly closed: Promise<OfferOutcome>;
  /**
   * Where the offer's image (`backgroundUrl ?? imageUrl`) stands, for a game that draws the view
   * with its own engine (the headless adapter's `current`). `offers.show()` sets it before
   * `present`, from the adapter's {@link UiAdapter.prepare}: draw the image only when `ready`
   * (the dialog is then drawn once, image included); with `failed`, draw the offer without it.
   * See {@link ImageState}.
   */
  readonly imageState: ImageState;
}

/**
 * Where an offer's image stands:
 *
 * - `none`: the offer has no image to draw (none sent, or `offerImages.resolve` dropped it);
 * - `loading`: not prepared: `offers.show()` is waiting for the adapter's `prepare`, or nobody
 *   prepares it (a view from `offers.view()`, an adapter without `prepare`: the game loads it);
 * - `ready`: `prepare` resolved within the wait: the image is loaded and decoded;
 * - `failed`: `prepare` rejected, or did not resolve within the wait (3000 ms): the offer is drawn
 *   without its image, and the image is not added later (the dialog does not move under the
 *   player's finger).
 */
export type ImageState = 'none' | 'loading' | 'ready' | 'failed';

/**
 * Draws offers. `present` is called with a view; the adapter calls the view's actions from what
 * the player does. `close` removes whatever `present` drew (called by the SDK when the offer ended,
 * idempotent). Adapters never report anything themselves, and never call `open` (the SDK does).
 */
export interface UiAdapter {
  /**
   * Loads and decodes what `view` draws that comes over the network (its image), before
   * `present`. `offers.show()` awaits it within its wait (3000 ms), then calls `present`, then
   * reports `open`: `open` means drawn, image included when it came. Resolve when the image is
   * ready to draw; reject when it cannot be (it is then left out). When `signal` aborts (the wait
   * ran out, or `show()`'s own signal aborted), stop: `present` of that view must then draw
   * without the image, and never add it later. Optional: without it, `present` is called at once.
   */
  prepare?(view: OfferView, options: { readonly signal: AbortSignal }): Promise<void>;
  /**
   * Draws `view` (replacing any offer drawn before). Throw when it cannot be shown where the
   * player sees it: `show()` then rejects with `OfferError` `ui-failed`, and nothing is reported.
   */
  present(view: OfferView): void;
  /** Removes what `present` drew; idempotent. */
  close(): void;
}
