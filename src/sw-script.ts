/**
 * `dist/tp-web-sdk-sw.js`: the service-worker relay as a classic script that installs itself, for
 * a game that has no service worker of its own (it serves this file and registers it), or that
 * loads it into its own with `importScripts`. It takes control of open pages at once.
 *
 * It sends only to the `baseUrl` values in the query of the worker's own script URL, fixed when
 * the worker is registered (`register('/tp-web-sdk-sw.js?baseUrl=' + encodeURIComponent(baseUrl))`,
 * the parameter repeated for several); with none, it refuses every upload. A value that is not an
 * absolute http(s) URL without query or fragment fails the worker's start (the registration rejects).
 *
 * @module
 */
import { installRelay, type RelayScope } from './sw.js';

const scope = self as unknown as RelayScope & { readonly location: { readonly search: string } };
installRelay(scope, { baseUrls: new URLSearchParams(scope.location.search).getAll('baseUrl'), claim: true });
