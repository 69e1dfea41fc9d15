/**
 * The headless adapter: draws nothing. It records what would be drawn, and holds the view on
 * screen, so a game drawing with its own engine (or a test) reads `current` (or listens with
 * `onPresent`) and calls the view's actions.
 *
 * With `offers.show()`, `open` is reported as soon as `present` returns, drawn or not. An engine
 * that loads the offer's image as a texture first gives its loader as the `prepare` option:
 * `show()` waits for it (at most `offerRules.waitMs`, 3000 ms by default) before `present`, and the view's `imageState` then says
 * whether the texture came (`ready`) or the offer is to be drawn without it (`failed`). An engine
 * that draws later for other reasons (a scene not running yet) and wants `open` only once the
 * player can see the offer draws `offers.view()` itself and calls `open()` then.
 *
 * @module
 */
import type { OfferView, UiAdapter } from './types.js';

/** One entry of {@link HeadlessAdapter.drawn}. */
export type DrawnEntry = { readonly op: 'present'; readonly view: OfferView } | { readonly op: 'close'; readonly offerId: number };

/**
 * A {@link UiAdapter} that records instead of drawing. Its `close()` may be called by the game too
 * (a scene change): the offer on screen ends as with the view's `close()` (`closed`, nothing
 * reported).
 */
export interface HeadlessAdapter extends UiAdapter {
  /** The offer on screen, if any. */
  readonly current: OfferView | undefined;
  /**
   * The last 20 presents and closes (each `close` of an offer on screen: the last 10 offers),
   * oldest first. Not all: each present holds its view, and a game session shows hundreds of offers.
   */
  readonly drawn: readonly DrawnEntry[];
  /** Calls `listener` on every `present`; returns a function that stops it. */
  onPresent(listener: (view: OfferView) => void): () => void;
  /**
   * Calls `listener` when the offer on screen is closed (it has ended: the next offer can be
   * shown from the listener); returns a function that stops it.
   */
  onClose(listener: (view: OfferView) => void): () => void;
}

/** Options of {@link createHeadlessAdapter}. */
export interface HeadlessAdapterOptions {
  /**
   * The adapter's {@link UiAdapter.prepare}: the engine's own load of what it draws of the view
   * (the image as a texture, from `backgroundUrl ?? imageUrl`), which `offers.show()` awaits before
   * `present`. Stop when its signal aborts. Default: none (`present` is called at once).
   */
  readonly prepare?: UiAdapter['prepare'];
}

/** How many entries {@link HeadlessAdapter.drawn} keeps. */
const DRAWN_KEPT = 20;

/** Creates a headless adapter. */
export function createHeadlessAdapter(options: HeadlessAdapterOptions = {}): HeadlessAdapter {
  let current: OfferView | undefined;
  const drawn: DrawnEntry[] = [];
  const record = (entry: DrawnEntry): void => {
    if (drawn.push(entry) > DRAWN_KEPT) drawn.shift();
  };
  const presentListeners = new Set<(view: OfferView) => void>();
  const closeListeners = new Set<(view: OfferView) => void>();
  const close = (): void => {
    const view = current;
    if (!view) return;
    current = undefined;
    record({ op: 'close', offerId: view.offerId });
    // The game took it off screen (a scene change): the offer ends (`closed`), as with `view.close()`,
    // before the listeners run, so that one of them can show the next offer.
    view.close();
    for (const l of [...closeListeners]) l(view);
  };
  return {
    ...(options.prepare && { prepare: options.prepare }),
    get current() {
      return current;
    },
    drawn,
    present(view) {
      close();
      current = view;
      record({ op: 'present', view });
      for (const l of [...presentListeners]) l(view);
    },
    close,
    onPresent(listener) {
      presentListeners.add(listener);
      return () => void presentListeners.delete(listener);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => void closeListeners.delete(listener);
    },
  };
}
