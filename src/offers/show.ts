/**
 * `offers.show()`: a view drawn through the game's UI adapter once its image is prepared (within the
 * wait), one offer on screen at a time; an abort signal takes it off screen. `showAt` draws through
 * the same path with a gate (show-at-wait.ts): what is left of its wait, and the decision made
 * again before anything is drawn.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import type { OfferOutcome, OfferView } from '../ui/index.js';
import type { OffersDeps } from './contract.js';
import { DEFAULT_WAIT_MS } from './defaults.js';
import type { SkipReason } from './events.js';
import { prepareWithin } from './images.js';
import type { OpenView } from './views.js';

type InteractOutcome = Extract<OfferOutcome, { action: 'interact' }>;

/** How `showAt` has its offer drawn: within what is left of its wait, and only while still wanted. */
export interface ShowGate {
  /** What is left of the wait for the image, in milliseconds. */
  readonly waitMs: number;
  /** Why the offer is no longer to be drawn (undefined: it still is), asked before `present` and at each change. */
  unwanted(): SkipReason | undefined;
  /** Calls `listener` when something changed that may make the offer unwanted (gameplay started); returns a function that stops. */
  onChange(listener: () => void): () => void;
}

/** `offers.show()` of one engine, and what `shutdown()` takes away. */
export function createShows(
  deps: Pick<OffersDeps, 'ui' | 'waitMs'>,
  openView: OpenView,
  fail: (error: unknown) => void,
  afterInteract?: (outcome: InteractOutcome, signal: AbortSignal | undefined) => Promise<InteractOutcome>,
) {
  let showing: { offerId: number; view?: OfferView } | undefined;

  /** `show()`; with `gate`, resolves with the reason instead when the offer stopped being wanted before it was drawn. */
  async function draw(offerId: number, signal: AbortSignal | undefined, gate?: ShowGate): Promise<OfferOutcome | SkipReason> {
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
    /** Why it is no longer wanted, once it is not: the view (not drawn yet) then ends, unopened. */
    let dropped: SkipReason | undefined;
    const drop = (): SkipReason | undefined => {
      dropped ??= gate?.unwanted();
      if (dropped) shown.view?.close();
      return dropped;
    };
    const unwatch = gate?.onChange(drop);
    try {
      // Ended: another offer may be shown at once (from the adapter's `close`, say).
      // After a Buy with a purchase to follow, the offer stays the one showing until it is done (busy).
      const view = (shown.view = await openView(offerId, (ended) => {
        if (!afterInteract || ended.action !== 'interact') showing = undefined;
        ui.close();
      }));
      stopIfAborted();
      signal?.addEventListener('abort', onAbort);
      if (drop()) return dropped!;
      // The image loaded and decoded first, within the wait: `open` means drawn, image included
      // when it came. The view may end meanwhile (an abort, an expiry, no longer wanted): it is not drawn.
      const ended = await prepareWithin(ui, view, gate?.waitMs ?? deps.waitMs ?? DEFAULT_WAIT_MS, fail);
      if (ended) {
        if (ended.action === 'closed') stopIfAborted();
        return ended.action === 'closed' ? (dropped ?? ended) : ended;
      }
      // `showAt`'s decision made again after the wait, before anything is drawn.
      if (drop()) return dropped!;
      unwatch?.();
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
      // The dialog is gone (no focus trap, no `inert`) before the game's store opens.
      return outcome.action === 'interact' && afterInteract ? await afterInteract(outcome, signal) : outcome;
    } finally {
      unwatch?.();
      signal?.removeEventListener('abort', onAbort);
      if (showing === shown) showing = undefined;
    }
  }

  return {
    /** See `OffersApi.show`. */
    show: (offerId: number, { signal }: { readonly signal?: AbortSignal } = {}): Promise<OfferOutcome> => draw(offerId, signal) as Promise<OfferOutcome>,
    /** `show()` for `showAt`: see {@link ShowGate}. */
    showGated: (offerId: number, signal: AbortSignal | undefined, gate: ShowGate): Promise<OfferOutcome | SkipReason> => draw(offerId, signal, gate),
    /** An offer is on screen through `show()` (or being prepared for it). */
    busy: (): boolean => showing !== undefined,
    /** Takes away what the adapter drew (at `shutdown()`). */
    stop(): void {
      if (showing) deps.ui()?.close();
    },
  };
}
