/**
 * What TpOfferView draws for an offer view, as plain data: one label per styled span (Cocos
 * Creator's RichText has `<on click>` and no escape, so an offer's text never goes through it),
 * the price line and name of each product, the toggle and the close button. Pure: no `cc` import,
 * so it is tested without the engine.
 */
import type { OfferView, Span } from 'tp-web-sdk';
import { labelsFor, priceText } from 'tp-web-sdk/dom';

/** The base font size, in pixels, as the SDK's adapters draw text; markup sizes are clamped to 0.5× to 3× of it. */
export const BASE_FONT_PX = 16;

/** One label of the message: a span's text and style. */
export interface SpanLabel {
  readonly text: string;
  /** `[r, g, b, a]`, 0 to 255, or undefined for the theme's text color. */
  readonly rgba: readonly [number, number, number, number] | undefined;
  readonly fontSize: number;
  readonly bold: boolean;
  readonly italic: boolean;
}

/** A Buy button: its words and the product it buys. */
export interface BuyButton {
  readonly productIndex: number;
  readonly name: string;
  /** `6,930` (with the struck regular price apart, in `was`), or the `buy` word without a price. */
  readonly price: string;
  readonly was: string | undefined;
  readonly label: string;
}

/** Everything drawn for one view. */
export interface OfferLayout {
  readonly title: string;
  /** The message: lines of span labels. */
  readonly lines: readonly (readonly SpanLabel[])[];
  readonly buttons: readonly BuyButton[];
  /** The do-not-show-again toggle's words, or undefined without a toggle. */
  readonly toggle: string | undefined;
  /** The close button's accessible name, in the offer's language. */
  readonly close: string;
}

const clampSize = (px: number | undefined): number => (px === undefined ? BASE_FONT_PX : Math.min(BASE_FONT_PX * 3, Math.max(BASE_FONT_PX / 2, px)));

/** `#rrggbbaa` as `[r, g, b, a]`. */
export function rgbaOf(color: string | undefined): SpanLabel['rgba'] {
  if (color === undefined || !/^#[0-9a-f]{8}$/.test(color)) return undefined;
  const n = (i: number): number => parseInt(color.slice(1 + i * 2, 3 + i * 2), 16);
  return [n(0), n(1), n(2), n(3)];
}

const labelOf = (span: Span): SpanLabel => ({ text: span.text, rgba: rgbaOf(span.color), fontSize: clampSize(span.size), bold: span.bold, italic: span.italic });

/**
 * A line of several spans cut into words, for a wrapping row of labels: each piece is a word with
 * the spaces after it (a row breaks after spaces, as the DOM dialog's does), in its span's style.
 * Spaces at the line's start stay a piece of their own; a no-break space joins; no text is lost
 * or reordered.
 */
export function wordsOf(line: readonly SpanLabel[]): SpanLabel[] {
  return line.flatMap((span) => (span.text.match(/[ \t]+|[^ \t]+[ \t]*/g) ?? []).map((text) => ({ ...span, text })));
}

/** The layout of `view`, its words in the offer's language (`locale` for prices: the page's by default). */
export function offerLayout(view: OfferView, locale?: string): OfferLayout {
  const words = labelsFor(view.language);
  return {
    title: view.title,
    lines: view.message.lines.map((line) => line.map(labelOf)),
    buttons: view.products.map((product, productIndex) => {
      const price = priceText(product, locale);
      return { productIndex, name: product.name, price: price?.now ?? '', was: price?.was, label: price ? `${words.buy} ${price.now}` : words.buy };
    }),
    toggle: view.toggleLabel,
    close: words.close,
  };
}
