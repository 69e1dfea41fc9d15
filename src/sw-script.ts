/**
 * `dist/tp-web-sdk-sw.js`: the service-worker relay as a classic script that installs itself, for
 * a game that has no service worker of its own (it serves this file and registers it), or that
 * loads it into its own with `importScripts`. It takes control of open pages at once.
 *
 * @module
 */
import { installRelay, type RelayScope } from './sw.js';

installRelay(self as unknown as RelayScope, { claim: true });
