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
