/**
 * `tp-web-sdk/tcf`: sets the client's consent from the page's IAB TCF v2.2 CMP (consent
 * management platform). A small entry of its own: it imports nothing of the SDK, and no other
 * entry imports it. docs/tcf.md has the mapping and what is not covered.
 *
 * ```ts
 * import { createClient } from 'tp-web-sdk';
 * import { consentFromTcf } from 'tp-web-sdk/tcf';
 * const tp = createClient({ ...options, consent: 'pending' }); // nothing stored or sent until the CMP decides
 * const bridge = consentFromTcf(tp); // purposes 1 and 8 by default
 * // later, if the game stops following the CMP:
 * bridge.stop();
 * ```
 *
 * @module tp-web-sdk/tcf
 */
export * from './tcf/index.js';
