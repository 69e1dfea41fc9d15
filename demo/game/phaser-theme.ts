/**
 * The Phaser panel's look: the DOM dialog's default colors and font (src/ui/dom/styles.ts), so the
 * three panels read as the same dialog drawn three ways.
 */
export const PHASER_THEME = {
  /** Behind the card: the page's canvas color. */
  stage: '#0b0e14',
  bg: '#1d2330',
  fg: '#f4f6fb',
  muted: '#b8c0d4',
  accent: '#ffb020',
  accentFg: '#1b1300',
  focus: '#7cc4ff',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", sans-serif',
} as const;

/** `#rrggbb` → `0xrrggbb`, the number Phaser's shapes take as a fill or stroke color. */
export function hexColor(css: string): number {
  return Number.parseInt(css.slice(1, 7), 16);
}
