/**
 * Builds the {@link OfferView} of an offer. Pure.
 *
 * @module
 */
import type { PlatformStore } from '../internal/env.js';
import { parseDateTime } from '../internal/time.js';
import { pickLanguage } from '../offers/language.js';
import { availableProducts, type ProductCheck } from '../offers/usability.js';
import type { AiOffer, Offer, PersonalizedOffer } from '../offers/types.js';
import { parseRichText } from '../richtext/index.js';
import type { OfferView, ProductView } from './types.js';

/** Inputs of {@link buildOfferView}. */
export interface ViewContext {
  /** Preferred languages, most wanted first. */
  readonly languages: readonly string[];
  readonly store: PlatformStore;
  /** Milliseconds since the epoch (the service's time); products off sale at this instant are left out. */
  readonly now: number;
  /** False for a product the player may not buy; it is left out. */
  readonly canPurchase?: (product: ProductCheck) => boolean;
}

const EMPTY = parseRichText('');

/** The view of `offer`. */
export function buildOfferView(offer: Offer, ctx: ViewContext): OfferView {
  return offer.kind === 'ai' ? aiView(offer, ctx) : personalizedView(offer, ctx);
}

function aiView(offer: AiOffer, ctx: ViewContext): OfferView {
  const params = offer.body.display_parameters;
  const language = pickLanguage(Object.keys(params), ctx.languages)!;
  const display = params[language]!;
  const products = (availableProducts(offer, ctx) ?? []).flatMap((p) => (p.kind === 'ai' ? [p.product] : []));
  return {
    offerId: offer.offer_id,
    kind: 'ai',
    language,
    title: display.title,
    message: parseRichText(display.message),
    imageUrl: undefined,
    backgroundUrl: display.background_url ?? undefined,
    products: products.map(
      (p): ProductView => ({
        id: p.purchasable_slug ?? undefined,
        name: p.purchasable_slug ?? (p.product_index != null ? String(p.product_index) : ''),
        price: undefined,
        discountPrice: undefined,
        discountRate: undefined,
        purchaseUrl: p.purchase_link ?? undefined,
        saleEndsAt: p.end_datetime == null ? undefined : parseDateTime(p.end_datetime),
      }),
    ),
    toggleLabel: display.toggle_message ?? undefined,
    layout: undefined,
  };
}

function personalizedView(offer: PersonalizedOffer, ctx: ViewContext): OfferView {
  const { body } = offer;
  const language = pickLanguage(Object.keys(body.message), ctx.languages)!;
  const message = body.message[language]!;
  const id = body.product_id != null ? String(body.product_id) : undefined;
  return {
    offerId: offer.offer_id,
    kind: 'personalized',
    language,
    title: message.title,
    message: EMPTY,
    imageUrl: message.image ?? undefined,
    backgroundUrl: undefined,
    products: [
      {
        id,
        name: body.product_name ?? id ?? '',
        price: body.price,
        discountPrice: body.discount_price,
        discountRate: body.discount_rate,
        purchaseUrl: message.url ?? undefined,
        saleEndsAt: undefined,
      },
    ],
    toggleLabel: undefined,
    layout: body.message_layout,
  };
}
