/**
 * The offer card, laid out with Phaser's own objects: the image, the title, a Text per styled span
 * of the message, a row per product (name, price line, Buy button), the do-not-show-again toggle
 * and the close button, on a backdrop dimming the game. Buttons are at least 44 × 44 pixels, as in
 * the DOM dialog; a card taller than the game is scaled down to fit.
 *
 * @module
 */
import { labelsFor } from '../dom.js';
import type { OfferView, ProductView } from '../index.js';
import { addImage, addPriceLine, imageKey } from './parts.js';
import { addMessage, type TextPen } from './text.js';
import { hexColor, type PhaserTheme } from './theme.js';
import type { PhaserObject, PhaserRectangle } from './types.js';

const PAD = 20;
const BUTTON = 44;
const MAX_CARD_WIDTH = 440;

/** A button of the card: `buy:<product index>`, `toggle` or `close`. */
export interface CardControl {
  readonly id: string;
  /** What it does, for screen readers (`Buy: Gem Pack`). */
  readonly label: string;
  /** Its area, a child of the card. */
  readonly hit: PhaserRectangle;
  readonly press: () => void;
}

/** What the player can do on the card; the overlay acts on the view. */
export interface CardActions {
  buy(product: ProductView): void;
  toggle(): void;
  close(): void;
}

/** The card drawn: everything in `root` (destroy it to remove the card). */
export interface Card {
  readonly root: PhaserObject;
  readonly controls: readonly CardControl[];
  /** The focus ring, hidden until placed. */
  readonly ring: PhaserRectangle;
  /** Texture key of the image drawn, if any. */
  readonly image: string | undefined;
}

/** What a card is drawn from. */
export interface CardInput {
  readonly pen: TextPen;
  readonly theme: PhaserTheme;
  readonly view: OfferView;
  /** The toggle is set. */
  readonly checked: boolean;
  /** The image is drawn (loaded, and not given up on). */
  readonly withImage: boolean;
  /** The game's size, in game pixels. */
  readonly width: number;
  readonly height: number;
  readonly actions: CardActions;
}

interface Flow {
  readonly input: CardInput;
  readonly inner: number;
  readonly parts: PhaserObject[];
  readonly controls: CardControl[];
  y: number;
}

/** Draws `input.view` centered in the game. */
export function drawCard(input: CardInput): Card {
  const { pen, theme, view, width, height } = input;
  const scene = pen.scene;
  const cw = Math.max(160, Math.min(MAX_CARD_WIDTH, width - 32));
  const flow: Flow = { input, inner: cw - 2 * PAD, parts: [], controls: [], y: PAD };
  const url = view.backgroundUrl ?? view.imageUrl;
  let drawn: string | undefined;
  if (input.withImage && url) {
    // The image's space is kept from the first draw, loaded or not: when it comes, nothing below
    // it moves under the player's finger (a 2:1 banner, at most 180 high).
    const heroHeight = Math.round(Math.min(180, cw / 2));
    const image = addImage(scene, url, cw, heroHeight);
    if (image) {
      flow.parts.push(image);
      drawn = imageKey(url);
    }
    flow.y += heroHeight;
  }
  const title = pen.add(PAD, flow.y, view.title.trim() === '' ? labelsFor(view.language).offer : view.title, { bold: true, size: 20 }, theme.fg);
  title.setWordWrapWidth(flow.inner - BUTTON, true);
  flow.parts.push(title);
  flow.y += title.height + 12;
  if (view.message.lines.some((line) => line.length > 0)) {
    const message = addMessage(pen, view.message.lines, PAD, flow.y, flow.inner, theme.fg);
    flow.parts.push(...message.texts);
    flow.y += message.height + 16;
  }
  view.products.forEach((product, index) => addProduct(flow, product, index));
  if (view.products.length > 0) flow.y += 4;
  if (view.toggleLabel !== undefined) addToggle(flow, view.toggleLabel);
  const cardH = flow.y + 16;
  addClose(flow, cw);
  const ring = scene.add.rectangle(0, 0, 1, 1).setOrigin(0, 0).setStrokeStyle(3, hexColor(theme.focus)).setVisible(false);
  const card = scene.add.rectangle(0, 0, cw, cardH, hexColor(theme.bg)).setOrigin(0, 0);
  const scale = Math.min(1, Math.max(0.1, (height - 32) / cardH));
  const box = scene.add.container((width - cw * scale) / 2, Math.max(0, (height - cardH * scale) / 2), [card, ...flow.parts, ring]).setScale(scale);
  const backdrop = scene.add.rectangle(0, 0, width, height, hexColor(theme.backdrop), theme.backdropAlpha).setOrigin(0, 0);
  const root = scene.add.container(0, 0, [backdrop, box]);
  return { root, controls: flow.controls, ring, image: drawn };
}

