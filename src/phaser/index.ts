/**
 * The Phaser plugin's door: `createPhaserPlugin`, its public shapes and its theme. A client of the
 * SDK's public surface, like the inspector.
 *
 * @module
 */
export { createPhaserPlugin } from './plugin.js';
export { DEFAULT_PHASER_THEME, type PhaserTheme } from './theme.js';
export type { PhaserControlInfo, PhaserInspection, PhaserPluginClass, PhaserPluginClient, PhaserPluginData, PhaserTextInfo, TpPhaserPlugin } from './api.js';
export type { PhaserNamespace } from './types.js';
