/**
 * One offer, many adapters: a {@link UiAdapter} that hands every view it is given to several
 * adapters at once. Demo code, not SDK code: a game has one UI, the demo shows three side by side.
 *
 * All of them receive the same `OfferView` object, so whichever one the player uses drives the one
 * offer: the SDK calls `open()` once after `present` returned (three drawings, one `open`), and
 * the first `dismiss()` or `interact()` ends the offer (the SDK ignores actions after the end)
 * and makes the SDK call `close()`, which closes all of them.
 *
 * Adapters are presented in the order given and closed in the reverse order, like a stack: an
 * adapter that takes the keyboard focus on `present` and gives it back on `close` (the DOM and
 * canvas adapters do) hands it back to the one presented before it, and the first one back to
 * where focus was before the offer. Put the adapter that should end up with the focus last.
 */
import type { OfferView, UiAdapter } from 'tp-web-sdk';

/** Options of {@link fanOut}. */
export interface FanOutOptions {
  /**
   * Called when one adapter throws from `present` or `close`; the others still draw (or close).
   * `present` rethrows only when every adapter failed, so the SDK does not open an offer that
   * nobody drew.
   */
  readonly onError?: (error: unknown, index: number) => void;
}

/** A {@link UiAdapter} presenting each view to every one of `adapters`, in order, and closing them all, in reverse order. */
export function fanOut(adapters: readonly UiAdapter[], options: FanOutOptions = {}): UiAdapter {
  /** Calls `call` on each adapter (in reverse order with `reverse`); returns what they threw. */
  const each = (call: (adapter: UiAdapter) => void, reverse = false): unknown[] => {
    const errors: unknown[] = [];
    const indexes = adapters.map((_, index) => index);
    for (const index of reverse ? indexes.reverse() : indexes) {
      try {
        call(adapters[index]!);
      } catch (error) {
        errors.push(error);
        options.onError?.(error, index);
      }
    }
    return errors;
  };
  return {
    present(view: OfferView) {
      const errors = each((adapter) => adapter.present(view));
      if (adapters.length > 0 && errors.length === adapters.length) throw errors[0];
    },
    close() {
      each((adapter) => adapter.close(), true);
    },
  };
}
