/**
 * Button and control labels of the DOM dialog, per language. The offer carries its own title,
 * message and toggle text; these are the SDK's own words.
 *
 * @module
 */

/** The dialog's own strings. */
export interface DialogLabels {
  /** Accessible name of the close button. */
  readonly close: string;
  /** Text of a purchase button. */
  readonly buy: string;
}

export const DEFAULT_LABELS: Readonly<Record<string, DialogLabels>> = {
  en: { close: 'Close', buy: 'Buy' },
  ko: { close: '닫기', buy: '구매' },
};

/** Labels for `language`, falling back to its primary subtag, then English. */
export function labelsFor(
  language: string,
  overrides: Readonly<Record<string, Partial<DialogLabels>>> = {},
): DialogLabels {
  const primary = language.toLowerCase().split('-')[0]!;
  const base = DEFAULT_LABELS[primary] ?? DEFAULT_LABELS.en!;
  return { ...base, ...overrides[primary], ...overrides[language] };
}
