/**
 * `createPhaserPlugin`: the global plugin class, made from the game's own `Phaser` namespace.
 *
 * @module
 */
import { ConfigError, type OfferOutcome, type OfferView } from '../index.js';
import type { PhaserInspection, PhaserPluginClass, PhaserPluginClient, PhaserPluginData, TpPhaserPlugin } from './api.js';
import { trackGameplay } from './gameplay.js';
import { Overlay } from './overlay.js';
import { DEFAULT_PHASER_THEME } from './theme.js';
import type { PhaserBasePlugin, PhaserNamespace } from './types.js';

/** The oldest Phaser the plugin runs on (scene, input and loader APIs as of 3.60). */
const OLDEST = [3, 60] as const;

/** Refuses a missing or too old `Phaser` (the factory's only argument). */
function checkPhaser(Phaser: PhaserNamespace | undefined): void {
  const version = typeof Phaser?.VERSION === 'string' ? Phaser.VERSION : undefined;
  if (!version || typeof Phaser?.Plugins?.BasePlugin !== 'function') {
    throw new ConfigError('Phaser', 'createPhaserPlugin(Phaser) needs the Phaser namespace (import * as Phaser from "phaser", or window.Phaser)');
  }
  const [major = 0, minor = 0] = version.split('.').map((n) => Number.parseInt(n, 10));
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1])) {
    throw new ConfigError('Phaser', `needs Phaser ${OLDEST.join('.')} or newer, got ${version}`);
  }
}

/** Refuses plugin data without a client (or with a `ui` that is not a headless adapter). */
function checkData(data: unknown): PhaserPluginData {
  const d = data as Partial<PhaserPluginData> | undefined;
  if (!d || typeof d !== 'object' || !d.client || typeof d.client !== 'object') {
    throw new ConfigError('client', 'the tp-web-sdk Phaser plugin needs data.client, the client of createClient(), in the game config: plugins: { global: [{ key: "tp", plugin, start: true, mapping: "tp", data: { client } }] }');
  }
  if (d.ui !== undefined && typeof d.ui?.onPresent !== 'function') {
    throw new ConfigError('ui', 'data.ui must be the headless adapter the client was created with (createHeadlessAdapter())');
  }
  if (d.onError !== undefined && typeof d.onError !== 'function') throw new ConfigError('onError', 'must be a function');
  if (d.gameplayScenes !== undefined && (!Array.isArray(d.gameplayScenes) || !d.gameplayScenes.every((k) => typeof k === 'string'))) {
    throw new ConfigError('gameplayScenes', 'must be an array of scene keys');
  }
  return d as PhaserPluginData;
}

/** What a runtime failure of the plugin becomes without `data.onError`: a console error, never an exception in the game loop. */
function logFailure(error: unknown): void {
  console.error('tp-web-sdk/phaser:', error);
}

/**
 * The plugin class for the game's `Phaser` (3.60+ or 4.x: the SDK never imports `phaser`), to give
 * as a global plugin:
 *
 * ```ts
 * plugins: { global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client, gameplayScenes: ['Play'] } }] }
 * ```
 *
 * At boot the plugin adds the overlay scene (`data.overlayKey`) and starts following the gameplay
 * scenes; each scene then has it as `this.tp` ({@link TpPhaserPlugin}).
 *
 * @param Phaser The game's Phaser namespace (`import * as Phaser from 'phaser'`, or `window.Phaser`).
 * @throws {ConfigError} `Phaser` is missing or older than 3.60 (option `Phaser`). At the game's
 *   boot, `new Phaser.Game()` throws a ConfigError when `data.client` is missing (option `client`),
 *   `data.ui` is not a headless adapter (`ui`), or `data.gameplayScenes` is not a list of keys.
 */
export function createPhaserPlugin(Phaser: PhaserNamespace): PhaserPluginClass {
  checkPhaser(Phaser);
  const Base = Phaser.Plugins.BasePlugin as unknown as new (pluginManager: never) => PhaserBasePlugin;
  class TpPlugin extends Base implements TpPhaserPlugin {
    private data: PhaserPluginData | undefined;
    private overlay: Overlay | undefined;
    private readonly undo: (() => void)[] = [];

    get client(): PhaserPluginClient {
      return this.settings().client;
    }

    override init(data?: unknown): void {
      this.data = checkData(data);
    }

    override start(): void {
      const data = this.settings();
      if (this.overlay) return;
      const reportFailure = (error: unknown): void => (data.onError ?? logFailure)(error);
      const overlay = new Overlay(this.game, {
        key: data.overlayKey ?? 'tp-offer',
        theme: { ...DEFAULT_PHASER_THEME, ...data.theme },
        announce: data.announce,
        failed: reportFailure,
      });
      this.overlay = overlay;
      const client = data.client;
      const call = (name: 'gameplayStart' | 'gameplayStop'): void => {
        try {
          if (typeof client[name] === 'function') client[name]();
        } catch (error) {
          reportFailure(error);
        }
      };
      this.undo.push(trackGameplay(this.game, data.gameplayScenes ?? [], { start: () => call('gameplayStart'), stop: () => call('gameplayStop') }));
      const ui = data.ui;
      if (ui) {
        this.undo.push(ui.onPresent((view) => overlay.present(view)), ui.onClose(() => overlay.close()));
        if (ui.current) overlay.present(ui.current);
      }
    }

    show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome> {
      const { client, ui } = this.settings();
      if (!client.offers) return Promise.reject(new ConfigError('client', 'the client has no offers (tp-web-sdk/logging): create it with tp-web-sdk'));
      if (ui) return client.offers.show(offerId, options);
      return this.drawView(client.offers.view(offerId), options?.signal);
    }

    showAt(placement: string, options?: { readonly signal?: AbortSignal }): ReturnType<TpPhaserPlugin['showAt']> {
      const { client } = this.settings();
      if (!client.offers) return Promise.reject(new ConfigError('client', 'the client has no offers (tp-web-sdk/logging): create it with tp-web-sdk'));
      return client.offers.showAt(placement as never, options);
    }

    close(): void {
      this.overlay?.close();
    }

    inspect(): PhaserInspection {
      return this.overlay?.inspect() ?? { offerId: undefined, texts: [], controls: [], images: [] };
    }

    override stop(): void {
      for (const u of this.undo.splice(0)) u();
      this.overlay?.close();
    }

    override destroy(): void {
      this.stop();
      this.overlay = undefined;
      super.destroy();
    }

    /** Draws a view of the client's (no adapter involved): open once drawn, removed when it ends. */
    private async drawView(viewing: Promise<OfferView>, signal: AbortSignal | undefined): Promise<OfferOutcome> {
      signal?.throwIfAborted();
      const view = await viewing;
      const overlay = this.overlay;
      if (!overlay) {
        view.close();
        return view.closed;
      }
      const abort = (): void => view.close();
      signal?.addEventListener('abort', abort, { once: true });
      overlay.present(view);
      view.open();
      try {
        return await view.closed;
      } finally {
        signal?.removeEventListener('abort', abort);
        if (overlay.current === view) overlay.close();
      }
    }

    private settings(): PhaserPluginData {
      if (!this.data) throw new ConfigError('client', 'the Phaser plugin was not given its data (start: true, data: { client })');
      return this.data;
    }
  }
  return TpPlugin as unknown as PhaserPluginClass;
}
