/**
 * `tp-web-sdk/phaser`: a global plugin for Phaser 3.60+ and 4.x that follows the game's scenes for
 * gameplay and draws offers in an overlay scene with Phaser's own objects. The SDK never imports
 * `phaser`: the game passes its own namespace.
 *
 * ```ts
 * import * as Phaser from 'phaser';
 * import { createClient, createHeadlessAdapter } from 'tp-web-sdk';
 * import { createPhaserPlugin } from 'tp-web-sdk/phaser';
 * const ui = createHeadlessAdapter();
 * const client = createClient({ baseUrl, clientKey, authMode, ui });
 * new Phaser.Game({
 *   scene: [Title, Play],
 *   plugins: { global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client, ui, gameplayScenes: ['Play'] } }] },
 * });
 * // in a scene: await this.tp.show(offerId);
 * ```
 *
 * @module tp-web-sdk/phaser
 */
export * from './phaser/index.js';
