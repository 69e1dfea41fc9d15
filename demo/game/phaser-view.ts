/**
 * The Phaser panel: a small Phaser 3 game with the SDK's Phaser plugin (`tp-web-sdk/phaser`), which
 * draws each offer the client presents to the panel's headless adapter in its overlay scene, with
 * Phaser's own objects. The game's own scene shows what runs, and "No offer on screen".
 *
 * This module is loaded with a dynamic `import()` (demo/game/views-panel.ts), so esbuild puts it
 * and Phaser in their own chunk: the demo page and the SDK start without waiting for them.
 * phaser is a devDependency of the demo only: the SDK never imports it, a game passes its own.
 */
import * as Phaser from 'phaser';
import type { HeadlessAdapter } from 'tp-web-sdk';
import { createPhaserPlugin, DEFAULT_PHASER_THEME, type PhaserControlInfo, type PhaserTextInfo, type TpPhaserPlugin } from 'tp-web-sdk/phaser';

export type { PhaserControlInfo, PhaserTextInfo } from 'tp-web-sdk/phaser';

/** The panel's font: the page's, with Korean. */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", sans-serif';
/** Behind everything: the page's canvas color. */
const STAGE = '#0b0e14';

/** The running Phaser panel. */
export interface PhaserView {
  /** What its Text objects show now: the idle scene's, then the offer's. */
  texts(): PhaserTextInfo[];
  /** The offer's buttons, in CSS pixels from the top-left corner of its canvas. */
  controls(): PhaserControlInfo[];
  /** URLs of the images it draws (the offer's image, once loaded: the card's layout then moves down). */
  images(): string[];
  /** Stops the game and removes its canvas (at Phaser's next step); an offer it draws is taken off screen (`closed`). */
  destroy(): void;
}

/** The game's own scene: which Phaser runs, and "No offer on screen" (dimmed by the overlay while an offer is open). */
class IdleScene extends Phaser.Scene {
  private texts: Phaser.GameObjects.Text[] = [];

  constructor(private readonly onReady: () => void) {
    super({ key: 'idle' });
  }

  create(): void {
    const style = { fontFamily: FONT, color: DEFAULT_PHASER_THEME.fg, fontSize: '16px' };
    const version = this.add.text(0, 0, `Phaser ${Phaser.VERSION}, canvas renderer`, { ...style, color: DEFAULT_PHASER_THEME.muted, fontSize: '13px' });
    const idle = this.add.text(0, 0, 'No offer on screen', style);
    this.texts = [version, idle];
    const layout = (): void => {
      const { width, height } = this.scale.gameSize;
      version.setPosition((width - version.width) / 2, height / 2 - version.height - 4);
      idle.setPosition((width - idle.width) / 2, height / 2 + 4);
    };
    layout();
    this.scale.on(Phaser.Scale.Events.RESIZE, layout);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.scale.off(Phaser.Scale.Events.RESIZE, layout));
    this.onReady();
  }

  info(): PhaserTextInfo[] {
    return this.texts.map((t) => ({ text: t.text, color: String(t.style.color), bold: false, italic: false, size: Number.parseFloat(String(t.style.fontSize)) }));
  }
}

/**
 * Starts a Phaser game filling `panel` (a focusable element with a CSS size) whose plugin draws
 * what `source` presents. Resolves once its scene is created (an offer already presented is drawn).
 */
export function mountPhaserView(panel: HTMLElement, source: HeadlessAdapter): Promise<PhaserView> {
  return new Promise((resolve) => {
    const scene = new IdleScene(() => resolve(view));
    const announce = (text: string): void => panel.setAttribute('aria-label', text ? `Phaser panel: ${text}` : 'Phaser panel: no offer on screen');
    announce('');
    const game = new Phaser.Game({
      // The 2D canvas renderer: no GPU needed (the browser tests run Chromium with --disable-gpu).
      type: Phaser.CANVAS,
      parent: panel,
      backgroundColor: STAGE,
      // The game's canvas follows the panel's size (game pixels are CSS pixels); the overlay lays the card out again.
      scale: { mode: Phaser.Scale.RESIZE, expandParent: false },
      // Keyboard input only while the panel (or something in it) has focus.
      input: { keyboard: { target: panel }, gamepad: false },
      audio: { noAudio: true }, // an AudioContext before any gesture would warn in the console
      banner: false,
      autoFocus: false, // the page decides where focus is
      scene,
      plugins: {
        // The panel only draws: the demo game's gameplay comes from its own scene (main.ts), so the
        // plugin gets no gameplay scenes, and a client with nothing to call.
        global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client: {}, ui: source, theme: { font: FONT }, announce } }],
      },
    });
    const plugin = (): TpPhaserPlugin => game.plugins.get('tp') as unknown as TpPhaserPlugin;
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
      texts: () => [...scene.info(), ...plugin().inspect().texts],
      controls: () => [...plugin().inspect().controls],
      images: () => [...plugin().inspect().images],
      destroy: () => {
        panel.removeEventListener('pointerenter', measure);
        panel.removeEventListener('pointerdown', focusPanel);
        game.destroy(true);
      },
    };
  });
}
