/**
 * `tp-web-sdk/sw`: the service-worker relay. With `createClient({ serviceWorkerRelay: true })`, the
 * upload a page makes as it is hidden or unloaded goes to the page's service worker, which sends
 * it, sees the answer after the page is gone, and deletes from the queue's IndexedDB database
 * exactly what the service accepted. The next page of the game sends again only what truly failed.
 *
 * A game without a service worker of its own serves `dist/tp-web-sdk-sw.js` from its origin and
 * registers it (`navigator.serviceWorker.register('/tp-web-sdk-sw.js')`). A game with one calls
 * {@link installRelay} in it (or `importScripts` that file). See the README, "Service-worker relay".
 *
 * ```ts
 * // the game's own service worker, bundled
 * import { installRelay } from 'tp-web-sdk/sw';
 * declare const self: ServiceWorkerGlobalScope; // lib "WebWorker"
 * installRelay(self);
 * ```
 *
 * @module tp-web-sdk/sw
 */
import { Transport } from './delivery/index.js';
import { RELAY_ARRIVAL_MS, RELAY_PROTOCOL, type RelayRequest, type RelaySend } from './delivery/index.js';
import { createIndexedDbStore, type QueueStore } from './queue/index.js';

/** An event the worker may extend (`ExtendableEvent`). */
export interface RelayExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

/** A message to the worker (`ExtendableMessageEvent`). */
export interface RelayMessageEvent extends RelayExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
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
}

export interface RelayOptions {
  /**
   * Take control of the game's open pages as soon as the worker is active (`skipWaiting()` and
   * `clients.claim()`), so that a first visit's page uses the relay without a reload. Leave it off
   * in a game's own worker that manages its updates itself. @default false
   */
  readonly claim?: boolean;
}

/**
 * Makes `scope` (the service worker's global) a relay: it answers the SDK's messages and sends what
 * pages hand it. Call it once, at the worker's top level (message listeners must be added there).
 */
export function installRelay(scope: RelayScope, options: RelayOptions = {}): void {
  /** One store (one IndexedDB connection) per queue database, for the worker's life. */
  const stores = new Map<string, QueueStore>();
  const storeOf = (name: string): QueueStore => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = createIndexedDbStore(name)));
    return store;
  };
  /** Each key's send: in progress, or settled (kept {@link OUTCOME_MS}, for a page that asks late). */
  const sends = new Map<string, Promise<unknown>>();
  /** Wakes the `settle` questions waiting for a send to arrive. */
  let arrived: () => void = () => undefined;
  let arrival = new Promise<void>((resolve) => (arrived = resolve));
  const settle = async (keys: readonly string[]): Promise<void> => {
    const deadline = Date.now() + RELAY_ARRIVAL_MS;
    while (keys.some((k) => !sends.has(k)) && Date.now() < deadline) {
      await Promise.race([arrival, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
    }
    await Promise.allSettled(keys.map((k) => sends.get(k)));
  };
  if (options.claim) {
    scope.addEventListener('install', () => void scope.skipWaiting());
    scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
  }
  scope.addEventListener('message', (event) => {
    const message = event.data as RelayRequest | null | undefined;
    const port = event.ports[0];
    if (!message || message.protocol !== RELAY_PROTOCOL || typeof message.type !== 'string') return;
    if (message.type === 'tp-relay:ping') {
      port?.postMessage({ type: 'tp-relay:pong', protocol: RELAY_PROTOCOL });
    } else if (message.type === 'tp-relay:send') {
      const sent = relay(message, storeOf(message.queueDb)).then((accepted) => port?.postMessage({ type: 'tp-relay:result', accepted }));
      for (const key of message.keys) sends.set(key, sent);
      arrived();
      arrival = new Promise<void>((resolve) => (arrived = resolve));
      const forget = (): void => {
        for (const key of message.keys) if (sends.get(key) === sent) sends.delete(key);
      };
      event.waitUntil(sent.finally(() => setTimeout(forget, OUTCOME_MS)));
    } else if (message.type === 'tp-relay:settle') {
      event.waitUntil(settle(message.keys).then(() => port?.postMessage({ type: 'tp-relay:settled' })));
    }
  });
}

/** How long a settled send is remembered, in milliseconds. */
const OUTCOME_MS = 60_000;

/** Sends one body; on the service's success envelope, deletes its records. Resolves whether it was accepted. */
async function relay(message: RelaySend, store: QueueStore): Promise<boolean> {
  const transport = new Transport({
    baseUrl: message.baseUrl,
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
