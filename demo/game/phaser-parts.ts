/**
 * Two pieces of the Phaser offer card: the offer's image, loaded by Phaser's loader, and a
 * product's price line.
 *
 * Part of the Phaser panel (loaded on demand; phaser is a devDependency of the demo only).
 */
import * as Phaser from 'phaser';
import type { ProductView } from 'tp-web-sdk';
import { priceText } from 'tp-web-sdk/dom';
import { addText } from './phaser-text.js';
import { hexColor, PHASER_THEME as T } from './phaser-theme.js';

/**
 * The offer's image at the card's top-left corner, `width` wide (at most 180 high), cropped to
 * cover, once Phaser's loader has it; undefined until then. The first call for a URL starts
 * loading it (as an <img>, see phaser-view.ts) and calls `loaded` when the loader is done; a URL
 * in `requested` is not asked for again (so one that failed is not retried on every redraw).
 */
export function addHero(
  scene: Phaser.Scene,
  url: string | undefined,
  width: number,
  requested: Set<string>,
  loaded: () => void,
): { image: Phaser.GameObjects.Image; height: number } | undefined {
  if (!url) return undefined;
  const key = `hero:${url}`;
  if (!scene.textures.exists(key)) {
    if (!requested.has(key)) {
      requested.add(key);
      scene.load.image(key, url);
      scene.load.once(Phaser.Loader.Events.COMPLETE, loaded);
      scene.load.start();
    }
    return undefined;
  }
  const { width: nw, height: nh } = scene.textures.get(key).getSourceImage();
  if (!(nw > 0 && nh > 0)) return undefined;
  const height = Math.min(180, (width * nh) / nw);
  const s = Math.max(width / nw, height / nh);
  const crop = { w: width / s, h: height / s };
  const cx = (nw - crop.w) / 2;
  const cy = (nh - crop.h) / 2;
  // Cropped in texture pixels; the crop's top-left corner lands on (0, 0).
  const image = scene.add.image(-cx * s, -cy * s, key).setOrigin(0, 0).setScale(s).setCrop(cx, cy, crop.w, crop.h);
  return { image, height };
}

/**
 * A product's price line from `x` (y from 0: the caller moves the parts down): the regular price
 * struck through, the price to pay, the discount in the accent color. Nothing for a product
 * without a price (AI offers).
 */
export function addPriceLine(scene: Phaser.Scene, product: ProductView, x: number): { parts: (Phaser.GameObjects.Text | Phaser.GameObjects.Rectangle)[]; height: number } {
  const price = priceText(product);
  if (!price) return { parts: [], height: 0 };
  const parts: (Phaser.GameObjects.Text | Phaser.GameObjects.Rectangle)[] = [];
  let height = 0;
  const piece = (text: string, color: string, bold = false): Phaser.GameObjects.Text => {
    const t = addText(scene, x, 0, text, { bold }, color);
    x += t.width + 6;
    height = Math.max(height, t.height);
    parts.push(t);
    return t;
  };
  if (price.was) {
    const was = piece(price.was, T.muted);
    parts.push(scene.add.rectangle(was.x, was.height * 0.55, was.width, 1.5, hexColor(T.muted)).setOrigin(0, 0));
  }
  piece(price.now, T.muted);
  if (price.discount) piece(price.discount, T.accent, true);
  return { parts, height };
}
