/**
 * Where everything of an offer goes on a canvas, pure: the card, what to draw in it, and the
 * regions the player can click or focus. The same dialog as the DOM adapter's: hero image, title,
 * message, product rows (name, price, purchase button), do-not-show-again toggle, × close button.
 * All coordinates are CSS pixels from the canvas's top-left corner.
 *
 * @module
 */
import type { Line, Span } from '../../richtext/index.js';
import { priceText } from '../format.js';
import type { UiLabels } from '../labels.js';
import { titleText, toggleText } from '../names.js';
import type { OfferContent, OfferView, ProductView } from '../types.js';
import type { CanvasTheme } from './theme.js';
import { wrapLines, type Measure, type TextRow } from './wrap.js';

/** A rectangle in CSS pixels. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** What a region does: the purchase button of `view.products[index]`, the toggle, or ×. */
export type Control = { readonly kind: 'buy'; readonly index: number } | { readonly kind: 'toggle' } | { readonly kind: 'close' };

/** Whether `a` and `b` are the same control (each layout makes its regions anew). */
export const sameControl = (a: Control, b: Control): boolean => a.kind === b.kind && (a.kind !== 'buy' || a.index === (b as typeof a).index);

/** A clickable, focusable region. */
export interface HitRegion {
  readonly control: Control;
  readonly rect: Rect;
}

/** One thing to draw, in order, clipped to the card. */
export type DrawItem =
  /** A filled rectangle with rounded corners. */
  | { readonly kind: 'rect'; readonly rect: Rect; readonly color: string; readonly radius: number }
  /** `fillText(text, x, y)` with the alphabetic baseline at `y`; `width` as measured, `size` the font's px. */
  | { readonly kind: 'text'; readonly x: number; readonly y: number; readonly width: number; readonly size: number; readonly text: string; readonly font: string; readonly color: string }
  /** The hero image, covering the rect (cropped to keep its aspect ratio). */
  | { readonly kind: 'image'; readonly rect: Rect }
  /** A check mark stroked inside the rect. */
  | { readonly kind: 'check'; readonly rect: Rect; readonly color: string };

/** The laid-out offer. */
export interface OfferLayout {
  /** The card: centered, at most 440 wide and 16 from every edge; nothing is drawn outside it. */
  readonly card: Rect;
  readonly items: readonly DrawItem[];
  /** In focus order: the purchase buttons, the toggle, the close button. Inside the card, disjoint. */
  readonly hits: readonly HitRegion[];
}

/** What changes between draws of the same offer. */
export interface LayoutState {
  /** The do-not-show-again toggle is set. */
  readonly checked: boolean;
  /** Natural size of the loaded hero image; undefined while it is not loaded (or failed). */
  readonly hero: { readonly w: number; readonly h: number } | undefined;
}

/** Base size of the message, in CSS pixels, as the DOM dialog's; `<size=N>` is clamped to 0.5×–3× of it. */
const BASE = 16;
const PAD = 20;
const BUTTON = 44;

/** A span of plain text, bold or not, in a color or the default one. */
const span = (text: string, color?: string, bold = false): Span => ({ text, color, bold, italic: false, size: undefined });

/** The height of `rows`, in CSS pixels. */
const sum = (rows: readonly TextRow[]): number => rows.reduce((a, r) => a + r.height, 0);

/** Wraps lines to a width in CSS pixels (at a base font size and a line height). */
type Wrap = (lines: readonly Line[], width: number, base?: number, lineHeight?: number) => TextRow[];

/** A product's wrapped name and price rows, their height, and its row's height (at least a button's). */
interface ProductRows {
  readonly name: readonly TextRow[];
  readonly rows: readonly TextRow[];
  readonly h: number;
  readonly rowH: number;
}

/**
 * Lays out `view` in a `width` × `height` box (CSS pixels). When it does not fit in the height,
 * message rows are left out from the end, then the hero image shrinks; whatever still overflows is
 * clipped to the card when drawn, and a region that would fall outside the card is left out.
 *
 * @param view - what to draw (an {@link OfferView} is one); its strings are only ever measured and drawn as text
 * @param measure - width of a text in a CSS font, in CSS pixels
 * @param labels - the adapter's own words in the view's language (`labelsFor(view.language)`)
 * @returns the card, the items in drawing order and the hit regions in focus order. Never throws
 * (unless `measure` does).
 */
