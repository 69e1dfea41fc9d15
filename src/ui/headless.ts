/**
 * The headless adapter: draws nothing, holds the presented view and its actions, so a game that
 * draws with its own engine (or a test) reads `current` and calls the actions.
 *
 * @module
 */
import type { OfferActions, OfferView, UiAdapter } from './types.js';

/** A presented offer. */
export interface Presentation {
  readonly view: OfferView;
  readonly actions: OfferActions;
}

/** A {@link UiAdapter} that records instead of drawing. */
export interface HeadlessAdapter extends UiAdapter {
  /** The offer on screen, if any. */
  readonly current: Presentation | undefined;
  /** Calls `listener` on every `present`; returns a function that stops it. */
  onPresent(listener: (presentation: Presentation) => void): () => void;
  /** Calls `listener` on every `close`; returns a function that stops it. */
  onClose(listener: () => void): () => void;
}

/** Creates a headless adapter. */
export function createHeadlessAdapter(): HeadlessAdapter {
  let current: Presentation | undefined;
  const presentListeners = new Set<(p: Presentation) => void>();
  const closeListeners = new Set<() => void>();
  return {
    get current() {
      return current;
    },
    present(view, actions) {
      current = { view, actions };
      for (const l of [...presentListeners]) l(current);
    },
    close() {
      if (!current) return;
      current = undefined;
      for (const l of [...closeListeners]) l();
    },
    onPresent(listener) {
      presentListeners.add(listener);
      return () => presentListeners.delete(listener);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
  };
}
