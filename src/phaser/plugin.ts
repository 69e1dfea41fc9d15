/**
 * `createPhaserPlugin`: the global plugin class, made from the game's own `Phaser` namespace.
 *
 * @module
 */
import { ConfigError, type OfferOutcome, type OfferView } from '../index.js';
import type { PhaserInspection, PhaserPluginClass, PhaserPluginClient, PhaserPluginData, TpPhaserPlugin } from './api.js';
import { trackGameplay } from './gameplay.js';
import { IMAGE_WAIT_MS, prepareTexture, textureWithin } from './images.js';
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

/**
 * The keys of {@link PhaserPluginData}, each once (TypeScript checks the record against it): any
 * other is a typo the plugin would silently ignore.
 */
const DATA_KEYS = Object.keys({ client: 0, ui: 0, gameplayScenes: 0, theme: 0, overlayKey: 0, announce: 0, onError: 0 } satisfies Record<keyof PhaserPluginData, 0>);

/** Refuses plugin data without a client, with a key it does not know, or with a `ui` that is not a headless adapter. */
function checkData(data: unknown): PhaserPluginData {
  const d = data as Partial<PhaserPluginData> | undefined;
  if (!d || typeof d !== 'object' || !d.client || typeof d.client !== 'object') {
    throw new ConfigError('client', 'the tp-web-sdk Phaser plugin needs data.client, the client of createClient(), in the game config: plugins: { global: [{ key: "tp", plugin, start: true, mapping: "tp", data: { client, ui } }] }');
  }
  const unknown = Object.keys(d).find((key) => !DATA_KEYS.includes(key));
  if (unknown !== undefined) throw new ConfigError(unknown, `not a key of the Phaser plugin's data (${DATA_KEYS.join(', ')})`);
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

/** What `start()` wires, undone by `stop()`: gameplay from the scenes, and the adapter's offers into the overlay. */
function connect(game: PhaserBasePlugin['game'], data: PhaserPluginData, overlay: Overlay, failed: (error: unknown) => void): () => void {
  const client = data.client;
  const call = (name: 'gameplayStart' | 'gameplayStop'): void => {
    try {
      if (typeof client[name] === 'function') client[name]();
    } catch (error) {
      failed(error);
    }
  };
  const undo = [trackGameplay(game, data.gameplayScenes ?? [], { start: () => call('gameplayStart'), stop: () => call('gameplayStop') })];
  const ui = data.ui;
  if (ui) {
    undo.push(ui.onPresent((view) => overlay.present(view)), ui.onClose(() => overlay.close()));
    if (ui.current) overlay.present(ui.current);
  }
  return () => {
    for (const u of undo.splice(0)) u();
  };
}

/** The offer `show()` is making or whose image loads, not drawn yet; `turn` moves on at each `show()`, `close()` and `stop()`. */
interface Preparing {
  view?: OfferView | undefined;
  turn: number;
}

/**
 * Draws a view of the client's in the overlay (no adapter involved): its image first, made a
 * texture within {@link IMAGE_WAIT_MS}, then the card, then `open`; removed when it ends. When
 * `signal` aborts, the offer is closed and this rejects with its reason, as `offers.show()` does.
 * Until it is drawn, the next `show()`, `close()` or `stop()` ends it `closed` (`preparing`).
 */
async function showView(
  overlay: Overlay,
  game: PhaserBasePlugin['game'],
  viewOf: () => Promise<OfferView>,
  signal: AbortSignal | undefined,
  preparing: Preparing,
  failed: (error: unknown) => void,
): Promise<OfferOutcome> {
  signal?.throwIfAborted();
  // The newest show() wins, as on screen: an offer still being made or loading its image ends here.
  preparing.view?.close();
  preparing.view = undefined;
  const turn = ++preparing.turn;
  const view = await viewOf();
  if (signal?.aborted || preparing.turn !== turn) {
    // Aborted, closed or replaced while the view was made: it never reaches the screen (nothing reported).
    view.close();
    signal?.throwIfAborted();
    return view.closed;
  }
  const abort = (): void => view.close();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    preparing.view = view;
    const image = await textureWithin(game, view, failed);
    if (preparing.view === view) preparing.view = undefined;
    if (image !== 'closed') {
      overlay.present(view, image);
      view.open();
    }
    const outcome = await view.closed;
    signal?.throwIfAborted();
    return outcome;
  } finally {
    signal?.removeEventListener('abort', abort);
    if (overlay.current === view) overlay.close();
  }
}

