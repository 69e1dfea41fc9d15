/**
 * The adapters' own words (button names), per language. The offer carries its own title, message
 * and toggle text; these are the SDK's. The DOM and canvas adapters take overrides.
 *
 * @module
 */

/** The adapters' own strings. */
export interface UiLabels {
  /** Accessible name of the close button. */
  readonly close: string;
  /** Text of a purchase button. */
  readonly buy: string;
  /**
   * The word before the regular price in a purchase button's accessible name, when a lower price
   * is shown (`Buy: Gems, 6,930, was 9,900, -30%`): the struck-through price is not read as such.
   */
  readonly was: string;
  /** The dialog's name when the offer's title is empty or blank (the spec allows an empty `title`). */
  readonly offer: string;
  /** The toggle's text when the offer asks for the toggle with an empty or blank `toggle_message`. */
  readonly doNotShowAgain: string;
}

/** Built-in labels: English and Korean. */
export const DEFAULT_LABELS: Readonly<Record<string, UiLabels>> = {
  en: { close: 'Close', buy: 'Buy', was: 'was', offer: 'Special offer', doNotShowAgain: "Don't show again" },
  ko: { close: '닫기', buy: '구매', was: '정가', offer: '특별 제안', doNotShowAgain: '다시 보지 않기' },
};

/** Labels for `language`: overrides for it, then for its primary subtag, then built-ins (English last). */
export function labelsFor(language: string, overrides: Readonly<Record<string, Partial<UiLabels>>> = {}): UiLabels {
  const primary = language.toLowerCase().split('-')[0]!;
  // Own keys only: the language comes from the service, and `constructor` is not a language.
  const base = (Object.hasOwn(DEFAULT_LABELS, primary) && DEFAULT_LABELS[primary]) || DEFAULT_LABELS.en!;
  return { ...base, ...overrides[primary], ...overrides[language] };
}
