/**
 * The one URL rule of the SDK: only `http:` and `https:` URLs are followed or loaded; an image a
 * game maps to its own asset (`offerImages.resolve`) may also be a `data:image/…` or `blob:` URL.
 *
 * @module
 */

/** The URL, normalized, when it is an absolute http(s) URL; else undefined. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL of an image to load, normalized: an absolute http(s) URL, a `data:image/…` URL or a
 * `blob:` URL; else undefined (nothing that runs script, `javascript:` say, is ever loaded).
 * `base`: what a relative URL is read against (none: a relative URL is refused).
 */
export function imageUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, base);
    if (url.protocol === 'data:') return /^data:image\//i.test(url.href) ? url.href : undefined;
    return url.protocol === 'blob:' ? url.href : httpUrl(url.href);
  } catch {
    return undefined;
  }
}

/**
 * `{base_url}` as the SDK keeps it: an absolute http(s) URL without query or fragment, its
 * trailing slashes dropped; undefined for anything else. The page's `baseUrl` option and the
 * service-worker relay's `baseUrls` are both read with it, so the two compare as strings.
 */
export function baseUrlOf(value: unknown): string | undefined {
  const href = httpUrl(value);
  // Not `url.search`: it is empty for a bare `?` (`…/web?`), which `{baseUrl}/logs` would keep.
  return href === undefined || /[?#]/.test(href) ? undefined : href.replace(/\/+$/, '');
}
