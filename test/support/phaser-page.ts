/**
 * The game page of test/e2e/phaser-plugin.test.ts, bundled by esbuild with `minify: true` (class
 * names mangled) against Phaser 3 or Phaser 4 (`phaser` aliased), run in Chromium. It exposes
 * `window.tpTest`: start the game, drive its scenes, present an offer to the headless adapter the
 * plugin draws from, and read what happened.
 */
import * as Phaser from 'phaser';
import { createHeadlessAdapter } from '../../src/index.js';
import type { PhaserInspection } from '../../src/phaser.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { startTestGame, type BelowInput, type TestGame } from './phaser-game.js';
import { recordingView } from './views.js';

/** The golden image's fonts (Debian's fonts-dejavu-core and fonts-nanum), as test/golden/fixture-page.ts. */
const FONT = '"DejaVu Sans", "NanumGothic", sans-serif';

export interface PhaserTestPage {
  start(renderer: 'canvas' | 'webgl'): Promise<{ renderer: number; version: string }>;
  /** Calls the scene manager: `start`, `pause`, `resume`, `sleep`, `wake` or `stop` of `key`. */
  scene(op: 'start' | 'pause' | 'resume' | 'sleep' | 'wake' | 'stop', key: string): void;
  /** Presents the spec's AI offer, with `imageUrl` as its background (none: no image). */
  present(imageUrl?: string): void;
  /** Gameplay calls (`gameplayStart`, `gameplayStop`) and the view's actions (`interact:…`, `dismiss`, …), in order. */
  readonly calls: string[];
  inspect(): PhaserInspection;
  below(): BelowInput;
  muted(): boolean;
  /** URLs the overlay's loader failed to load. */
  failedLoads(): string[];
  /** Status of the scene `key` (Phaser.Scenes: 5 running, 6 paused). */
  status(key: string): number;
}

const calls: string[] = [];
const ui = createHeadlessAdapter();
const client = { gameplayStart: () => void calls.push('gameplayStart'), gameplayStop: () => void calls.push('gameplayStop') };
let game: TestGame | undefined;
const failed: string[] = [];

const page: PhaserTestPage = {
  calls,
  async start(renderer) {
    const parent = document.createElement('div');
    parent.id = 'game';
    document.body.append(parent);
    // Images as <img>: without the plugin's CORS request, a cross-origin image would load tainted.
    game = await startTestGame(Phaser, { type: renderer === 'webgl' ? Phaser.WEBGL : Phaser.CANVAS, parent, client, data: { ui, theme: { font: FONT } }, imageLoadType: 'HTMLImageElement' });
    game.game.scene.getScene('tp-offer')!.load.on('loaderror', (file: { url: string }) => void failed.push(file.url));
    return { renderer: game.renderer, version: Phaser.VERSION };
  },
  scene(op, key) {
    game!.game.scene[op](key);
  },
  present(imageUrl) {
    const body = { ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, background_url: imageUrl ?? null } } };
    const { view, calls: actions } = recordingView(body);
    // The view's actions land in `calls` too, in order with the gameplay calls.
    actions.push = (...items: string[]) => calls.push(...items);
    ui.present(view);
  },
  inspect: () => game!.plugin.inspect(),
  below: () => game!.below(),
  failedLoads: () => [...failed],
  muted: () => game!.game.sound.mute,
  status: (key) => game!.game.scene.getScene(key)!.sys.settings.status,
};

(window as unknown as { tpTest: PhaserTestPage }).tpTest = page;
