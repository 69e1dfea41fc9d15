/**
 * The script-tag build: `<script src=".../tp-web-sdk.iife.js">` defines `window.TPSDK` with the
 * package entry's API, every adapter (`createDomAdapter`, `createCanvasAdapter`), the TCF
 * bridge (`consentFromTcf`), the Phaser plugin's factory (`createPhaserPlugin`, given the page's
 * `window.Phaser`), and `bridge`, the string bridge of `tp-web-sdk/bridge` (docs/bridge.md). Its
 * `createClient` draws offers with the DOM adapter in a browser unless `ui` says otherwise. This is
 * the package's only side effect.
 *
 * @module
 */
import { createCoreClient, type ClientOptions, type TpClient } from './client/index.js';
import { createBridge, PAGE_UI } from './bridge/index.js';
import * as core from './index.js';
import { hasDom } from './internal/index.js';
import { checkOfferRules, createOffersEngine, forwardingOffersApi, triggerHooks } from './offers/index.js';
import * as canvas from './canvas.js';
import * as dom from './dom.js';
import { createPhaserPlugin } from './phaser.js';
import * as tcf from './tcf.js';

/** `createClient` of the package entry, with the DOM adapter as the default UI in a browser. */
function createClient(options: ClientOptions): TpClient {
  return createCoreClient(options, { offers: { engine: createOffersEngine, api: forwardingOffersApi, checkRules: checkOfferRules, triggers: triggerHooks }, ui: () => (hasDom() ? dom.createDomAdapter() : undefined) });
}

(globalThis as unknown as { TPSDK: unknown }).TPSDK = { ...core, ...dom, ...canvas, ...tcf, createPhaserPlugin, createClient, bridge: createBridge({ createClient, ui: PAGE_UI }) };
