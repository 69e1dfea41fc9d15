/**
 * The overlay's look: the canvas adapter's default colors (the DOM dialog's), a font, and what
 * dims the game behind the card.
 *
 * @module
 */
import { DEFAULT_CANVAS_THEME } from '../canvas.js';

/** Colors (CSS `#rrggbb`; text colors may be any canvas color) and the font of the overlay. */
export interface PhaserTheme {
  /** Card background. Default `#1d2330`. */
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
  /** Drawn over the whole game behind the card, `#rrggbb`. Default `#000000`. */
  readonly backdrop: string;
  /** Opacity of the backdrop, 0–1; 0 draws none. Default 0.6. */
  readonly backdropAlpha: number;
  /** CSS font family list. Default `system-ui, sans-serif`. */
  readonly font: string;
}

/** The defaults of {@link PhaserTheme}. */
export const DEFAULT_PHASER_THEME: PhaserTheme = {
  bg: DEFAULT_CANVAS_THEME.bg,
  fg: DEFAULT_CANVAS_THEME.fg,
  muted: DEFAULT_CANVAS_THEME.muted,
  accent: DEFAULT_CANVAS_THEME.accent,
  accentFg: DEFAULT_CANVAS_THEME.accentFg,
  focus: DEFAULT_CANVAS_THEME.focus,
  backdrop: '#000000',
  backdropAlpha: 0.6,
  font: DEFAULT_CANVAS_THEME.font,
};

/** `#rrggbb` → `0xrrggbb`, the number Phaser's shapes take as a fill or stroke color. */
export function hexColor(css: string): number {
  const value = Number.parseInt(css.slice(1, 7), 16);
  return Number.isFinite(value) ? value : 0;
}
