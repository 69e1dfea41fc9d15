/**
 * The seam between the offer engine and whatever draws an offer.
 *
 * @module
 */
import type { RichText } from '../richtext/index.js';

/** One product as a game would draw it. */
export interface ProductView {
  /** `purchasable_slug` (AI) or `product_id` (personalized); reported as `message_detail`. */
  readonly id: string | undefined;
  /** `product_name`, else the slug or product index. */
  readonly name: string;
  /** Regular price (personalized offers). */
  readonly price: number | undefined;
  /** Price after discount (personalized offers). */
  readonly discountPrice: number | undefined;
  /** Discount rate as the service sends it (personalized offers). */
  readonly discountRate: number | undefined;
  /** `purchase_link` (AI) or the message `url` (personalized); always http(s). */
  readonly purchaseUrl: string | undefined;
  /** End of the sale period, in milliseconds since the epoch (AI offers). */
  readonly saleEndsAt: number | undefined;
}

/** An offer ready to draw, in one language, for one platform. Plain data. */
export interface OfferView {
  readonly offerId: number;
  readonly kind: 'ai' | 'personalized';
  /** The language key chosen from the offer (`en`, `ko`, …). */
  readonly language: string;
  /** Plain text; draw with `textContent` or the engine's text object, never as markup. */
  readonly title: string;
  /** The message, parsed from Unity-style rich text. Empty for personalized offers. */
  readonly message: RichText;
  /** The personalized offer's image. */
  readonly imageUrl: string | undefined;
  /** The AI offer's background image. */
  readonly backgroundUrl: string | undefined;
  /** On sale and allowed products (AI), or the one product (personalized). */
  readonly products: readonly ProductView[];
  /** Label of the do-not-show-again toggle; undefined hides the toggle. */
  readonly toggleLabel: string | undefined;
  /** `message_layout` of personalized offers (`h` occurs). */
  readonly layout: string | undefined;
}

/** What the player can do to a presented offer. Each call after the first action is ignored. */
export interface OfferActions {
  /** The close button, Escape, or the back gesture: reports `dismiss`. */
  dismiss(): void;
  /** The purchase button: reports `interact` with the product's id as `message_detail`. */
  interact(productId?: string): void;
  /** The do-not-show-again toggle; applied when the offer is dismissed. */
  setDoNotShowAgain(value: boolean): void;
}

/**
 * Draws offers. `present` is called with a view and the actions to call back; `close` removes
 * whatever `present` drew (called by the SDK after an action, idempotent). Adapters never report
 * anything themselves: the SDK does, from the actions.
 */
export interface UiAdapter {
  present(view: OfferView, actions: OfferActions): void;
  close(): void;
}
