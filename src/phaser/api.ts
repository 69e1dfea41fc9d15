/**
 * The plugin's public shapes: what a game passes as the plugin's `data`, and what a scene gets as
 * `this.tp`.
 *
 * @module
 */
import type { HeadlessAdapter, OfferOutcome, OfferSkipped, OfferView } from '../index.js';
import type { PhaserTheme } from './theme.js';

/**
 * What the plugin uses of the client: `createClient()` of `tp-web-sdk` (or of the script-tag build)
 * has all of it. `gameplayStart`/`gameplayStop` are called where they exist; `offers` is needed only
 * by {@link TpPhaserPlugin.show} and {@link TpPhaserPlugin.showAt}.
 */
export interface PhaserPluginClient {
  gameplayStart?(): void;
  gameplayStop?(): void;
  readonly offers?: {
    show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome>;
    showAt(placement: never, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome | OfferSkipped<string>>;
    view(offerId: number): Promise<OfferView>;
  };
}

/**
 * The plugin's `data` in the game config:
 * `plugins: { global: [{ key: 'tp', plugin, start: true, mapping: 'tp', data }] }`.
 */
export interface PhaserPluginData {
  /** The SDK client. Required: without it the game's boot throws a `ConfigError` naming `client`. */
  readonly client: PhaserPluginClient;
  /**
   * The headless adapter the client was created with (`createClient({ ui })`). Given, the overlay
   * draws every offer the client presents (`offers.show()`, `offers.showAt()`, triggered
   * placements), and {@link TpPhaserPlugin.show} is `client.offers.show()`. Without it,
   * {@link TpPhaserPlugin.show} draws the offer's view (`client.offers.view()`) itself, whatever
   * adapter the client has.
   */
  readonly ui?: HeadlessAdapter;
  /**
   * Keys of the scenes where the player plays (`'Play'`, not a class name: minifiers rename
   * classes). Gameplay starts (`client.gameplayStart()`) when one of them starts, wakes or
   * resumes, and stops (`gameplayStop()`) when none runs any more (each slept, paused or shut
   * down). Default: none (the game calls them itself).
   */
  readonly gameplayScenes?: readonly string[];
  /** The overlay's colors and font; missing keys take {@link DEFAULT_PHASER_THEME}'s. */
  readonly theme?: Partial<PhaserTheme>;
  /** Key of the overlay scene the plugin adds. Default `'tp-offer'`. */
  readonly overlayKey?: string;
  /**
   * Called with a sentence for screen readers whenever the keyboard focus moves on the card
   * (`Weekend sale. Buy: Gem Pack; arrow keys move, Enter presses`), and with `''` when the offer
   * leaves the screen: put it in an `aria-live` region or the game container's `aria-label`.
   */
  readonly announce?: (text: string) => void;
  /**
   * Called with what failed while the game ran: a callback of the overlay that threw (a view's
   * action, a redraw), or the client's `gameplayStart`/`gameplayStop`. Nothing the plugin does
   * throws into Phaser's loop. Default: `console.error`.
   */
  readonly onError?: (error: unknown) => void;
}

/** A Text object the overlay drew (see {@link TpPhaserPlugin.inspect}). */
export interface PhaserTextInfo {
  readonly text: string;
  /** The CSS color it is filled with (`#rrggbbaa` for a span colored by markup). */
  readonly color: string;
  readonly bold: boolean;
  readonly italic: boolean;
  /** Font size, in game pixels. */
  readonly size: number;
}

/** A button the overlay drew, in game pixels from the top-left corner of the game (see {@link TpPhaserPlugin.inspect}). */
export interface PhaserControlInfo {
  /** `buy:<product index>`, `toggle` or `close`. */
  readonly id: string;
  /** What it does, as {@link PhaserPluginData.announce} says it (`Buy: Gem Pack`). */
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** It has the keyboard focus ring (drawn while the game's keyboard target has focus). */
  readonly focused: boolean;
}

/** What the overlay draws now: for tools and tests, not for game logic. */
export interface PhaserInspection {
  /** The offer on screen, if any. */
  readonly offerId: number | undefined;
  /** Its Text objects, in drawing order. */
  readonly texts: readonly PhaserTextInfo[];
  /** Its buttons, in focus order. */
  readonly controls: readonly PhaserControlInfo[];
  /** URLs of the images it draws (the offer's, once its texture loaded). */
  readonly images: readonly string[];
}

/** The plugin instance, `this.tp` in every scene (with `mapping: 'tp'`). */
export interface TpPhaserPlugin {
  /** The client of `data.client`. */
  readonly client: PhaserPluginClient;
  /**
   * Shows the offer in the overlay and resolves with how it ended. With `data.ui`, this is
   * `client.offers.show()` (its rules, errors and `busy`); without, it draws
   * `client.offers.view(offerId)`: its image first (within 3000 ms; past that, or when it fails,
   * the card is drawn without it and it is never added), then the card, then reports `open`. It
   * replaces an offer the overlay shows, or one of an earlier `show()` not drawn yet (that one is
   * `closed`, nothing reported). Rejects as those do (`OfferError`); when
   * `options.signal` aborts, the offer is taken off screen (`closed`, nothing reported) and it
   * rejects with the signal's reason. A client without offers (`tp-web-sdk/logging`'s): a
   * `ConfigError` naming `client`.
   */
  show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome>;
  /**
   * `client.offers.showAt(placement)`: drawn in the overlay only with `data.ui` (otherwise by the
   * client's own adapter).
   */
  showAt(placement: string, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome | OfferSkipped<string>>;
  /**
   * Loads the offer's image into the game's textures (with CORS); `UiAdapter.prepare` for the
   * headless adapter given as `data.ui`, so that `offers.show()` reports `open` after the card is
   * drawn with its image. Rejects when the image cannot be loaded, or when `signal` aborts.
   *
   * ```ts
   * const ui = createHeadlessAdapter({ prepare: (view, options) => (game.plugins.get('tp') as unknown as TpPhaserPlugin).prepare(view, options) });
   * ```
   */
  prepare(view: OfferView, options: { readonly signal: AbortSignal }): Promise<void>;
  /** Takes the offer on screen off it, as the game (nothing reported; it ends `closed`, also while it is made or its image loads). */
  close(): void;
  /** What the overlay draws now: for tools and tests. */
  inspect(): PhaserInspection;
}

/** The class `createPhaserPlugin` returns: give it as a global plugin's `plugin`. */
export type PhaserPluginClass = new (pluginManager: never) => TpPhaserPlugin;
