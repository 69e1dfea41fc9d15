/**
 * The canvas dialog's look: the same colors, font and radius as the DOM dialog's defaults.
 *
 * @module
 */

/** Colors (any canvas `fillStyle` color), the font family and the card's corner radius. */
export interface CanvasTheme {
  /** Card background. Default `#1d2330` (the DOM dialog's `--tp-bg`). */
  readonly bg: string;
  /** Title and message text. Default `#f4f6fb`. */
  readonly fg: string;
  /** Prices and the toggle's label. Default `#b8c0d4`. */
  readonly muted: string;
  /** Purchase buttons, discounts, the checked toggle. Default `#ffb020`. */
  readonly accent: string;
  /** Text on the accent color. Default `#1b1300`. */
  readonly accentFg: string;
  /** The keyboard focus ring. Default `#7cc4ff`. */
  readonly focus: string;
  /**
   * Filled over the whole canvas behind the card, to dim the game as the DOM dialog's backdrop
   * does. Default `#0009` (the DOM dialog's `--tp-backdrop`); `''` for none: the adapter then
   * draws nothing outside the card.
   */
  readonly backdrop: string;
  /** CSS font family list. Default `system-ui, sans-serif`. */
  readonly font: string;
  /** Corner radius of the card, in CSS pixels. Default 14. */
  readonly radius: number;
}

/** The defaults of {@link CanvasTheme}. */
export const DEFAULT_CANVAS_THEME: CanvasTheme = {
  bg: '#1d2330',
  fg: '#f4f6fb',
  muted: '#b8c0d4',
  accent: '#ffb020',
  accentFg: '#1b1300',
  focus: '#7cc4ff',
  backdrop: '#0009',
  font: 'system-ui, sans-serif',
  radius: 14,
};
