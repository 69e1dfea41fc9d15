/**
 * `offers.show()`: a view drawn through the game's UI adapter once its image is prepared (within the
 * wait), one offer on screen at a time; an abort signal takes it off screen.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import type { OfferOutcome, OfferView } from '../ui/index.js';
import type { OffersDeps } from './contract.js';
import { DEFAULT_WAIT_MS } from './defaults.js';
import { prepareWithin } from './images.js';
import type { OpenView } from './views.js';

/** `offers.show()` of one engine, and what `shutdown()` takes away. */
export function createShows(deps: Pick<OffersDeps, 'ui' | 'waitMs'>, openView: OpenView, fail: (error: unknown) => void) {
  let showing: { offerId: number; view?: OfferView } | undefined;
  return {
    /** See `OffersApi.show`. */
    async show(offerId: number, { signal }: { readonly signal?: AbortSignal } = {}): Promise<OfferOutcome> {
      const stopIfAborted = (): void => {
        if (signal?.aborted) throw signal.reason;
      };
      stopIfAborted();
      const ui = deps.ui();
      if (!ui) throw new OfferError(offerId, 'no-ui', 'no `ui` adapter (or draw offers.view() yourself)');
      if (showing) throw new OfferError(offerId, 'busy', `offer ${showing.offerId} is on screen`);
      const shown: { offerId: number; view?: OfferView } = { offerId };
      showing = shown;
      const onAbort = (): void => shown.view?.close();
      try {
        // Ended: another offer may be shown at once (from the adapter's `close`, say).
        const view = (shown.view = await openView(offerId, () => {
          showing = undefined;
          ui.close();
        }));
        stopIfAborted();
        signal?.addEventListener('abort', onAbort);
        // The image loaded and decoded first, within the wait: `open` means drawn, image included
        // when it came. The view may end meanwhile (an abort, an expiry): it is not drawn.
        const ended = await prepareWithin(ui, view, deps.waitMs ?? DEFAULT_WAIT_MS, fail);
        if (ended) {
          if (ended.action === 'closed') stopIfAborted();
          return ended;
        }
        try {
          ui.present(view);
        } catch (cause) {
          // What the adapter drew before it threw is taken away, and the view ends (never open:
          // nothing was reported).
          view.close();
          try {
            ui.close();
          } catch {
            // The adapter's first failure is the one reported.
          }
          throw new OfferError(offerId, 'ui-failed', 'the UI adapter threw', { cause });
        }
        view.open();
        const outcome = await view.closed;
        // It ended unopened (it expired as it was drawn): what the adapter drew goes too.
        if (showing === shown) ui.close();
        if (outcome.action === 'closed') stopIfAborted();
        return outcome;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        if (showing === shown) showing = undefined;
      }
    },
    /** An offer is on screen through `show()` (or being prepared for it). */
    busy: (): boolean => showing !== undefined,
    /** Takes away what the adapter drew (at `shutdown()`). */
    stop(): void {
      if (showing) deps.ui()?.close();
    },
  };
}
