/**
 * The script-tag build: `<script src=".../tp-web-sdk.iife.js">` defines `window.TPSDK` with the same
 * API as the package entry. This is the package's only side effect.
 *
 * @module
 */
import * as TPSDK from './index.js';

(globalThis as unknown as { TPSDK: typeof TPSDK }).TPSDK = TPSDK;
