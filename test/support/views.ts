/**
 * Offer views for adapter tests: real content (decoded from the spec's samples, built by
 * buildOfferContent) with actions that record what an adapter called.
 */
import { decodeOffer, type Offer } from '../../src/offers/index.js';
import { buildOfferContent, type ContentContext } from '../../src/offers/content.js';
import type { OfferOutcome, OfferView } from '../../src/ui/types.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';

export const NOW = Date.UTC(2026, 0, 1);

/** Decodes an offer record built around `body` (throws when it does not decode). */
export function offerOf(body: unknown, offerId = 1001): Offer {
  const r = decodeOffer(offerRecord(offerId, body));
  if (!r.ok) throw r.error;
  return r.offer;
}

/**
 * A view of `body` whose actions push to `calls` (`open`, `dismiss`, `interact:<id>`, `toggle:<bool>`,
 * `close`). `interact` given a product records its id, or `#<index>` for a product without one.
 */
export function recordingView(body: unknown, ctx: Partial<ContentContext> = {}): { view: OfferView; calls: string[] } {
  const calls: string[] = [];
  const content = buildOfferContent(offerOf(body), { languages: ['en'], store: 'ios', now: NOW, ...ctx });
  const view: OfferView = {
    ...content,
    closed: new Promise<OfferOutcome>(() => undefined),
    imageState: content.backgroundUrl === undefined && content.imageUrl === undefined ? 'none' : 'loading',
    open: () => void calls.push('open'),
    dismiss: () => void calls.push('dismiss'),
    interact: (p) => void calls.push(`interact:${typeof p === 'object' ? (p.id ?? `#${content.products.indexOf(p)}`) : p}`),
    setDoNotShowAgain: (v) => void calls.push(`toggle:${v}`),
    close: () => void calls.push('close'),
  };
  return { view, calls };
}

/** The spec's AI offer with hostile English strings (HTML, script, event handlers) and `background_url`. */
export function hostileAiBody(backgroundUrl: string | null) {
  return {
    ...aiBody,
    display_parameters: {
      en: {
        title: '<img src=x onerror="window.pwned=1">',
        message: '<script>window.pwned=1</script><b onclick=x>bold?</b>',
        background_url: backgroundUrl,
        toggle_message: '<i>t</i>',
      },
    },
  };
}

/** The spec's AI offer with two products on sale for iOS and no `purchasable_slug` (the spec allows it). */
export const twoUnnamedProducts = {
  ...aiBody,
  recommendations: [
    {
      store: 'ios',
      product_list: ['1', '2'].map((index) => ({
        product_index: index,
        purchasable_slug: null,
        purchase_link: null,
        start_datetime: null,
        end_datetime: null,
      })),
    },
  ],
};
