/**
 * The page's side of the service-worker relay (option `serviceWorkerRelay`; the worker is
 * `tp-web-sdk/sw`). The upload a page makes as it is hidden or unloaded goes to the page's service
 * worker instead of a keepalive `fetch`: the worker outlives the page, sees the answer, and deletes
 * from IndexedDB exactly what the service accepted. The next page waits for the worker's sends in
 * progress before it uploads, so it sends again only what truly failed, and hears what they
 * delivered (docs/decisions.md, "Delivery: exactly once on reload and close"). A worker that does
 * not send to the page's `baseUrl` (its own `baseUrls`) is not used: the page makes keepalive uploads.
 *
 * @module
 */
import { serviceWorkerContainer } from '../internal/index.js';
import { QUEUE_KEY } from '../queue/index.js';
import type { EncodedBody } from './encode.js';
import { RELAY_MAX_KEYS } from './relay-checks.js';
import {
  RELAY_PROTOCOL,
  type RelayPong,
  type RelayRequest,
  type RelayResult,
  type RelaySend,
  type RelaySettled,
} from './relay-protocol.js';
import type { Credentials } from './transport.js';

/** How long a page waits for the worker to answer a ping, or to settle earlier sends, in milliseconds. */
export const RELAY_WAIT_MS = 10_000;

export interface RelayConfig {
  readonly baseUrl: string;
  readonly credentials: () => Credentials;
  readonly queueDb: string;
  readonly timeoutMs: number;
  /** The page's service worker is a relay of this version that does not send to `baseUrl`: told once per worker. */
  readonly onRefused: () => void;
}

/**
 * What the relay delivered (and deleted) of records earlier pages handed it and were gone before
 * the answer: the payload of the client's `relayed` event.
 */
export interface RelayedInfo {
  /** Records the service accepted. */
  readonly records: number;
  /** The accepted POST /logs requests they were in. */
  readonly batches: number;
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
   * Resolves once the worker has settled the sends of `keys` (handed over by an earlier page),
   * with what they delivered that no page heard of; undefined without an answer. It waits at most
   * {@link RELAY_WAIT_MS} for the page to be controlled (a hard reload is not: the worker is then
   * not asked), then the request time-out and {@link RELAY_WAIT_MS} more for the answer. After
   * that the records are sent again by this page (a duplicate if the worker was still sending them).
   */
  settled(keys: readonly string[]): Promise<RelayedInfo | undefined>;
  /** Stops listening for a new controller. */
  stop(): void;
}

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;


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
  const sw: Container | undefined = serviceWorkerContainer();
  const { baseUrl, queueDb } = config;
  let relay: ServiceWorker | undefined;
  /** The workers that said they do not send to `baseUrl` (told once each). */
  const refusing = new WeakSet<ServiceWorker>();
  const ping = (): void => {
    const worker = sw?.controller ?? undefined;
    relay = undefined;
    if (!worker) return;
    void ask<RelayPong>(worker, { type: 'tp-relay:ping', protocol: RELAY_PROTOCOL, baseUrl, queueDb }, RELAY_WAIT_MS).then((pong) => {
      if (pong?.type !== 'tp-relay:pong' || pong.protocol !== RELAY_PROTOCOL || sw?.controller !== worker) return;
      if (pong.accepts === true) relay = worker;
      else if (!refusing.has(worker)) {
        refusing.add(worker);
        config.onRefused();
      }
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
        baseUrl,
        credentials: config.credentials(),
        contentType: encoded.contentType,
        body: encoded.body,
        bytes: encoded.bytes,
        keys,
        queueDb,
        timeoutMs: config.timeoutMs,
      };
      // A page gone before the answer never hears it: the next page asks `settled()`.
      const answer = relay ? ask<RelayResult>(relay, message, config.timeoutMs + RELAY_WAIT_MS) : Promise.resolve(undefined);
      return answer.then((result) => result?.type === 'tp-relay:result' && result.accepted);
    },
    async settled(keys) {
      // The relay ignores a question with a key the SDK does not make (a note damaged in localStorage).
      const asked = keys.filter((key) => QUEUE_KEY.test(key)).slice(0, RELAY_MAX_KEYS);
      const worker = asked.length > 0 ? await controller() : undefined;
      if (!worker) return undefined;
      const answer = await ask<RelaySettled>(worker, { type: 'tp-relay:settle', protocol: RELAY_PROTOCOL, queueDb, keys: asked }, config.timeoutMs + RELAY_WAIT_MS);
      if (answer?.type !== 'tp-relay:settled') return undefined;
      const count = (n: unknown): number => (Number.isInteger(n) && (n as number) > 0 ? (n as number) : 0);
      return { records: count(answer.records), batches: count(answer.batches) };
    },
    stop() {
      sw?.removeEventListener('controllerchange', ping);
    },
  };
}
