/**
 * What an adapter rehearses while the game loads, so its first real offer runs warm code (the
 * frame budget, docs/decisions.md): a sample card to draw where nobody sees it, and the idle
 * moment to do it in.
 *
 * @module
 */
import { parseRichText } from '../richtext/index.js';
import type { OfferView } from './types.js';

/** A card like an offer's: a title, a line of markup, a product with a discount, the toggle; no image (nothing fetched); its actions do nothing. */
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
