/**
 * The offers' images: mapped by the game (`offerImages.resolve`), warmed after a refresh
 * (`offerImages.prefetch`), and prepared by the adapter within the wait before an offer is drawn
 * (`UiAdapter.prepare`), so that `open` means drawn, image included when it came.
 *
 * @module
 */
import { ConfigError } from '../errors/index.js';
import { httpUrlFrom, MAX_TIMER_MS } from '../internal/index.js';
import type { ImageState, OfferContent, OfferOutcome, OfferView, UiAdapter } from '../ui/index.js';
import { offerImageUrl } from './content.js';
import type { Offer } from './types.js';

/** The `offerImages` option: see `OfferOptions.offerImages`. */
export interface OfferImagesOptions {
  /**
   * Loads the images of the usable offers after each refresh (`offers.refresh()` and the automatic
   * ones), so that a dialog shown later finds them in the browser's cache. Skipped when the
   * browser says the player saves data (`navigator.connection.saveData`), and where there is no
   * `Image` (a worker).
   * @default false
   */
  readonly prefetch?: boolean;
  /**
   * Maps the URL of an offer's image to the one to load (`url` as the service sent it: http(s)):
   * a bundled asset for a portal that forbids external images (an http(s) URL, or one relative to
   * the page), the same URL, or undefined to draw the offer without its image. Called each time an offer's view is made, and for each image `prefetch` loads. One
   * that throws, or returns anything else (a `data:` or `javascript:` URL), drops that image, with an `error`
   * event (a `ConfigError` of option `offerImages.resolve`).
   * @default every image as sent
   */
  readonly resolve?: (url: string, offer: Offer) => string | undefined;
}

/** Emits a failure as an `error` event. */
type Fail = (error: unknown) => void;

/** What a relative URL from `resolve` is read against: the page's (or worker's) address. */
function pageBase(): string | undefined {
  return typeof document === 'object' ? document.baseURI : (globalThis as { location?: { href: string } }).location?.href;
}

/** The URL to load for `url` of `offer`: see {@link OfferImagesOptions.resolve}. */
export function resolveImage(url: string | undefined, offer: Offer, options: OfferImagesOptions | undefined, fail: Fail): string | undefined {
  if (url === undefined || !options?.resolve) return url;
  const refuse = (what: string, cause?: unknown): undefined => {
    const error = new ConfigError('offerImages.resolve', `${what} for ${url} (offer ${offer.offer_id}): the image is left out`);
    if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
    fail(error);
    return undefined;
  };
  let mapped: unknown;
  try {
    mapped = options.resolve(url, offer);
  } catch (error) {
    return refuse('threw', error);
  }
  if (mapped === undefined) return undefined;
  return httpUrlFrom(mapped, pageBase()) ?? refuse(`returned ${typeof mapped === 'string' ? JSON.stringify(mapped.slice(0, 100)) : typeof mapped}, not an http(s) URL`);
}

/** `content` with its images as `offerImages.resolve` maps them. */
export function resolveImages(content: OfferContent, offer: Offer, options: OfferImagesOptions | undefined, fail: Fail): OfferContent {
  if (!options?.resolve) return content;
  return {
    ...content,
    imageUrl: resolveImage(content.imageUrl, offer, options, fail),
    backgroundUrl: resolveImage(content.backgroundUrl, offer, options, fail),
  };
}

/** Whether the browser says the player saves data (`navigator.connection.saveData`). */
function savesData(): boolean {
  return (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;
}

/**
 * Warms the images of offers after a refresh (`offerImages.prefetch`): see
 * {@link OfferImagesOptions.prefetch}. Each image is held until it loaded or failed.
 */
export function createImageWarmer(options: OfferImagesOptions | undefined, languages: () => readonly string[], fail: Fail) {
  const loading = new Set<HTMLImageElement>();
  return (offers: readonly Offer[]): void => {
    if (!options?.prefetch || typeof Image !== 'function' || savesData()) return;
    const seen = new Set<string>();
    for (const offer of offers) {
      const url = resolveImage(offerImageUrl(offer, languages()), offer, options, fail);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const img = new Image();
      loading.add(img);
      img.onload = img.onerror = () => void loading.delete(img);
      img.decoding = 'async';
      img.src = url;
    }
  };
}

/** Sets `view.imageState` (read-only to the game). */
const setImageState = (view: OfferView, state: ImageState): void => void ((view as { imageState: ImageState }).imageState = state);

/**
 * Awaits `ui.prepare(view)` for at most `waitMs` milliseconds, and sets the view's `imageState`
 * from it: `ready` when it resolved in time, `failed` when it rejected, threw or ran out of time
 * (its signal then aborts: the adapter draws without the image and never adds it). Nothing to
 * prepare (no `prepare`, no image): resolves at once. Resolves with the view's outcome instead
 * when the view ended meanwhile (closed, expired: it is not to be drawn). A `prepare` that throws
 * (a defect, not an image that failed to load, which it tells by rejecting) goes to `onError` too.
 */
export async function prepareWithin(ui: UiAdapter, view: OfferView, waitMs: number, onError: (error: unknown) => void): Promise<OfferOutcome | undefined> {
  if (!ui.prepare || view.imageState === 'none') return undefined;
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const result = await new Promise<ImageState | OfferOutcome>((resolve) => {
      // Each way out aborts the adapter's load at once, in the same task: an image decoded after
      // it is never the one drawn.
      let settled = false;
      const settle = (value: ImageState | OfferOutcome): void => {
        // Once: the view closing after the image was drawn aborts nothing.
        if (settled) return;
        settled = true;
        if (value !== 'ready') stop.abort(new DOMException(`the image was not ready within ${waitMs} ms`, 'TimeoutError'));
        resolve(value);
      };
      timer = setTimeout(() => settle('failed'), Math.min(waitMs, MAX_TIMER_MS));
      void view.closed.then(settle);
      let prepared: Promise<void>;
      try {
        prepared = Promise.resolve(ui.prepare!(view, { signal: stop.signal }));
      } catch (error) {
        onError(error);
        prepared = Promise.reject(error);
      }
      prepared.then(
        () => settle(stop.signal.aborted ? 'failed' : 'ready'),
        () => settle('failed'),
      );
    });
    if (typeof result === 'object') return result;
    setImageState(view, result);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
