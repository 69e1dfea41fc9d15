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
  /**
   * Font size in pixels from `<size=N>`, an integer from 1 to 1000, or undefined for the base
   * size. Renderers clamp it: the DOM and canvas adapters to 0.5×–3× of their 16 px base (8 to
   * 48 px); a game drawing the view itself does the same to match them.
   */
  readonly size: number | undefined;
}

/**
 * One line of text: the spans between two line breaks (none for an empty line; empty lines may
 * share one frozen array).
 */
export type Line = readonly Span[];

/**
 * Why a tag was shown as text rather than applied: never closed; closed with none open; left open
 * when an outer element closed; a color or size value outside the grammar; nested inside 32
 * applied elements. docs/markup.md has the rules.
 */
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
