/**
 * The part of Phaser the plugin uses, as structural types: the SDK never imports `phaser`, so a
 * game passes its own namespace (Phaser 3.60+ or 4.x, from its bundler or the script tag) to
 * `createPhaserPlugin`. Only what the plugin calls is named here; Phaser's own objects have more.
 *
 * @module
 */

/** An event emitter of Phaser (eventemitter3's surface). */
export interface PhaserEmitter {
  on(event: string, fn: (...args: never[]) => void, context?: unknown): unknown;
  once(event: string, fn: (...args: never[]) => void, context?: unknown): unknown;
  off(event: string, fn?: (...args: never[]) => void, context?: unknown): unknown;
}

/** A game object's common surface (Text, Rectangle, Image, Container). */
export interface PhaserObject extends PhaserEmitter {
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  visible: boolean;
  setOrigin(x: number, y?: number): this;
  setPosition(x: number, y?: number): this;
  setVisible(value: boolean): this;
  setScale(x: number, y?: number): this;
  setInteractive(config?: { useHandCursor?: boolean }): this;
  getBounds(): { x: number; y: number; width: number; height: number };
  destroy(): void;
}

/** `Phaser.GameObjects.Text`. */
export interface PhaserText extends PhaserObject {
  readonly text: string;
  setWordWrapWidth(width: number | null, useAdvancedWrap?: boolean): this;
}

/** `Phaser.GameObjects.Rectangle`. */
export interface PhaserRectangle extends PhaserObject {
  setSize(width: number, height: number): this;
  setStrokeStyle(lineWidth?: number, color?: number, alpha?: number): this;
}

/** `Phaser.GameObjects.Image`. */
export interface PhaserImage extends PhaserObject {
  setCrop(x?: number, y?: number, width?: number, height?: number): this;
}

/** A Phaser text style (`Phaser.Types.GameObjects.Text.TextStyle`), the keys the plugin sets. */
export interface PhaserTextStyle {
  fontFamily?: string;
  fontSize?: string;
  fontStyle?: string;
  color?: string;
  resolution?: number;
}

/** `scene.add`: the game object factory. */
export interface PhaserFactory {
  text(x: number, y: number, text: string, style?: PhaserTextStyle): PhaserText;
  rectangle(x: number, y: number, width?: number, height?: number, fillColor?: number, fillAlpha?: number): PhaserRectangle;
  image(x: number, y: number, texture: string): PhaserImage;
  container(x?: number, y?: number, children?: PhaserObject[]): PhaserObject;
}

/** `scene.load`: the loader plugin. */
export interface PhaserLoader extends PhaserEmitter {
  setCORS(crossOrigin?: string): unknown;
  image(key: string, url: string): unknown;
  start(): void;
}

/** `scene.input.keyboard`: the keyboard plugin, and the game-wide keyboard manager behind it. */
export interface PhaserKeyboard extends PhaserEmitter {
  addCapture(keycode: string | number | number[]): unknown;
  removeCapture(keycode: string | number | number[]): unknown;
  getCaptures(): number[];
}

/** `scene.sys`: the scene's systems (its key and status, its events). */
export interface PhaserSystems {
  readonly settings: { readonly key: string; readonly status: number };
  readonly events: PhaserEmitter;
}

/** A scene, as the plugin sees it (`Phaser.Scene`). */
export interface PhaserScene {
  readonly sys: PhaserSystems;
  readonly events: PhaserEmitter;
  readonly add: PhaserFactory;
  readonly load: PhaserLoader;
  readonly textures: {
    exists(key: string): boolean;
    get(key: string): { getSourceImage(): { width: number; height: number } };
  };
  readonly scale: PhaserEmitter & { readonly gameSize: { readonly width: number; readonly height: number } };
  /** `stopPropagation()`: no scene below gets the pointer event being handled. */
  readonly input: { readonly keyboard: PhaserKeyboard | null; stopPropagation(): unknown };
}

/** `game.scene`: the scene manager. */
export interface PhaserSceneManager {
  readonly scenes: readonly PhaserScene[];
  add(key: string, scene: object, autoStart?: boolean): unknown;
  run(key: string): unknown;
  stop(key: string): unknown;
  pause(key: string): unknown;
  resume(key: string): unknown;
  bringToTop(key: string): unknown;
  isPaused(key: string): boolean;
  getScenes(isActive?: boolean): PhaserScene[];
}

/** `Phaser.Game`, as the plugin sees it. */
export interface PhaserGame {
  readonly events: PhaserEmitter;
  readonly scene: PhaserSceneManager;
  readonly sound: { mute: boolean } | null | undefined;
  readonly canvas: HTMLCanvasElement;
  readonly config: { readonly inputKeyboardEventTarget?: unknown };
  /** The texture manager: the offer's image is added to it before the card is drawn. */
  readonly textures: { exists(key: string): boolean; addImage(key: string, source: HTMLImageElement): unknown };
}

/** `Phaser.Plugins.BasePlugin`'s instance side. */
export interface PhaserBasePlugin {
  readonly game: PhaserGame;
  init?(data?: unknown): void;
  start?(): void;
  stop?(): void;
  destroy(): void;
}

/**
 * What `createPhaserPlugin` needs of the `Phaser` namespace: its version and the base class of
 * global plugins. The `phaser` package's namespace (3.60+, 4.x) and the script tag's `window.Phaser` have it.
 */
export interface PhaserNamespace {
  readonly VERSION: string;
  readonly Plugins: { readonly BasePlugin: abstract new (pluginManager: never) => object };
}
