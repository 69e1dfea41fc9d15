/**
 * Which of an offer's languages to show.
 *
 * @module
 */

/**
 * Picks a language key of `available` (`en`, `ko`, …): the first of `preferred` that matches
 * exactly (case-insensitive) or by primary subtag (`ko-KR` → `ko`, and a key `ko-KR` for `ko`),
 * then `en` (or `en-…`), then the first key. `preferred` is the `language` option followed by the
 * browser's languages.
 */
export function pickLanguage(available: readonly string[], preferred: readonly string[]): string | undefined {
  const lower = available.map((a) => a.toLowerCase());
  const primary = lower.map((a) => a.split('-')[0]);
  for (const wish of [...preferred.flatMap((w) => [w, w.split('-')[0]!]), 'en']) {
    const w = wish.toLowerCase();
    const exact = lower.indexOf(w);
    const found = exact >= 0 ? exact : primary.indexOf(w);
    if (found >= 0) return available[found];
  }
  return available[0];
}
