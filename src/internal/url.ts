/**
 * The one URL rule of the SDK: only `http:` and `https:` URLs are followed or loaded.
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
 * The URL, normalized, when it is an http(s) URL, absolute or relative to `base` (none: a relative
 * URL is refused); else undefined.
 */
export function httpUrlFrom(value: unknown, base: string | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return httpUrl(new URL(value, base).href);
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
