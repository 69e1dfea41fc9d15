/**
 * Which of an offer's languages to show.
 *
 * @module
 */

/**
 * Picks a language key of `available` (`en`, `ko`, …): the first of `preferred` that matches
 * exactly (case-insensitive) or by primary subtag (`ko-KR` → `ko`), then `en`, then the first key.
 * `preferred` is the `language` option followed by the browser's languages.
 */
export function pickLanguage(available: readonly string[], preferred: readonly string[]): string | undefined {
  const lower = available.map((a) => a.toLowerCase());
  for (const wish of preferred) {
    const w = wish.toLowerCase();
    const exact = lower.indexOf(w);
    if (exact >= 0) return available[exact];
    const primary = lower.indexOf(w.split('-')[0]!);
    if (primary >= 0) return available[primary];
  }
  const en = lower.indexOf('en');
  return en >= 0 ? available[en] : available[0];
}
