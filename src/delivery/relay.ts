/**
 * The page's side of the service-worker relay (option `serviceWorkerRelay`; the worker is
 * `tp-web-sdk/sw`). The upload a page makes as it is hidden or unloaded goes to the page's service
 * worker instead of a keepalive `fetch`: the worker outlives the page, sees the answer, and deletes
 * from IndexedDB exactly what the service accepted. The next page waits for the worker's sends in
 * progress before it uploads, so it sends again only what truly failed (docs/decisions.md,
 * "Delivery: exactly once on reload and close").
 *
 * @module
 */
import type { EncodedBody } from './encode.js';
import {
  RELAY_PROTOCOL,
  type RelayPong,
  type RelayRequest,
  type RelayResult,
  type RelaySend,
} from './relay-protocol.js';
import type { Credentials } from './transport.js';

/** How long a page waits for the worker to answer a ping, or to settle earlier sends, in milliseconds. */
export const RELAY_WAIT_MS = 10_000;

export interface RelayConfig {
  readonly baseUrl: string;
  readonly credentials: () => Credentials;
  readonly queueDb: string;
  readonly timeoutMs: number;
}

export interface UnloadRelay {
  /** True once the page's service worker answered as a relay (it may stop being one). */
  readonly ready: boolean;
  /**
   * Hands a body to the worker, synchronously. Resolves with whether the service accepted it
   * (and the worker deleted the keys), if this page is still there to hear it.
   */
  send(encoded: EncodedBody, keys: readonly string[]): Promise<boolean>;
  /**
   * Resolves once the worker has settled the sends of `keys` (handed over by an earlier page). It
   * waits at most {@link RELAY_WAIT_MS} for the page to be controlled (a hard reload is not: the
   * worker is then not asked), then the request time-out and {@link RELAY_WAIT_MS} more for the
   * answer. After that the records are sent again by this page (a duplicate if the worker was
   * still sending them).
   */
  settled(keys: readonly string[]): Promise<void>;
  /** Stops listening for a new controller. */
  stop(): void;
}

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;

/** The page's service-worker container, where there is one. */
function container(): Container | undefined {
  try {
    const sw = (globalThis.navigator as { serviceWorker?: Container } | undefined)?.serviceWorker;
    return sw ?? undefined;
  } catch {
    return undefined;
  }
}

/** Posts `message` to the controller and resolves with its first answer, or undefined after `waitMs`. */
function ask<T>(worker: ServiceWorker, message: RelayRequest, waitMs: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(undefined);
    }, waitMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data as T);
    };
    try {
      worker.postMessage(message, [channel.port2]);
    } catch {
      clearTimeout(timer);
      resolve(undefined);
    }
  });
}

/** Connects to the page's service worker, if it is a relay; never throws. */
export function connectRelay(config: RelayConfig): UnloadRelay {
  const sw = container();
  let relay: ServiceWorker | undefined;
  const ping = (): void => {
    const worker = sw?.controller ?? undefined;
    relay = undefined;
    if (!worker) return;
    void ask<RelayPong>(worker, { type: 'tp-relay:ping', protocol: RELAY_PROTOCOL }, RELAY_WAIT_MS).then((pong) => {
      if (pong?.type === 'tp-relay:pong' && pong.protocol === RELAY_PROTOCOL && sw?.controller === worker) relay = worker;
    });
  };
  sw?.addEventListener('controllerchange', ping);
  ping();
  /** The controller, once there is one (a first visit's page is claimed after it starts). */
  const controller = (): Promise<ServiceWorker | undefined> =>
    new Promise((resolve) => {
      if (!sw || sw.controller) return resolve(sw?.controller ?? undefined);
      const timer = setTimeout(done, RELAY_WAIT_MS);
      function done(): void {
        clearTimeout(timer);
        sw!.removeEventListener('controllerchange', done);
        resolve(sw!.controller ?? undefined);
      }
      sw.addEventListener('controllerchange', done);
    });
  return {
    get ready() {
      return relay !== undefined && relay === sw?.controller;
    },
    send(encoded, keys) {
      const message: RelaySend = {
        type: 'tp-relay:send',
        protocol: RELAY_PROTOCOL,
        baseUrl: config.baseUrl,
        credentials: config.credentials(),
        contentType: encoded.contentType,
        body: encoded.body,
        bytes: encoded.bytes,
        keys,
        queueDb: config.queueDb,
        timeoutMs: config.timeoutMs,
      };
      // A page gone before the answer never hears it: the next page asks `settled()`.
      const answer = relay ? ask<RelayResult>(relay, message, config.timeoutMs + RELAY_WAIT_MS) : Promise.resolve(undefined);
      return answer.then((result) => result?.type === 'tp-relay:result' && result.accepted);
    },
    async settled(keys) {
      const worker = await controller();
      if (worker) await ask(worker, { type: 'tp-relay:settle', protocol: RELAY_PROTOCOL, keys }, config.timeoutMs + RELAY_WAIT_MS);
    },
    stop() {
      sw?.removeEventListener('controllerchange', ping);
    },
  };
}
