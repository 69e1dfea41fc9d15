/**
 * The overlay's look: the canvas adapter's default colors (the DOM dialog's), a font, and what
 * dims the game behind the card.
 *
 * @module
 */
import { DEFAULT_CANVAS_THEME, type CanvasTheme } from '../canvas.js';

/**
 * Colors (CSS `#rrggbb`; text colors may be any canvas color) and the font of the overlay: the
 * canvas dialog's (`CanvasTheme`, same defaults), and the backdrop over the game.
 */
export interface PhaserTheme extends Pick<CanvasTheme, 'bg' | 'fg' | 'muted' | 'accent' | 'accentFg' | 'focus' | 'font'> {
  /** Drawn over the whole game behind the card, `#rrggbb`. Default `#000000`. */
  readonly backdrop: string;
  /** Opacity of the backdrop, 0–1; 0 draws none. Default 0.6. */
  readonly backdropAlpha: number;
}

/** The defaults of {@link PhaserTheme}. */
export const DEFAULT_PHASER_THEME: PhaserTheme = {
  bg: DEFAULT_CANVAS_THEME.bg,
  fg: DEFAULT_CANVAS_THEME.fg,
  muted: DEFAULT_CANVAS_THEME.muted,
  accent: DEFAULT_CANVAS_THEME.accent,
  accentFg: DEFAULT_CANVAS_THEME.accentFg,
  focus: DEFAULT_CANVAS_THEME.focus,
  font: DEFAULT_CANVAS_THEME.font,
  backdrop: '#000000',
  backdropAlpha: 0.6,
};

/** `#rrggbb` → `0xrrggbb`, the number Phaser's shapes take as a fill or stroke color. */
export function hexColor(css: string): number {
  const value = Number.parseInt(css.slice(1, 7), 16);
  return Number.isFinite(value) ? value : 0;
}
