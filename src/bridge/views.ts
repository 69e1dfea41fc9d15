/**
 * Offer views across the bridge: each view the engine may draw gets a `viewId`, and its content
 * crosses as data (the message as spans, plain text and, when asked, the engine's markup). The
 * `view.*` ops find it again by id. With `ui: 'engine'`, offers shown by `offers.show` and
 * `offers.showAt` reach the engine as `view:present` and `view:close` messages.
 *
 * @module
 */
import { linesAsMarkup, plainText, type EngineMarkupTarget } from '../richtext/index.js';
import type { OfferView, UiAdapter } from '../ui/index.js';
import type { BridgeView, BridgeViewContent } from './types.js';

/** The views the engine can act on, by id. */
export interface ViewRegistry {
  /** Registers `view` (forgotten once it closed) and returns it as the bridge sends it. */
  add(view: OfferView, markup: EngineMarkupTarget | undefined): BridgeView;
  get(viewId: string): OfferView | undefined;
}

function contentOf(view: OfferView, markup: EngineMarkupTarget | undefined): BridgeViewContent {
  const { offerId, kind, language, title, message, imageUrl, backgroundUrl, products, toggleLabel, layout } = view;
  const written = markup === undefined || markup === 'spans' ? undefined : linesAsMarkup(message.lines, markup);
  return { offerId, kind, language, title, lines: message.lines, text: plainText(message), ...(written !== undefined && { markup: written }), imageUrl, backgroundUrl, products, toggleLabel, layout };
}

export function createViewRegistry(): ViewRegistry {
  const views = new Map<string, OfferView>();
  let next = 0;
  return {
    add(view, markup) {
      const viewId = `v${++next}`;
      views.set(viewId, view);
      void view.closed.then(
        () => views.delete(viewId),
        () => views.delete(viewId),
      );
      return { viewId, content: contentOf(view, markup) };
    },
    get: (viewId) => views.get(viewId),
  };
}

/**
 * The adapter of `ui: 'engine'`: `present` posts `view:present` with the view, `close` posts
 * `view:close`; the engine draws it and answers with the `view.*` ops (`open` is the SDK's).
 */
export function createEngineAdapter(views: ViewRegistry, markup: EngineMarkupTarget | undefined, post: (event: string, data: unknown) => void): UiAdapter {
  let shown: string | undefined;
  return {
    present(view) {
      const wired = views.add(view, markup);
      shown = wired.viewId;
      post('view:present', wired);
    },
    close() {
      if (shown === undefined) return;
      post('view:close', { viewId: shown });
      shown = undefined;
    },
  };
}
