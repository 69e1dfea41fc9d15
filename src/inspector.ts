/**
 * `tp-web-sdk/inspector`: an in-game inspector for QA, on a phone too: a floating button and a
 * panel over the game showing what the SDK does (consent, storage, queue, uploads, invalid
 * records, offers, session), with "flush now" and "copy report as JSON". A client of the SDK's
 * public API, in an entry of its own: no other entry ships it.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * import { attachInspector } from 'tp-web-sdk/inspector';
 * const tp = createClient(options);
 * const inspector = attachInspector(tp, { key: 'F9' }); // also opens with ?tp-inspector in the address
 * inspector.open();
 * ```
 *
 * @module tp-web-sdk/inspector
 */
export * from './inspector/index.js';
