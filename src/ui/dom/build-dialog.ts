/**
 * Builds the dialog's elements from an {@link OfferView}. Every string from the service goes in
 * through `textContent`; styles go in through the CSSOM; URLs are assigned only when http(s).
 *
 * @module
 */
import { httpUrl } from '../../internal/index.js';
import type { Line } from '../../richtext/index.js';
import { priceText } from '../format.js';
import { heroUrl } from '../image.js';
import type { UiLabels } from '../labels.js';
import { buyName, titleText, toggleText } from '../names.js';
import type { OfferView, ProductView } from '../types.js';
import { holdTouches } from './touches.js';

/** Base font size of the message, in pixels; `<size=N>` is clamped to 0.5×–3× of it. */
const BASE_FONT_PX = 16;

type Make = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => HTMLElementTagNameMap[K];

export interface DialogParts {
  readonly root: HTMLElement;
  readonly dialog: HTMLElement;
  /** The element to focus first: the dialog (screen readers read its name and description; Tab goes to the first button). */
  readonly initialFocus: HTMLElement;
}

/**
 * Builds the backdrop and dialog for `view`, wired to its actions. `hero`: the image prepared for
 * it (drawn as it is), null (no image drawn), or `unprepared` (the image loaded as it is drawn).
 */
export function buildDialog(
  doc: Document,
  view: OfferView,
  labels: UiLabels,
  openLinks: boolean,
  hero: HTMLImageElement | null | 'unprepared' = 'unprepared',
): DialogParts {
  const make: Make = (tag, className, text) => {
    const el = doc.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const root = renderBackdrop(make);
  const dialog = make('div', 'dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'tp-offer-title');
  dialog.tabIndex = -1;
  dialog.lang = view.language;
  root.append(dialog);

  const picture = hero === 'unprepared' ? heroUrl(view) : hero;
  if (picture) dialog.append(renderHero(make, picture));

  const body = make('div', 'body');
  dialog.append(body);
  const title = make('h2', 'title', titleText(view, labels));
  title.id = 'tp-offer-title';
  body.append(title);
  if (view.message.lines.some((line) => line.length > 0)) body.append(renderMessage(make, view.message.lines, dialog));
  if (view.products.length > 0) body.append(renderProducts(make, view, labels, openLinks, doc));
  if (view.toggleLabel !== undefined) body.append(renderToggle(make, view, labels));

  const close = make('button', 'close', '×');
  close.type = 'button';
  close.setAttribute('aria-label', labels.close);
  close.addEventListener('click', () => view.dismiss());
  dialog.append(close);

  // The dialog itself, not a button: a key the player pressed for the game as it opened buys nothing.
  return { root, dialog, initialFocus: dialog };
}

/** The backdrop: a press on it keeps focus in the dialog; touches in it stay its own and move no page (touches.ts). */
function renderBackdrop(make: Make): HTMLElement {
  const root = make('div', 'backdrop');
  // A press on the backdrop would move focus to the page's body, out of the dialog: Escape and
  // Tab would then go to the game. The press keeps focus where it is.
  root.addEventListener('mousedown', (event) => {
    if (event.target === root) event.preventDefault();
  });
  holdTouches(root);
  return root;
}

/** The hero image: a prepared one, or one from `src`, removed when it fails to load. */
function renderHero(make: Make, src: string | HTMLImageElement): HTMLImageElement {
  if (typeof src !== 'string') {
    src.className = 'hero';
    src.alt = '';
    return src;
  }
  const img = make('img', 'hero');
  img.alt = '';
  img.decoding = 'async';
  img.addEventListener('error', () => img.remove());
  img.src = src;
  return img;
}

/** The message, one element a line; it describes `dialog`. */
function renderMessage(make: Make, lines: readonly Line[], dialog: HTMLElement): HTMLElement {
  const message = make('div', 'message');
  message.id = 'tp-offer-message';
  dialog.setAttribute('aria-describedby', message.id);
  for (const line of lines) message.append(renderLine(make, line));
  return message;
}

/**
 * The list of products; a purchase button's click interacts with its product and, with
 * `openLinks`, opens its purchase link (http(s) only) in a new tab of `doc`'s window.
 */
function renderProducts(make: Make, view: OfferView, labels: UiLabels, openLinks: boolean, doc: Document): HTMLElement {
  const list = make('ul', 'products');
  for (const product of view.products) {
    const { item, button } = renderProduct(make, product, labels);
    button.addEventListener('click', () => {
      view.interact(product);
      const url = openLinks ? httpUrl(product.purchaseUrl) : undefined;
      if (url) doc.defaultView?.open(url, '_blank', 'noopener,noreferrer');
    });
    list.append(item);
  }
  return list;
}

/** The do-not-show-again checkbox and its label. */
function renderToggle(make: Make, view: OfferView, labels: UiLabels): HTMLElement {
  const label = make('label', 'toggle');
  const box = make('input');
  box.type = 'checkbox';
  box.addEventListener('change', () => view.setDoNotShowAgain(box.checked));
  label.append(box, make('span', undefined, toggleText(view, labels)));
  return label;
}

function renderLine(make: Make, line: Line): HTMLElement {
  const el = make('div', 'line');
  for (const span of line) {
    const s = make('span', undefined, span.text);
    if (span.color) s.style.color = span.color;
    if (span.bold) s.style.fontWeight = '700';
    if (span.italic) s.style.fontStyle = 'italic';
    if (span.size !== undefined) {
      s.style.fontSize = `${Math.min(BASE_FONT_PX * 3, Math.max(BASE_FONT_PX / 2, span.size))}px`;
    }
    el.append(s);
  }
  return el;
}

function renderProduct(make: Make, product: ProductView, labels: UiLabels): { item: HTMLElement; button: HTMLButtonElement } {
  const item = make('li', 'product');
  const info = make('div');
  info.append(make('div', 'name', product.name));
  const price = priceText(product);
  if (price) {
    const line = make('div', 'price');
    if (price.was) line.append(make('s', undefined, price.was));
    line.append(make('span', undefined, price.now));
    if (price.discount) line.append(make('span', 'rate', price.discount));
    info.append(line);
  }
  const button = make('button', 'buy', labels.buy);
  button.type = 'button';
  button.setAttribute('aria-label', buyName(product, labels));
  item.append(info, button);
  return { item, button };
}