function addProduct(flow: Flow, product: ProductView, index: number): void {
  const { pen, theme, view, actions } = flow.input;
  const labels = labelsFor(view.language);
  const buy = pen.add(0, 0, labels.buy, { bold: true }, theme.accentFg);
  const bw = Math.min(flow.inner / 2, Math.max(BUTTON, buy.width + 36));
  const name = pen.add(PAD, 0, product.name, { bold: true }, theme.fg).setWordWrapWidth(flow.inner - bw - 12, true);
  const price = addPriceLine(pen, theme, product, PAD);
  const textH = name.height + price.height;
  const rowH = Math.max(BUTTON, textH);
  name.y = flow.y + (rowH - textH) / 2;
  for (const p of price.parts) p.y += name.y + name.height;
  const button = pen.scene.add.rectangle(PAD + flow.inner - bw, flow.y + (rowH - BUTTON) / 2, bw, BUTTON, hexColor(theme.accent)).setOrigin(0, 0);
  buy.setPosition(button.x + (bw - buy.width) / 2, button.y + (BUTTON - buy.height) / 2);
  flow.parts.push(name, ...price.parts, button, buy);
  flow.controls.push({ id: `buy:${index}`, label: `${labels.buy}: ${product.name}`, hit: button, press: () => actions.buy(product) });
  flow.y += rowH + 8;
}

function addToggle(flow: Flow, toggleLabel: string): void {
  const { pen, theme, view, checked, actions } = flow.input;
  const text = toggleLabel.trim() === '' ? labelsFor(view.language).doNotShowAgain : toggleLabel;
  const label = pen.add(PAD + 28, 0, text, { size: 14.4 }, theme.muted).setWordWrapWidth(flow.inner - 28, true);
  const rowH = Math.max(BUTTON, label.height);
  label.y = flow.y + (rowH - label.height) / 2;
  const box = pen.scene.add.rectangle(PAD, flow.y + (rowH - 20) / 2, 20, 20, hexColor(checked ? theme.accent : theme.muted)).setOrigin(0, 0);
  flow.parts.push(box, label);
  if (checked) {
    const check = pen.add(0, 0, '✓', { bold: true }, theme.accentFg);
    check.setPosition(box.x + (20 - check.width) / 2, box.y + (20 - check.height) / 2);
    flow.parts.push(check);
  } else {
    flow.parts.push(pen.scene.add.rectangle(PAD + 2, box.y + 2, 16, 16, hexColor(theme.bg)).setOrigin(0, 0));
  }
  const hit = pen.scene.add.rectangle(PAD, flow.y, flow.inner, rowH).setOrigin(0, 0); // no fill: only an area to press
  flow.parts.push(hit);
  flow.controls.push({ id: 'toggle', label: text, hit, press: () => actions.toggle() });
  flow.y += rowH;
}

function addClose(flow: Flow, cw: number): void {
  const { pen, view, actions } = flow.input;
  const close = pen.scene.add.rectangle(cw - 52, 8, BUTTON, BUTTON, 0x000000, 0.4).setOrigin(0, 0);
  const cross = pen.add(0, 0, '×', { size: 22.4 }, '#ffffff');
  cross.setPosition(close.x + (BUTTON - cross.width) / 2, close.y + (BUTTON - cross.height) / 2);
  flow.parts.push(close, cross);
  flow.controls.push({ id: 'close', label: labelsFor(view.language).close, hit: close, press: () => actions.close() });
}
