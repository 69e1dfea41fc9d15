/**
 * An offer's image loaded and decoded before its dialog is drawn (`UiAdapter.prepare`), shared by
 * the DOM and canvas adapters: the dialog is drawn once, image included when it came in time, and
 * an image that comes late is never added (the dialog does not move under the player's finger).
 *
 * @module
 */
import { httpUrl } from '../internal/index.js';
import type { OfferContent, OfferView } from './types.js';

/** The image an adapter draws for an offer (`backgroundUrl ?? imageUrl`), when http(s). */
export const heroUrl = (content: Pick<OfferContent, 'backgroundUrl' | 'imageUrl'>): string | undefined => httpUrl(content.backgroundUrl ?? content.imageUrl);

/**
 * Loads and decodes `url` in a new image (`crossOrigin` set when given); rejects when it cannot be
 * decoded, or with `signal`'s reason when it aborts (the load is then stopped).
 */
export function loadImage(url: string, signal: AbortSignal, crossOrigin?: 'anonymous'): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const img = new Image();
    if (crossOrigin) img.crossOrigin = crossOrigin;
    img.decoding = 'async';
    const stop = (): void => {
      img.removeAttribute('src');
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
    const done = (): void => signal.removeEventListener('abort', stop);
    img.src = url;
    decoded(img).then(
      () => {
        done();
        resolve(img);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}

/** `img.decode()`, or its load where `decode` is missing. */
function decoded(img: HTMLImageElement): Promise<void> {
  if (typeof img.decode === 'function') return img.decode();
  return new Promise((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`the image could not be loaded: ${img.src}`));
  });
}

/** The images one adapter prepared, by view. */
export interface PreparedImages {
  /** `UiAdapter.prepare` (`crossOrigin`: the CORS mode the adapter draws with). */
  prepare(view: OfferView, signal: AbortSignal, crossOrigin?: 'anonymous'): Promise<void>;
  /**
   * What `present` draws of `view`'s image: the image, decoded, when `prepare` resolved; null when
   * `prepare` was called and did not (failed, aborted, or still loading: never added later);
   * `unprepared` when it was never called (the adapter loads the image itself as it draws).
   */
  drawn(view: OfferView): HTMLImageElement | null | 'unprepared';
}

/** The images an adapter prepared: see {@link PreparedImages}. */
export function preparedImages(): PreparedImages {
  // A view's image until the view goes away.
  const images = new WeakMap<OfferView, HTMLImageElement | null>();
  return {
    async prepare(view, signal, crossOrigin) {
      images.set(view, null);
      const url = heroUrl(view);
      if (!url) return;
      const img = await loadImage(url, signal, crossOrigin);
      if (!signal.aborted) images.set(view, img);
    },
    drawn(view) {
      const img = images.get(view);
      return img === undefined ? 'unprepared' : img;
    },
  };
}
