/**
 * The markup engine's output: plain data, never HTML.
 *
 * @module
 */

/** A run of text with one style. */
export interface Span {
  readonly text: string;
  /** `#rrggbbaa` (lowercase, alpha included), or undefined for the renderer's base color. */
  readonly color: string | undefined;
  readonly bold: boolean;
  readonly italic: boolean;
  /** Font size in pixels from `<size=N>`, or undefined for the base size. Renderers clamp it. */
  readonly size: number | undefined;
}

/** One line of text: the spans between two line breaks (possibly none, for an empty line). */
export type Line = readonly Span[];

/** Why part of the markup was shown as text rather than applied. */
export type MarkupWarningCode = 'unclosed-tag' | 'stray-close' | 'crossed-tags' | 'invalid-value' | 'depth-limit';

/** A markup problem, at a UTF-16 offset of the input. */
export interface MarkupWarning {
  readonly code: MarkupWarningCode;
  readonly offset: number;
  /** The tag as written, `<color=#GG0000>` for example. */
  readonly tag: string;
}

/** A parsed message. */
export interface RichText {
  readonly lines: readonly Line[];
  readonly warnings: readonly MarkupWarning[];
}
