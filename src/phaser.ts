/**
 * `tp-web-sdk/phaser`: a global plugin for Phaser 3.60+ and 4.x that follows the game's scenes for
 * gameplay and draws offers in an overlay scene with Phaser's own objects. The SDK never imports
 * `phaser`: the game passes its own namespace.
 *
 * ```ts
 * import * as Phaser from 'phaser';
 * import { createClient, createHeadlessAdapter } from 'tp-web-sdk';
 * import { createPhaserPlugin, type TpPhaserPlugin } from 'tp-web-sdk/phaser';
 * // prepare: the offer's image becomes a texture before the card is drawn and `open` reported.
 * const ui = createHeadlessAdapter({ prepare: (view, options) => (game.plugins.get('tp') as unknown as TpPhaserPlugin).prepare(view, options) });
 * const client = createClient({ baseUrl, clientKey, authMode, ui });
 * const game = new Phaser.Game({
 *   scene: [Title, Play],
 *   plugins: { global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser), start: true, mapping: 'tp', data: { client, ui, gameplayScenes: ['Play'] } }] },
 * });
 * // in a scene: await this.tp.show(offerId);
 * ```
 *
 * @module tp-web-sdk/phaser
 */
export * from './phaser/index.js';
