/**
 * `tp-web-sdk/sw`: the service-worker relay. With `createClient({ serviceWorkerRelay: true })`, the
 * upload a page makes as it is hidden or unloaded goes to the page's service worker, which sends
 * it, sees the answer after the page is gone, and deletes from the queue's IndexedDB database
 * exactly what the service accepted. The next page of the game sends again only what truly failed,
 * and hears what the relay delivered (the `relayed` event, `stats().relayed`).
 *
 * The relay sends only to the `baseUrls` it was installed with: a message cannot name another
 * host. A game without a service worker of its own serves `dist/tp-web-sdk-sw.js` from its origin
 * and registers it with its `baseUrl` in the script's query
 * (`navigator.serviceWorker.register('/tp-web-sdk-sw.js?baseUrl=' + encodeURIComponent(baseUrl))`).
 * A game with one calls {@link installRelay} in it. See the README, "Service-worker relay".
 *
 * ```ts
 * // the game's own service worker, bundled
 * import { installRelay } from 'tp-web-sdk/sw';
 * declare const self: ServiceWorkerGlobalScope; // lib "WebWorker"
 * installRelay(self, { baseUrls: ['https://api.example.com/v2021.4/web'] });
 * ```
 *
 * @module tp-web-sdk/sw
 */
import { relayOutcomes, relayRequest, fromOwnWindow, RELAY_PROTOCOL, Transport, type RelaySend } from './delivery/index.js';
import { ConfigError } from './errors/index.js';
import { baseUrlOf } from './internal/index.js';
import { createIndexedDbStore, type QueueStore } from './queue/index.js';

/** An event the worker may extend (`ExtendableEvent`). */
export interface RelayExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

/** A message to the worker (`ExtendableMessageEvent`). */
export interface RelayMessageEvent extends RelayExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  /** Who posted it: a `Client` (a page's is a `WindowClient`), a `ServiceWorker`, a `MessagePort`, or null. */
  readonly source: unknown;
}

/**
 * What the relay uses of a service worker's global: `self` in a worker typed with TypeScript's
 * `WebWorker` lib (`ServiceWorkerGlobalScope`) is one.
 */
export interface RelayScope {
  addEventListener(type: 'message', listener: (event: RelayMessageEvent) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: RelayExtendableEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  /** The worker's script URL: its `origin` is the only one whose pages the relay answers. */
  readonly location: { readonly origin: string };
}

/** Options of {@link installRelay}. */
export interface RelayOptions {
  /**
   * Where the relay may send: each an absolute `http:` or `https:` URL without query or fragment,
   * as the pages' `baseUrl` option (a trailing slash is ignored). A page's upload goes to the
   * relay only when its `baseUrl` is one of them, compared exactly (origin and path); any other
   * is refused, and that page makes keepalive uploads instead and emits a `warning` (a
   * `ConfigError` for option `serviceWorkerRelay`). Left out or empty, the relay refuses every
   * upload. @default []
   */
  readonly baseUrls?: readonly string[];
  /**
   * Take control of the game's open pages as soon as the worker is active (`skipWaiting()` and
   * `clients.claim()`), so that a first visit's page uses the relay without a reload. Leave it off
   * in a game's own worker that manages its updates itself. @default false
   */
  readonly claim?: boolean;
}

/**
 * Makes `scope` (the service worker's global) a relay: it answers the SDK's messages and sends
 * what pages hand it, to its `baseUrls` only. Call it once, at the worker's top level (message
 * listeners must be added there).
 *
 * It answers only messages from a window (`WindowClient`) of the worker's own origin, of this
 * version of the protocol, and of the exact shape the SDK sends (queue keys and database names as
 * the SDK makes them, at most 50,000 keys and a body of at most 16 MiB); anything else is ignored.
 * What it delivers of a page that was gone before the answer is told to the next page that takes
 * over uploading (the `relayed` event), from memory: a worker the browser stopped in between (it
 * stops an idle one within about 30 s in Chromium) has forgotten it, though the records were
 * delivered.
 *
 * @throws {ConfigError} option `baseUrls`: not an array of absolute http(s) URLs without query or fragment.
 */
export function installRelay(scope: RelayScope, options: RelayOptions = {}): void {
  const pinned = allowedBaseUrls(options.baseUrls);
  /** One store (one IndexedDB connection) per queue database, for the worker's life. */
  const stores = new Map<string, QueueStore>();
  const storeOf = (name: string): QueueStore => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = createIndexedDbStore(name)));
    return store;
  };
  const outcomes = relayOutcomes();
  /** The pinned `baseUrl` a page named, or undefined when the relay does not send there. */
  const target = (baseUrl: string): string | undefined => {
    const url = baseUrlOf(baseUrl);
    return url !== undefined && pinned.has(url) ? url : undefined;
  };
  if (options.claim) {
    scope.addEventListener('install', () => void scope.skipWaiting());
    scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
  }
  scope.addEventListener('message', (event) => {
    if (!fromOwnWindow(event.source, scope.location.origin)) return;
    const message = relayRequest(event.data);
    const port = event.ports[0];
    if (!message) return;
    if (message.type === 'tp-relay:ping') {
      port?.postMessage({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL, accepts: target(message.baseUrl) !== undefined });
    } else if (message.type === 'tp-relay:send') {
      const baseUrl = target(message.baseUrl);
      // Refused: nothing sent, nothing deleted, nothing remembered; the page's records stay queued.
      if (baseUrl === undefined) return void port?.postMessage({ type: 'tp-relay:result', accepted: false });
      const sent = relay(message, baseUrl, storeOf(message.queueDb));
      outcomes.add(message.queueDb, message.keys, sent);
      event.waitUntil(sent.then((accepted) => port?.postMessage({ type: 'tp-relay:result', accepted })));
    } else {
      event.waitUntil(outcomes.settle(message.queueDb, message.keys).then((tally) => port?.postMessage({ type: 'tp-relay:settled', ...tally })));
    }
  });
}

/** `baseUrls`, each as the SDK keeps a `baseUrl`. */
function allowedBaseUrls(baseUrls: unknown = []): ReadonlySet<string> {
  if (!Array.isArray(baseUrls)) throw new ConfigError('baseUrls', 'an array of base URLs');
  return new Set(
    baseUrls.map((value: unknown) => {
      const url = baseUrlOf(value);
      if (url === undefined) throw new ConfigError('baseUrls', `${JSON.stringify(value)} is not an absolute http: or https: URL without query or fragment`);
      return url;
    }),
  );
}

/** Sends one body to `baseUrl`; on the service's success envelope, deletes its records. Resolves whether it was accepted. */
async function relay(message: RelaySend, baseUrl: string, store: QueueStore): Promise<boolean> {
  const transport = new Transport({
    baseUrl,
    fetch: (input, init) => fetch(input, init),
    credentials: () => message.credentials,
    timeoutMs: message.timeoutMs,
    offersPlayerParam: 'player_slug',
  });
  try {
    await transport.postLogs({ body: message.body, contentType: message.contentType, bytes: message.bytes });
  } catch {
    return false; // the records stay queued: the next page sends them
  }
  try {
    await store.remove(message.keys.map((key) => ({ key })));
    return true;
  } catch {
    return false; // delivered, not deleted: the next page sends them again (a duplicate, not a loss)
  }
}
