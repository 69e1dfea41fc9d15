/**
 * Two pieces of the offer card: the offer's image, loaded by Phaser's loader with CORS, and a
 * product's price line.
 *
 * @module
 */
import { priceText } from '../dom.js';
import type { ProductView } from '../index.js';
import type { TextPen } from './text.js';
import { hexColor, type PhaserTheme } from './theme.js';
import type { PhaserImage, PhaserObject, PhaserScene } from './types.js';

/** The texture key of an offer image. */
export const imageKey = (url: string): string => `tp-offer:${url}`;

/** The URL of a texture key of {@link imageKey}, else undefined. */
export const imageUrlOf = (key: string): string | undefined => (key.startsWith('tp-offer:') ? key.slice('tp-offer:'.length) : undefined);

/**
 * Starts loading the offer image at `url` as a texture, requested with CORS (`crossOrigin =
 * 'anonymous'`): an image served without `Access-Control-Allow-Origin` fails to load and is left
 * out, never uploaded to WebGL tainted (a SecurityError). A URL in `requested` is not asked for
 * again (one that failed is not retried on every redraw). Calls `loaded` when the loader is done.
 */
export function loadImage(scene: PhaserScene, url: string, requested: Set<string>, loaded: () => void): void {
  const key = imageKey(url);
  if (scene.textures.exists(key) || requested.has(key)) return;
  requested.add(key);
  scene.load.setCORS('anonymous');
  scene.load.image(key, url);
  scene.load.once('complete', loaded);
  scene.load.start();
}

/**
 * The offer's image at the card's top-left corner, cropped to cover `width` × `height` (the space
 * the card keeps for it), once its texture is loaded (see {@link loadImage}); undefined until then.
 */
export function addImage(scene: PhaserScene, url: string | undefined, width: number, height: number): PhaserImage | undefined {
  if (!url || !scene.textures.exists(imageKey(url))) return undefined;
  const key = imageKey(url);
  const { width: nw, height: nh } = scene.textures.get(key).getSourceImage();
  if (!(nw > 0 && nh > 0)) return undefined;
  const s = Math.max(width / nw, height / nh);
  const crop = { w: width / s, h: height / s };
  const cx = (nw - crop.w) / 2;
  const cy = (nh - crop.h) / 2;
  // Cropped in texture pixels; the crop's top-left corner lands on (0, 0).
  return scene.add.image(-cx * s, -cy * s, key).setOrigin(0, 0).setScale(s).setCrop(cx, cy, crop.w, crop.h);
}

/**
 * A product's price line from `x` (y from 0: the caller moves the parts down): the regular price
 * struck through, the price to pay, the discount in the accent color. Nothing for a product
 * without a price (AI offers).
 */
export function addPriceLine(pen: TextPen, theme: PhaserTheme, product: ProductView, x: number): { parts: PhaserObject[]; height: number } {
  const price = priceText(product);
  if (!price) return { parts: [], height: 0 };
  const parts: PhaserObject[] = [];
  let height = 0;
  const piece = (text: string, color: string, bold = false): PhaserObject => {
    const t = pen.add(x, 0, text, { bold }, color);
    x += t.width + 6;
    height = Math.max(height, t.height);
    parts.push(t);
    return t;
  };
  if (price.was) {
    const was = piece(price.was, theme.muted);
    parts.push(pen.scene.add.rectangle(was.x, was.height * 0.55, was.width, 1.5, hexColor(theme.muted)).setOrigin(0, 0));
  }
  piece(price.now, theme.muted);
  if (price.discount) piece(price.discount, theme.accent, true);
  return { parts, height };
}
