/**
 * Builds the {@link OfferContent} of an offer: what there is to draw, in one language, for one
 * platform. Pure, but for the game's `productInfo`, asked once per product shown. Spec: Offer record; AI offer body (`display_parameters`, `recommendations`);
 * personalized offer body (`message`, prices, `message_layout`). Decisions: docs/decisions.md,
 * "Drawing offers: one view, three adapters".
 *
 * @module
 */
import type { PlatformStore } from '../internal/index.js';
import { parseRichText } from '../richtext/index.js';
import { discountPercent, type OfferContent, type ProductView } from '../ui/index.js';
import type { TpError } from '../errors/index.js';
import { pickLanguage } from './language.js';
import { askProductInfo, currencyCodeOf, type ProductInfo, type ProductInfoSource } from './product-info.js';
import type { Offer } from './types.js';
import { availableProducts, idText, saleWindow, type ProductCheck } from './usability.js';

/** Inputs of {@link buildOfferContent}. */
export interface ContentContext {
  /** Preferred languages, most wanted first (the offer's own order decides after `en`). */
  readonly languages: readonly string[];
  readonly store: PlatformStore;
  /** Milliseconds since the epoch (the service's time); products off sale at this instant are left out. */
  readonly now: number;
  /** False for a product the player may not buy; it is left out. */
  readonly canPurchase?: (product: ProductCheck) => boolean;
  /** What the game tells of each product shown (the `productInfo` option); see {@link ProductInfo}. */
  readonly productInfo?: ProductInfoSource;
  /** ISO 4217 code of the prices' currency when `productInfo` names none (the `currencyCode` option); undefined: prices are bare numbers. */
  readonly currencyCode?: string;
  /** Gets what `productInfo` threw or answered that could not be read (that product shows as the offer carries it). */
  readonly onError?: (error: TpError) => void;
}

/** The content of `offer`. Strings are plain text; URLs are http(s) (checked when the offer was decoded) or undefined. */
export function buildOfferContent(offer: Offer, ctx: ContentContext): OfferContent {
  if (offer.kind === 'ai') {
    const [language, display] = inLanguage(offer.body.display_parameters, ctx.languages);
    return {
      offerId: offer.offer_id,
      kind: 'ai',
      language,
      title: display.title,
      message: parseRichText(display.message),
      imageUrl: undefined,
      backgroundUrl: display.background_url ?? undefined,
      products: (availableProducts(offer, ctx) ?? []).map((p) => {
        const id = p.purchasable_slug ?? undefined;
        const info = askProductInfo(ctx.productInfo, { offer, id, index: idText(p.product_index) }, ctx.onError);
        return product(id, info?.name ?? id ?? idText(p.product_index) ?? '', p.purchase_link, {
          ...priced(info?.price, info, ctx),
          imageUrl: info?.imageUrl,
          saleEndsAt: p.end_datetime == null ? undefined : saleWindow(p)?.[1],
        });
      }),
      toggleLabel: display.toggle_message ?? undefined,
      layout: undefined,
    };
  }
  const { body } = offer;
  const [language, message] = inLanguage(body.message, ctx.languages);
  const id = idText(body.product_id);
  const info = askProductInfo(ctx.productInfo, { offer, id, index: undefined }, ctx.onError);
  return {
    offerId: offer.offer_id,
    kind: 'personalized',
    language,
    title: message.title,
    message: parseRichText(''),
    imageUrl: message.image ?? undefined,
    backgroundUrl: undefined,
    products: [
      product(id, info?.name ?? idText(body.product_name) ?? id ?? '', message.url, {
        // The service's prices: the game's catalog price is not the personalized one.
        ...priced(body.price, info, ctx),
        imageUrl: info?.imageUrl,
        discountPrice: body.discount_price,
        // No badge for a price with nothing off: a stated rate alone is no discount.
        discountPercent: body.discount_price < body.price ? discountPercent(body.discount_rate) : undefined,
      }),
    ],
    toggleLabel: undefined,
    layout: body.message_layout,
  };
}

/** The URL of `offer`'s image in the language {@link buildOfferContent} would pick, as sent. */
export function offerImageUrl(offer: Offer, languages: readonly string[]): string | undefined {
  if (offer.kind === 'ai') return inLanguage(offer.body.display_parameters, languages)[1].background_url ?? undefined;
  return inLanguage(offer.body.message, languages)[1].image ?? undefined;
}

/** The language to show (see `pickLanguage`) and the offer's texts in it. */
function inLanguage<T>(texts: Readonly<Record<string, T>>, languages: readonly string[]): [string, T] {
  const language = pickLanguage(Object.keys(texts), languages)!;
  return [language, texts[language]!];
}

/** `price` with its currency: the game's for this product, else the `currencyCode` option; none without a price. */
function priced(price: number | undefined, info: ProductInfo | undefined, ctx: ContentContext): Pick<ProductView, 'price' | 'currencyCode'> {
  return { price, currencyCode: price === undefined ? undefined : (info?.currencyCode ?? currencyCodeOf(ctx.currencyCode)) };
}

function product(id: string | undefined, name: string, url: string | null | undefined, extra: Partial<ProductView>): ProductView {
  return {
    id,
    name,
    price: undefined,
    discountPrice: undefined,
    discountPercent: undefined,
    currencyCode: undefined,
    purchaseUrl: url ?? undefined,
    imageUrl: undefined,
    saleEndsAt: undefined,
    ...extra,
  };
}
