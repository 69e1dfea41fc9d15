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

/**
 * Runs `steps` in order in idle moments (`requestIdleCallback`, each at most `timeoutMs` after the
 * one before; else a task each), so that no task of the rehearsal runs long: the next step runs
 * in the same idle moment only while the steps run so far took under {@link BATCH_MS} and the
 * moment has room for a long step ({@link ROOM_MS}); else in the next. A step that throws ends
 * the rehearsal (a page that cannot: no body yet, no canvas context; the first offer then runs
 * cold, as before). Nothing of it reaches the game.
 */
export function inIdleSteps(steps: ReadonlyArray<() => void>, timeoutMs: number): void {
  let i = 0;
  const run = (deadline?: IdleDeadline): void => {
    try {
      const started = performance.now();
      do steps[i++]!();
      while (i < steps.length && deadline && performance.now() - started < BATCH_MS && deadline.timeRemaining() > ROOM_MS);
      if (i < steps.length) next();
    } catch {
      // The rehearsal ends here.
    }
  };
  const next = (): void => {
    try {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
      else setTimeout(run, 0);
    } catch {
      // A page whose idle callbacks fail (a game's polyfill): no rehearsal.
    }
  };
  if (steps.length > 0) next();
}

/** Milliseconds of steps after which an idle moment takes no more (see {@link inIdleSteps}). */
const BATCH_MS = 8;
/** Milliseconds an idle moment must have left for one more step: about the longest step at 4× CPU throttling. */
const ROOM_MS = 40;
