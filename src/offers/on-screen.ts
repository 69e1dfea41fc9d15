/**
 * The offer views not yet closed (shown, or drawn by the game from `offers.view()`), each with the
 * player it is for and the function that decides it again: a refresh rechecks them, `identify()`,
 * a newer view of the same offer and `shutdown()` close them.
 *
 * @module
 */
import type { OfferView } from '../ui/index.js';

/** The views on screen of one engine: see the module's description. */
export type OnScreen = ReturnType<typeof createOnScreen>;

export function createOnScreen() {
  const views = new Map<OfferView, [player: string, recheck: () => void]>();
  return {
    /** Holds `view` (for `player`) until its `closed` resolves. */
    add(view: OfferView, player: string, recheck: () => void): void {
      views.set(view, [player, recheck]);
      void view.closed.then(() => views.delete(view));
    },
    /** Decides every view again (after a refresh changed the offers): an unusable one closes `expired`. */
    recheck(): void {
      for (const [, [, recheck]] of views) recheck();
    },
    /** Closes the views `which` picks (nothing reported: `closed`). */
    close(which: (view: OfferView, player: string) => boolean): void {
      for (const [view, [player]] of views) if (which(view, player)) view.close();
    },
  };
}
