/**
 * A small Phaser game with the SDK's Phaser plugin, for the browser and e2e tests, written against
 * whichever `Phaser` the test passes (3.90 or 4.x): a `Title` scene and a `Play` scene (the
 * gameplay scene) that records every key and pointer it receives, so a test can tell whether the
 * scene below the overlay got any input.
 */
import type * as PhaserTypes from 'phaser';
import { createPhaserPlugin, type PhaserPluginClient, type PhaserPluginData, type TpPhaserPlugin } from '../../src/phaser.js';

type PhaserNs = typeof PhaserTypes;

/** What the `Play` scene received. */
export interface BelowInput {
  /** `event.key` of each key-down. */
  readonly keys: string[];
  /** `event.key` of each key-up. */
  readonly keyUps: string[];
  readonly pointers: number;
}

export interface TestGame {
  readonly game: PhaserTypes.Game;
  readonly plugin: TpPhaserPlugin;
  /** Renderer Phaser runs: 1 canvas, 2 WebGL. */
  readonly renderer: number;
  /** What the Play scene received so far. */
  below(): BelowInput;
  /** How many `pointerup` the Play scene received. */
  pointerUps(): number;
  destroy(): Promise<void>;
}

export interface TestGameOptions {
  readonly type: number;
  readonly parent: HTMLElement;
  readonly client: PhaserPluginClient;
  readonly data?: Partial<PhaserPluginData>;
  readonly width?: number;
  readonly height?: number;
  /**
   * How Phaser's loader fetches images. `HTMLImageElement` loads them as `<img>`, which takes a
   * cross-origin image without CORS headers unless the loader asks for CORS: WebGL would then
   * throw a SecurityError uploading it. Default Phaser's (`XHR`).
   */
  readonly imageLoadType?: 'XHR' | 'HTMLImageElement';
}

/**
 * Destroys `game` and resolves once Phaser has torn it down (at its next step): until then its
 * global plugin's key is taken, and the next test's game would boot without the plugin.
 */
export async function destroyGame(game: PhaserTypes.Game): Promise<void> {
  game.destroy(true);
  const pending = (): boolean => (game as unknown as { pendingDestroy: boolean }).pendingDestroy;
  for (const until = Date.now() + 2000; pending() && Date.now() < until; ) await new Promise((r) => setTimeout(r, 16));
}

/** Starts the game on `Title`; resolves once it runs. `Play` is started by the test (`game.scene.start('Play')`). */
export function startTestGame(Phaser: PhaserNs, options: TestGameOptions): Promise<TestGame> {
  const keys: string[] = [];
  const keyUps: string[] = [];
  let pointers = 0;
  let pointerUps = 0;
  // Class names are the minifier's to change: the keys ('Title', 'Play') are what the plugin follows.
  class TitleScene extends Phaser.Scene {
    constructor() {
      super({ key: 'Title' });
    }
    create(): void {
      this.add.text(10, 10, 'Title', { color: '#ffffff' });
    }
  }
  class PlayScene extends Phaser.Scene {
    constructor() {
      super({ key: 'Play' });
    }
    create(): void {
      this.add.rectangle(0, 0, 2000, 2000, 0x224466).setOrigin(0, 0);
      this.input.keyboard!.createCursorKeys(); // captures Space, as most games do
      this.input.keyboard!.on('keydown', (event: KeyboardEvent) => void keys.push(event.key));
      this.input.keyboard!.on('keyup', (event: KeyboardEvent) => void keyUps.push(event.key));
      this.input.on('pointerdown', () => void pointers++);
      this.input.on('pointerup', () => void pointerUps++);
    }
  }
  return new Promise((resolve) => {
    const game = new Phaser.Game({
      type: options.type,
      parent: options.parent,
      width: options.width ?? 400,
      height: options.height ?? 500,
      backgroundColor: '#101018',
      banner: false,
      audio: { noAudio: true },
      loader: { imageLoadType: options.imageLoadType ?? 'XHR' },
      scene: [TitleScene, PlayScene],
      callbacks: {
        postBoot: () =>
          resolve({
            game,
            plugin: game.plugins.get('tp') as unknown as TpPhaserPlugin,
            renderer: game.config.renderType,
            below: () => ({ keys: [...keys], keyUps: [...keyUps], pointers }),
            pointerUps: () => pointerUps,
            destroy: () => destroyGame(game),
          }),
      },
      plugins: {
        global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client: options.client, gameplayScenes: ['Play'], ...options.data } }],
      },
    });
  });
}