/** The client's offers, or a ConfigError for a client without (`tp-web-sdk/logging`'s). */
function offersOf(client: PhaserPluginClient): NonNullable<PhaserPluginClient['offers']> {
  if (!client.offers) throw new ConfigError('client', 'the client has no offers (tp-web-sdk/logging): create it with tp-web-sdk');
  return client.offers;
}

/**
 * The plugin class for the game's `Phaser` (3.60+ or 4.x: the SDK never imports `phaser`), to give
 * as a global plugin:
 *
 * ```ts
 * plugins: { global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client, ui, gameplayScenes: ['Play'] } }] }
 * ```
 *
 * At boot the plugin adds the overlay scene (`data.overlayKey`) and starts following the gameplay
 * scenes; each scene then has it as `this.tp` ({@link TpPhaserPlugin}).
 *
 * @param Phaser The game's Phaser namespace (`import * as Phaser from 'phaser'`, or `window.Phaser`).
 * @throws {ConfigError} `Phaser` is missing or older than 3.60 (option `Phaser`). At the game's
 *   boot, `new Phaser.Game()` throws a ConfigError when `data.client` is missing (option `client`),
 *   `data` has a key the plugin does not know (that key), `data.ui` is not a headless adapter
 *   (`ui`), or `data.gameplayScenes` is not a list of keys.
 */
export function createPhaserPlugin(Phaser: PhaserNamespace): PhaserPluginClass {
  checkPhaser(Phaser);
  const Base = Phaser.Plugins.BasePlugin as unknown as new (pluginManager: never) => PhaserBasePlugin;
  class TpPlugin extends Base implements TpPhaserPlugin {
    private data: PhaserPluginData | undefined;
    private overlay: Overlay | undefined;
    private disconnect: (() => void) | undefined;
    private readonly preparing: Preparing = { turn: 0 };

    get client(): PhaserPluginClient {
      return this.settings().client;
    }

    override init(data?: unknown): void {
      this.data = checkData(data);
    }

    override start(): void {
      const data = this.settings();
      if (this.disconnect) return;
      const failed = (error: unknown): void => (data.onError ?? logFailure)(error);
      this.overlay ??= new Overlay(this.game, { key: data.overlayKey ?? 'tp-offer', theme: { ...DEFAULT_PHASER_THEME, ...data.theme }, announce: data.announce, failed });
      this.disconnect = connect(this.game, data, this.overlay, failed);
    }

    async show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome> {
      const { client, ui } = this.settings();
      const offers = offersOf(client);
      if (ui || !this.overlay) return offers.show(offerId, options);
      const failed = (error: unknown): void => (this.settings().onError ?? logFailure)(error);
      return showView(this.overlay, this.game, () => offers.view(offerId), options?.signal, this.preparing, failed);
    }

    prepare(view: OfferView, options: { readonly signal: AbortSignal }): Promise<void> {
      return prepareTexture(this.game, view, options.signal);
    }

    async showAt(placement: string, options?: { readonly signal?: AbortSignal }): ReturnType<TpPhaserPlugin['showAt']> {
      return offersOf(this.settings().client).showAt(placement as never, options);
    }

    close(): void {
      const view = this.overlay?.current;
      this.overlay?.close();
      // The offer ends `closed` (nothing reported): show() settles, and the next offer can be shown.
      view?.close();
      this.preparing.turn += 1;
      this.preparing.view?.close();
    }

    inspect(): PhaserInspection {
      return this.overlay?.inspect() ?? { offerId: undefined, texts: [], controls: [], images: [] };
    }

    override stop(): void {
      this.disconnect?.();
      this.disconnect = undefined;
      // The offer on screen, or whose image was loading (never drawn into a stopped game), ends
      // `closed`: show() settles.
      this.close();
    }

    override destroy(): void {
      this.stop();
      this.overlay = undefined;
      super.destroy();
    }

    private settings(): PhaserPluginData {
      if (!this.data) throw new ConfigError('client', 'the Phaser plugin was not given its data (start: true, data: { client })');
      return this.data;
    }
  }
  return TpPlugin as unknown as PhaserPluginClass;
}
