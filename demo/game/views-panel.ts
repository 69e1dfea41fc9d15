/**
 * "One offer, three ways": the demo presents every offer to three adapters at once, each in its
 * own panel of demo/public/index.html:
 *
 * - `#view-dom`: the DOM adapter, its dialog covering the panel (`container`);
 * - `#view-canvas`: the canvas adapter, drawing into the panel's `<canvas>`;
 * - `#view-phaser`: a headless adapter, drawn by a Phaser scene with Phaser's own objects
 *   (loaded on demand: {@link ThreeWays.loadPhaser}).
 *
 * They share the one `OfferView` the SDK presents ({@link fanOut}), so the offer is opened once
 * and the first dismiss or purchase in any panel ends it and closes all three.
 */
import { createHeadlessAdapter, type UiAdapter } from 'tp-web-sdk';
import { createCanvasAdapter } from 'tp-web-sdk/canvas';
import { createDomAdapter } from 'tp-web-sdk/dom';
import { fanOut } from './fan-out.js';
import type { PhaserControlInfo, PhaserTextInfo, PhaserView } from './phaser-view.js';

/** The three panels, wired. */
export interface ThreeWays {
  /** The client's `ui`: presents to the three panels. */
  readonly ui: UiAdapter;
  /** Loads Phaser (its own chunk) and starts the Phaser panel; resolves false when it could not. Once. */
  loadPhaser(): Promise<boolean>;
  /** The texts of the Phaser scene's Text objects (empty until Phaser runs). */
  phaserTexts(): PhaserTextInfo[];
  /** The Phaser scene's buttons, in CSS pixels from its canvas's top-left corner (empty until Phaser runs). */
  phaserControls(): PhaserControlInfo[];
  /** URLs of the images the Phaser scene draws (empty until Phaser runs, and until the offer's image loaded). */
  phaserImages(): string[];
}

/** Wires the panels inside `section`; `log` hears what went wrong. Draws nothing until an offer is shown. */
export function mountThreeWays(section: HTMLElement, log: (text: string) => void): ThreeWays {
  const find = <T extends Element>(selector: string): T => {
    const el = section.querySelector<T>(selector);
    if (!el) throw new Error(`demo page: ${selector} is missing`);
    return el;
  };
  const domStage = find<HTMLElement>('#view-dom .view-stage');
  const canvas = find<HTMLCanvasElement>('#view-canvas canvas');
  const phaserStage = find<HTMLElement>('#view-phaser .view-stage');
  const headless = createHeadlessAdapter();

  /** Not an adapter that draws: marks the section while an offer is on screen (the CSS hides the panels' idle text). */
  const marker: UiAdapter = {
    present: (view) => void (section.dataset.offer = String(view.offerId)),
    close: () => void delete section.dataset.offer,
  };
  const names = ['marker', 'canvas', 'phaser', 'dom'];
  // The DOM dialog last: it takes the keyboard focus (the canvas adapter takes it too, before it).
  // fanOut closes in reverse order, so focus goes back through the canvas to where it was.
  const ui = fanOut([marker, createCanvasAdapter({ context: canvas.getContext('2d')! }), headless, createDomAdapter({ container: domStage, zIndex: 1 })], {
    onError: (error, index) => log(`${names[index]} panel: ${error instanceof Error ? error.message : String(error)}`),
  });

  let phaser: PhaserView | undefined;
  let loading: Promise<boolean> | undefined;
  const loadPhaser = (): Promise<boolean> =>
    (loading ??= import('./phaser-view.js')
      .then((m) => m.mountPhaserView(phaserStage, headless))
      .then(
        (view) => {
          phaser = view;
          phaserStage.dataset.ready = 'true';
          return true;
        },
        (error: unknown) => {
          find('#view-phaser .idle').textContent = 'Phaser could not load.';
          log(`phaser panel: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        },
      ));

  return {
    ui,
    loadPhaser,
    phaserTexts: () => phaser?.texts() ?? [],
    phaserControls: () => phaser?.controls() ?? [],
    phaserImages: () => phaser?.images() ?? [],
  };
}
