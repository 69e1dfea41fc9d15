/**
 * The dialog of one offer on the canvas: its picture (the layout, laid out again when the shown
 * size changes; the focus ring, the toggle, the hero image once loaded), what a press, Tab and a
 * pointer do to it, and the canvas's accessible name.
 *
 * @module
 */
import type { UiLabels } from '../labels.js';
import { buyName, titleText, toggleText } from '../names.js';
import type { OfferView } from '../types.js';
import { drawFrame } from './frame.js';
import { hitAt, nextFocus } from './input.js';
import { layoutOffer, sameControl, type Control, type OfferLayout } from './layout.js';
import { paintOffer } from './paint.js';
import type { CanvasTheme } from './theme.js';
import type { Measure } from './wrap.js';

/** What {@link offerDialog} gives the adapter: closures over one offer's dialog. */
export type OfferDialog = [
  /** Draws the offer (laid out again when the shown size changed or the layout was dropped). */
  draw: () => void,
  /** Presses the region at an index of the layout's hits, as its button would be; by default the focused one. */
  press: (index?: number) => void,
  /** Moves the focus ring (`back`: Shift+Tab), names the canvas after it, draws. */
  tab: (back: boolean) => void,
  /** The index of the region under a pointer event, -1 for none. */
  hit: (event: PointerEvent) => number,
  /** Lays out again with the loaded hero image, and draws. */
  heroLoaded: (img: HTMLImageElement) => void,
];

/**
 * Starts the picture of `view` on `ctx`'s canvas (`clear`: the adapter's own overlay), with `hero`
 * when its image is already loaded, and names the canvas after it. Nothing is drawn until `draw`.
 */
export function offerDialog(
  ctx: CanvasRenderingContext2D,
  theme: CanvasTheme,
  clear: boolean,
  view: OfferView,
  labels: UiLabels,
  hero?: HTMLImageElement,
): OfferDialog {
  const measure = measureIn(ctx);
  let layout: OfferLayout | undefined;
  /** Where the canvas's bitmap shows in its CSS box, in CSS pixels: the layout's size, and its top-left corner. */
  let box = [0, 0];
  let origin = [0, 0];
  let focus = -1;
  let checked = false;
  const describe = (): void => ctx.canvas.setAttribute('aria-label', ariaLabel(view, labels, layout?.hits[focus]?.control));
  const draw = (): void =>
    drawFrame(ctx, clear, (x0, y0, sw, sh) => {
      origin = [x0, y0];
      if (!layout || box[0] !== sw || box[1] !== sh) {
        // Regions come and go with the size (a toggle that no longer fits): focus stays on the
        // same control, or on none when it is gone, never on whatever took its index.
        const focused = layout?.hits[focus]?.control;
        box = [sw, sh];
        layout = layoutOffer(view, sw, sh, measure, theme, labels, { checked, hero: hero && { w: hero.naturalWidth, h: hero.naturalHeight } });
        if (focused !== undefined) {
          focus = layout.hits.findIndex((hit) => sameControl(hit.control, focused));
          describe();
        }
      }
      paintOffer(ctx, layout, sw, sh, theme, hero, focus, clear);
    });
  const press = (i = focus): void => {
    const control = layout?.hits[i]?.control;
    if (control?.kind === 'close') view.dismiss();
    else if (control?.kind === 'toggle') {
      view.setDoNotShowAgain((checked = !checked));
      layout = undefined;
      draw();
    } else if (control) view.interact(view.products[control.index]);
  };
  describe();
  return [
    draw,
    press,
    (back) => {
      focus = nextFocus(focus, layout?.hits.length ?? 0, back);
      describe();
      draw();
    },
    // `offsetX` is in the canvas's own CSS pixels through any CSS transform (scaled to fit,
    // turned for landscape).
    (e) => hitAt(layout?.hits, e.offsetX - origin[0]!, e.offsetY - origin[1]!),
    (img) => {
      hero = img;
      layout = undefined;
      draw();
    },
  ];
}

/**
 * The canvas's accessible name: the offer's title, and the focused `control`'s name after it (none
 * when nothing is focused).
 */
export function ariaLabel(view: OfferView, labels: UiLabels, control: Control | undefined): string {
  const name = !control ? '' : control.kind === 'close' ? labels.close : control.kind === 'toggle' ? toggleText(view, labels) : buyName(view.products[control.index]!, labels);
  const title = titleText(view, labels);
  return name ? `${title}: ${name}` : title;
}

/** Measures text in the context, each (font, text) once: a new cache for each offer shown. */
export function measureIn(ctx: CanvasRenderingContext2D): Measure {
  const widths = new Map<string, number>();
  return (text, font) => {
    const key = `${font}\n${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      ctx.font = font;
      widths.set(key, (w = ctx.measureText(text).width));
    }
    return w;
  };
}
