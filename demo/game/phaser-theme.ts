import { DEFAULT_CANVAS_THEME } from 'tp-web-sdk/canvas';

/**
 * The Phaser panel's look: the canvas adapter's default theme (the DOM dialog's default colors),
 * so the three panels read as the same dialog drawn three ways.
 */
export const PHASER_THEME = {
  ...DEFAULT_CANVAS_THEME,
  /** Behind the card: the page's canvas color. */
  stage: '#0b0e14',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", sans-serif',
} as const;

/** `#rrggbb` → `0xrrggbb`, the number Phaser's shapes take as a fill or stroke color. */
export function hexColor(css: string): number {
  return Number.parseInt(css.slice(1, 7), 16);
}
