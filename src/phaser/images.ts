/**
 * The offer's image made a texture of the game before the card is drawn, so the card is drawn
 * once, image included, and `open` is reported after it: what `UiAdapter.prepare` does for the
 * DOM and canvas adapters, for the overlay.
 *
 * @module
 */
import type { OfferView } from '../index.js';
import { imageKey } from './parts.js';
import type { PhaserGame } from './types.js';

/** How long `show()` waits for the image before it draws the card without it, in milliseconds (the SDK's wait). */
export const IMAGE_WAIT_MS = 3000;

/** What the card draws of the offer's image: see `ImageState`. */
export type CardImage = 'none' | 'loading' | 'ready' | 'failed';

/** The image the overlay draws for `view` (`backgroundUrl ?? imageUrl`). */
export const cardImageUrl = (view: Pick<OfferView, 'backgroundUrl' | 'imageUrl'>): string | undefined => view.backgroundUrl ?? view.imageUrl;

/**
 * Loads and decodes `view`'s image with CORS (`crossOrigin = 'anonymous'`: an image served without
 * `Access-Control-Allow-Origin` fails, never a tainted WebGL upload) and adds it to the game's
 * textures. Resolves at once when there is no image or its texture exists; rejects when it cannot
 * be loaded, or with `signal`'s reason (the load is then stopped).
 */
export async function prepareTexture(game: PhaserGame, view: OfferView, signal: AbortSignal): Promise<void> {
  const url = cardImageUrl(view);
  if (!url || game.textures.exists(imageKey(url))) return;
  signal.throwIfAborted();
  const img = new Image();
  img.crossOrigin = 'anonymous';
  const stop = (): void => img.removeAttribute('src');
  signal.addEventListener('abort', stop, { once: true });
  try {
    img.src = url;
    await img.decode();
  } finally {
    signal.removeEventListener('abort', stop);
  }
  signal.throwIfAborted();
  if (!game.textures.exists(imageKey(url))) game.textures.addImage(imageKey(url), img);
}

/**
 * {@link prepareTexture} within {@link IMAGE_WAIT_MS}: `ready` when the texture came in time,
 * `failed` when it failed or ran out (the load is stopped: the card is drawn without it and it is
 * never added later), `none` without an image, `closed` when the view ended meanwhile.
 */
export async function textureWithin(game: PhaserGame, view: OfferView, failed: (error: unknown) => void): Promise<CardImage | 'closed'> {
  if (!cardImageUrl(view)) return 'none';
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const result = await Promise.race([
    prepareTexture(game, view, stop.signal).then(
      () => 'ready' as const,
      (error: unknown) => {
        // A failed load (a DOMException) is the offer drawn without its image; a throw from Phaser is the game's to hear.
        if (!(error instanceof DOMException)) failed(error);
        return 'failed' as const;
      },
    ),
    new Promise<'failed'>((resolve) => (timer = setTimeout(() => resolve('failed'), IMAGE_WAIT_MS))),
    view.closed.then(() => ((closed = true), 'failed' as const)),
  ]);
  clearTimeout(timer);
  if (result !== 'ready') stop.abort(new DOMException(`the image was not ready within ${IMAGE_WAIT_MS} ms`, 'TimeoutError'));
  return closed ? 'closed' : result;
}
