/**
 * The Phaser panel: a small Phaser 3 game that draws the SDK's headless view with Phaser's own
 * objects (see phaser-offer-scene.ts).
 *
 * This module is loaded with a dynamic `import()` (demo/game/views-panel.ts), so esbuild puts it
 * and Phaser in their own chunk: the demo page and the SDK start without waiting for them.
 * phaser is a devDependency of the demo only: the SDK never imports it, and a game using Phaser
 * brings its own (the SDK's `createHeadlessAdapter` and `OfferView` are all it needs).
 */
import * as Phaser from 'phaser';
import type { HeadlessAdapter } from 'tp-web-sdk';
import { OfferScene, type PhaserControlInfo, type PhaserTextInfo } from './phaser-offer-scene.js';
import { PHASER_THEME } from './phaser-theme.js';

export type { PhaserControlInfo, PhaserTextInfo } from './phaser-offer-scene.js';

/** The running Phaser panel. */
export interface PhaserView {
  /** What its Text objects show now. */
  texts(): PhaserTextInfo[];
  /** Its buttons, in CSS pixels from the top-left corner of its canvas. */
  controls(): PhaserControlInfo[];
  /** URLs of the images it draws (the offer's image, once loaded: the card's layout then moves down). */
  images(): string[];
  /** Stops the game and removes its canvas (at Phaser's next step); an offer it draws is taken off screen (`closed`). */
  destroy(): void;
}

/**
 * Starts a Phaser game filling `panel` (a focusable element with a CSS size) that draws what
 * `source` holds. Resolves once its scene is created (drawing what `source` holds).
 */
export function mountPhaserView(panel: HTMLElement, source: HeadlessAdapter): Promise<PhaserView> {
  return new Promise((resolve) => {
    const scene = new OfferScene(source, panel, () => resolve(view));
    const game = new Phaser.Game({
      // The 2D canvas renderer: no GPU needed (the browser tests run Chromium with --disable-gpu).
      type: Phaser.CANVAS,
      parent: panel,
      backgroundColor: PHASER_THEME.stage,
      // The game's canvas follows the panel's size; the scene lays the card out again.
      scale: { mode: Phaser.Scale.RESIZE, expandParent: false },
      // Keyboard input only while the panel (or something in it) has focus.
      input: { keyboard: { target: panel }, gamepad: false },
      // The offer's image as an <img>, like the other panels (the loader's XHR would need CORS).
      loader: { imageLoadType: 'HTMLImageElement' },
      audio: { noAudio: true }, // an AudioContext before any gesture would warn in the console
      banner: false,
      autoFocus: false, // the page decides where focus is
      scene,
    });
    // Phaser maps pointer positions through the canvas's place in the document, which it measures
    // again only when the canvas is resized: the page above the panel grows (the offers, the log)
    // and moves it. Measured afresh whenever a pointer comes in or goes down (before Phaser's
    // mouse listeners run: pointer events come first).
    const measure = (): void => void game.scale.updateBounds();
    // Phaser keeps the pointer's default action (focus) from its canvas: give the panel focus so
    // that the keyboard follows the pointer.
    const focusPanel = (): void => {
      measure();
      panel.focus({ preventScroll: true });
    };
    panel.addEventListener('pointerenter', measure);
    panel.addEventListener('pointerdown', focusPanel);
    const view: PhaserView = {
      texts: () => scene.texts(),
      controls: () => scene.controlRects(),
      images: () => scene.images(),
      destroy: () => {
        panel.removeEventListener('pointerenter', measure);
        panel.removeEventListener('pointerdown', focusPanel);
        game.destroy(true);
      },
    };
  });
}
