/**
 * The offer's text as Phaser Text objects: a style per span (color, bold, italic, size), and the
 * message's lines of spans flowed left to right into rows and wrapped to a width.
 *
 * Wrapping is per span: spans sit side by side while they fit; a span that does not fit in what
 * is left of the row starts the next row; a span wider than the whole width is word-wrapped by
 * Phaser on rows of its own. The DOM and canvas adapters wrap word by word instead.
 *
 * @module
 */
import type { Line } from '../index.js';
import type { PhaserScene, PhaserText, PhaserTextStyle } from './types.js';

/** Base size of the message, in pixels, as the DOM dialog's; `<size=N>` is clamped to 0.5×–3× of it. */
export const BASE_PX = 16;
/** Extra space below each row of the message, so it reads like the DOM dialog's 1.5 line height. */
const ROW_GAP = 0.35 * BASE_PX;

/** How a piece of text looks. */
export interface TextLook {
  readonly color?: string | undefined;
  readonly bold?: boolean;
  readonly italic?: boolean;
  /** Pixels, before clamping. Default {@link BASE_PX}. */
  readonly size?: number | undefined;
}

/** A Phaser text style for `look` in `font`; `fallbackColor` when the look has no color of its own. */
export function textStyle(look: TextLook, fallbackColor: string, font: string): PhaserTextStyle {
  const size = Math.min(BASE_PX * 3, Math.max(BASE_PX / 2, look.size ?? BASE_PX));
  return {
    fontFamily: font,
    fontSize: `${size}px`,
    fontStyle: [look.bold ? 'bold' : '', look.italic ? 'italic' : ''].filter(Boolean).join(' '),
    // '#rrggbbaa' from the markup engine is a valid canvas fillStyle: alpha included.
    color: look.color ?? fallbackColor,
    // Sharp on high-density screens: the text's own canvas at the screen's ratio.
    resolution: Math.max(1, Math.min(3, globalThis.devicePixelRatio || 1)),
  };
}

/** Draws text in one font: {@link TextPen.add} places one Text object, top-left origin. */
export interface TextPen {
  readonly scene: PhaserScene;
  readonly font: string;
  /** Adds plain text (Phaser never parses it as markup) at (x, y). */
  add(x: number, y: number, text: string, look: TextLook, fallbackColor: string): PhaserText;
}

/** A {@link TextPen} for `scene`, `font`, calling `drawn` with each Text object it adds. */
export function textPen(scene: PhaserScene, font: string, drawn: (text: PhaserText, look: TextLook) => void): TextPen {
  return {
    scene,
    font,
    add(x, y, text, look, fallbackColor) {
      const t = scene.add.text(x, y, text, textStyle(look, fallbackColor, font)).setOrigin(0, 0);
      drawn(t, { ...look, color: look.color ?? fallbackColor });
      return t;
    },
  };
}

/**
 * Adds the message's Text objects, one per non-empty span, in a `width`-wide box whose top-left
 * corner is (x, y). Returns them (in reading order) and the height used.
 */
export function addMessage(pen: TextPen, lines: readonly Line[], x: number, y: number, width: number, color: string): { texts: PhaserText[]; height: number } {
  const texts: PhaserText[] = [];
  let top = y;
  let row: PhaserText[] = [];
  let rowWidth = 0;

  /** Ends the current row: its spans share a bottom edge (a rough common baseline). */
  const endRow = (): void => {
    if (row.length === 0) return;
    const height = Math.max(...row.map((t) => t.height));
    for (const t of row) t.y = top + height - t.height;
    top += height + ROW_GAP;
    row = [];
    rowWidth = 0;
  };

  for (const line of lines) {
    const spans = line.filter((span) => span.text.length > 0);
    if (spans.length === 0) top += BASE_PX * 1.5; // an empty line keeps its height
    for (const span of spans) {
      const text = pen.add(x, top, span.text, span, color);
      texts.push(text);
      if (rowWidth > 0 && rowWidth + text.width > width) endRow();
      if (text.width > width) {
        // Wider than the box: wrapped by Phaser (advanced wrap also breaks a too-long word), alone on its rows.
        text.setWordWrapWidth(width, true).setPosition(x, top);
        top += text.height + ROW_GAP;
        continue;
      }
      text.x = x + rowWidth;
      rowWidth += text.width;
      row.push(text);
    }
    endRow();
  }
  return { texts, height: Math.max(0, top - y - ROW_GAP) };
}
