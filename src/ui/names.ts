/**
 * What the DOM and canvas adapters call an offer and its controls, shown and spoken: the offer's
 * own words, with the adapter's labels where the service sent an empty or blank string (a dialog
 * without a name, a checkbox without a label, is what a screen reader cannot announce).
 *
 * @module
 */
import { priceText } from './format.js';
import type { UiLabels } from './labels.js';
import type { OfferContent, ProductView } from './types.js';

/**
 * `text` unless it is empty or shows nothing: only white space (what `trim()` removes) and
 * characters drawn as nothing (`Default_Ignorable_Code_Point`: zero-width space and joiners, soft
 * hyphen, the Hangul fillers, …), which `trim()` keeps and a screen reader announces as nothing.
 */
const given = (text: string | undefined): string | undefined => (text && /[^\s\p{DI}]/u.test(text) ? text : undefined);

/** The title drawn and the dialog's name: the offer's, or `labels.offer` for an empty or blank one. */
export const titleText = (view: OfferContent, labels: UiLabels): string => given(view.title) ?? labels.offer;

/** The toggle's text: the offer's, `labels.doNotShowAgain` for an empty or blank one, undefined when there is no toggle. */
export const toggleText = (view: OfferContent, labels: UiLabels): string | undefined =>
  view.toggleLabel === undefined ? undefined : (given(view.toggleLabel) ?? labels.doNotShowAgain);

/**
 * A purchase button's accessible name: `Buy: Gems, 6,930, was 9,900, -30%`. What the player pays is
 * part of what the button does, and a screen reader does not say a price is struck through. The
 * name starts with the visible word (WCAG 2.5.3, label in name).
 */
export function buyName(product: ProductView, labels: UiLabels): string {
  const price = priceText(product);
  const spoken = price ? [price.now, price.was && `${labels.was} ${price.was}`, price.discount] : [];
  // A product without a name (a personalized offer without `product_name` or `product_id`): the word alone.
  return [given(product.name) ? `${labels.buy}: ${product.name}` : labels.buy, ...spoken].filter(Boolean).join(', ');
}