export function layoutOffer(view: OfferContent, width: number, height: number, measure: Measure, theme: CanvasTheme, labels: UiLabels, state: LayoutState): OfferLayout {
  const family = theme.font;
  const cw = Math.max(0, Math.min(440, width - 32));
  const inner = cw - 2 * PAD;
  const wrap: Wrap = (lines, w, base = BASE, lh = 1.3) => wrapLines(lines, w, base, measure, family, lh);

  const title = wrap([[span(titleText(view, labels), undefined, true)]], inner - BUTTON, 20);
  const message = view.message.lines.some((l) => l.length > 0) ? wrap(view.message.lines, inner, BASE, 1.5) : [];
  const buyFont = `bold ${BASE}px ${family}`;
  const buyWidth = measure(labels.buy, buyFont);
  const bw = Math.min(inner / 2, Math.max(BUTTON, buyWidth + 36));
  /** The struck prices, one per product that shows one. */
  const was = new Set<Span>();
  const products = view.products.map((p) => productRows(p, inner - bw - 12, wrap, was, theme.accent));
  const toggleLabel = toggleText(view, labels);
  const toggle = toggleLabel === undefined ? undefined : wrap([[span(toggleLabel)]], inner - 28, 14.4);
  const toggleH = toggle ? Math.max(BUTTON, sum(toggle)) : 0;

  const fixed = PAD + sum(title) + 12 + (products.length ? products.reduce((a, p) => a + p.rowH + 8, 4) : 0) + toggleH + 16;
  const [heroH, ch] = fitHeight(state.hero, cw, fixed, message, height);
  const card: Rect = { x: (width - cw) / 2, y: (height - ch) / 2, w: cw, h: ch };

  const [items, hits, rect, label, text] = drawList(measure, was, theme.muted);
  const x = card.x + PAD;
  let y = card.y;
  if (heroH > 0) items.push({ kind: 'image', rect: { x: card.x, y, w: cw, h: heroH } });
  y = text(title, x, y + heroH + PAD, theme.fg) + 12;
  if (message.length) y = text(message, x, y, theme.fg) + 16;
  products.forEach((p, i) => {
    const button = { x: x + inner - bw, y: y + (p.rowH - BUTTON) / 2, w: bw, h: BUTTON };
    rect(button, theme.accent, 10);
    label(labels.buy, buyFont, BASE, button, theme.accentFg);
    hits.push({ control: { kind: 'buy', index: i }, rect: button });
    text(p.rows, x, text(p.name, x, y + (p.rowH - p.h) / 2, theme.fg), theme.muted);
    y += p.rowH + 8;
  });
  if (products.length) y += 4;
  if (toggle) {
    const box = { x, y: y + (toggleH - 20) / 2, w: 20, h: 20 };
    rect(box, state.checked ? theme.accent : theme.muted, 4);
    if (state.checked) items.push({ kind: 'check', rect: box, color: theme.accentFg });
    else rect({ x: x + 2, y: box.y + 2, w: 16, h: 16 }, theme.bg, 3);
    text(toggle, x + 28, y + (toggleH - sum(toggle)) / 2, theme.muted);
    hits.push({ control: { kind: 'toggle' }, rect: { x, y, w: inner, h: toggleH } });
  }
  const close = { x: card.x + cw - 52, y: card.y + 8, w: BUTTON, h: BUTTON };
  rect(close, '#0006', 10);
  label('×', `22.4px ${family}`, 22.4, close, '#fff');
  hits.push({ control: { kind: 'close' }, rect: close });
  return { card, items, hits: hits.filter((h) => inside(h.rect, card)) };
}

/**
 * Wraps a product's name and its price line (the struck price, added to `was`; the price; the
 * discount in `accent`) to `width` CSS pixels.
 */
export function productRows(p: ProductView, width: number, wrap: Wrap, was: Set<Span>, accent: string): ProductRows {
  const name = wrap([[span(p.name, undefined, true)]], width);
  const price = priceText(p);
  const line: Span[] = [];
  if (price) {
    if (price.was) {
      const struck = span(price.was);
      was.add(struck);
      line.push(struck, span(' '));
    }
    line.push(span(price.now));
    if (price.discount) line.push(span(' '), span(price.discount, accent, true));
  }
  const rows = line.length ? wrap([line], width) : [];
  const h = sum(name) + sum(rows);
  return { name, rows, h, rowH: Math.max(BUTTON, h) };
}

/**
 * Fits the card in `height` CSS pixels: message rows are left out from the end of `message` (it is
 * shortened in place), then the hero image shrinks.
 *
 * @param hero - the hero image's natural size, undefined while it is not loaded
 * @param cw - the card's width
 * @param fixed - the height of everything but the hero image and the message
 * @returns the hero image's height, and the card's
 */
export function fitHeight(hero: LayoutState['hero'], cw: number, fixed: number, message: TextRow[], height: number): [heroH: number, ch: number] {
  let heroH = hero && hero.w > 0 ? Math.min(180, (cw * hero.h) / hero.w) : 0;
  const maxH = Math.max(0, height - 32);
  let messageH = sum(message);
  while (message.length && heroH + fixed + messageH + 16 > maxH) messageH -= message.pop()!.height;
  const total = heroH + fixed + (message.length ? messageH + 16 : 0);
  heroH = Math.max(0, heroH - Math.max(0, total - maxH));
  return [heroH, Math.min(maxH, total)];
}

/**
 * A list of things to draw and one of regions, with what adds to the first: `rect` (a rounded
 * rectangle), `label` (a text centered in a rect, `size` its font's px), `text` (wrapped rows from
 * a point, a span in `was` struck through in `muted`; returns the y below them).
 */
function drawList(measure: Measure, was: ReadonlySet<Span>, muted: string) {
  const items: DrawItem[] = [];
  const hits: HitRegion[] = [];
  const rect = (r: Rect, color: string, radius = 0): void => void items.push({ kind: 'rect', rect: r, color, radius });
  const label = (text: string, font: string, size: number, r: Rect, color: string): void => {
    const w = measure(text, font);
    items.push({ kind: 'text', x: r.x + (r.w - w) / 2, y: r.y + r.h / 2 + size * 0.35, width: w, size, text, font, color });
  };
  const text = (rows: readonly TextRow[], x: number, y: number, color: string): number => {
    for (const row of rows) {
      const base = y + row.height / 2 + row.size * 0.35;
      for (const r of row.runs) {
        items.push({ kind: 'text', x: x + r.x, y: base, width: r.width, size: r.size, text: r.text, font: r.font, color: r.span.color ?? color });
        if (was.has(r.span)) rect({ x: x + r.x, y: base - r.size * 0.3, w: r.width, h: 1.5 }, muted);
      }
      y += row.height;
    }
    return y;
  };
  return [items, hits, rect, label, text] as const;
}

/** Whether `r` lies inside `card`. */
const inside = (r: Rect, card: Rect): boolean => r.x >= card.x && r.y >= card.y && r.x + r.w <= card.x + card.w && r.y + r.h <= card.y + card.h;
