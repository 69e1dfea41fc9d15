/**
 * The first offer a canvas shows runs cold: the painter's code has never run and the canvas has
 * never measured or drawn text in the card's fonts. In idle moments after the adapter is created,
 * a sample offer is laid out, then painted, on a canvas of its own that is never in the page; the
 * first offer then costs what later ones do.
 *
 * The rehearsal goes in steps, one per idle moment, each under a long task at 4× CPU throttling
 * (5–40 ms measured; docs/decisions.md, "The frame budget"): the layout's code, run without
 * measuring; a text in each of the card's fonts, half of them a step (a canvas's first text in a
 * font is slow); the layout; the painting.
 *
 * @module
 */
import type { UiLabels } from '../labels.js';
import { sampleView, whenIdle } from '../warm-up.js';
import { layoutOffer } from './layout.js';
import { measureIn, offerPainter } from './painter.js';
import type { CanvasTheme } from './theme.js';

/** Rehearses a sample offer on a scratch canvas the size of `canvas`, in idle moments; never throws, never draws on `canvas`. */
export function warmPainter(canvas: HTMLCanvasElement, theme: CanvasTheme, labels: UiLabels): void {
  let ctx: CanvasRenderingContext2D;
  const view = sampleView();
  const layOut = (measure: Parameters<typeof layoutOffer>[3]) => layoutOffer(view, canvas.width, canvas.height, measure, theme, labels, { checked: false, hero: undefined });
  const steps = [
    () => {
      ctx = Object.assign(canvas.ownerDocument.createElement('canvas'), { width: canvas.width, height: canvas.height }).getContext('2d')!;
      const fonts: string[] = [];
      layOut((text, font) => (fonts.includes(font) || fonts.push(font), text.length * 8));
      // Half the fonts a step: a canvas's first text in a font costs 3 to 15 ms at 4× each.
      const half = Math.ceil(fonts.length / 2);
      for (const some of [fonts.slice(0, half), fonts.slice(half)]) {
        steps.splice(-2, 0, () => {
          for (const font of some) {
            ctx.font = font;
            ctx.measureText('Aa');
          }
        });
      }
    },
    () => void layOut(measureIn(ctx)),
    () => offerPainter(ctx, theme, true, view, labels)[0](),
  ];
  whenIdle(steps, 300);
}
