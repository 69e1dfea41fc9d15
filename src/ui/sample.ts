/**
 * A card like an offer's, for an adapter to draw once where nobody sees it while the game loads
 * (its first real offer then runs warm code): a title, a line of markup, a product with a
 * discount, the toggle; no image, so nothing is fetched. Its actions do nothing.
 *
 * @module
 */
import { parseRichText } from '../richtext/index.js';
import type { OfferView } from './types.js';

export const sampleView = (): OfferView =>
  ({
    offerId: 0,
    kind: 'personalized',
    language: 'en',
    title: 'Offer',
    message: parseRichText('<b>50%</b> off'),
    products: [{ id: 'p', name: 'Product', price: 2, discountPrice: 1.5, discountPercent: 25 }],
    toggleLabel: '',
    dismiss: () => undefined,
  }) as unknown as OfferView;

/** Runs `warm` in an idle moment (at most `timeoutMs` later), else in a task of its own; what it throws is ignored. */
export function whenIdle(warm: () => void, timeoutMs: number): void {
  const run = (): void => {
    try {
      warm();
    } catch {
      // A page that cannot (no body yet, no canvas context): the first offer runs cold, as before.
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 0);
}
