/**
 * The first offer a canvas shows runs cold: the dialog's code has never run and the canvas has
 * never measured or drawn text in the card's fonts. In idle moments after the adapter is created,
 * a sample offer is laid out, then painted, on a canvas of its own that is never in the page; the
 * first offer then costs what later ones do.
 *
 * The rehearsal goes in steps, one per idle moment, each under a long task at 4× CPU throttling
 * once the browser's number data is loaded (5–50 ms measured; docs/decisions.md, "The frame
 * budget"): the layout's code, run without measuring; a text in each of the card's fonts, half of
 * them a step (a canvas's first text in a font is slow); the layout, measured; the painting.
 *
 * @module
 */
import type { UiLabels } from '../labels.js';
import type { OfferView } from '../types.js';
import { inIdleSteps, sampleView } from '../warm-up.js';
import { layoutOffer } from './layout.js';
import { measureIn, offerDialog } from './dialog.js';
import type { CanvasTheme } from './theme.js';
import type { Measure } from './wrap.js';

/** Rehearses a sample offer on a scratch canvas the size of `canvas`, in idle moments; never throws, never draws on `canvas`. */
export function warmDialog(canvas: HTMLCanvasElement, theme: CanvasTheme, labels: UiLabels): void {
  let ctx: CanvasRenderingContext2D;
  let view: OfferView;
  /** The fonts the card uses, as its layout asks for them. */
  const fonts: string[] = [];
  // In CSS pixels, as the offer is laid out: the backing store over the device's pixel ratio.
  const ratio = canvas.ownerDocument.defaultView?.devicePixelRatio || 1;
  const layOut = (measure: Measure) => layoutOffer(view, canvas.width / ratio, canvas.height / ratio, measure, theme, labels, { checked: false, hero: undefined });
  /** Measures a text in each of `some` fonts. */
  const measureFonts = (some: () => string[]) => () => {
    for (const font of some()) {
      ctx.font = font;
      ctx.measureText('Aa');
    }
  };
  const half = () => Math.ceil(fonts.length / 2);
  inIdleSteps(
    [
      () => {
        view = sampleView();
        ctx = Object.assign(canvas.ownerDocument.createElement('canvas'), { width: canvas.width, height: canvas.height }).getContext('2d')!;
        layOut((text, font) => (fonts.includes(font) || fonts.push(font), text.length * 8));
      },
      measureFonts(() => fonts.slice(0, half())),
      measureFonts(() => fonts.slice(half())),
      () => void layOut(measureIn(ctx)),
      () => offerDialog(ctx, theme, true, view, labels)[0](),
    ],
    300,
  );
}
