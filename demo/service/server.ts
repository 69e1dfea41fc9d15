/**
 * Starts the reference service on 127.0.0.1.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { createServiceApp } from './app.js';
import { defaultConfig, VERSION_SEGMENT, type ServiceConfig } from './config.js';
import { DataStore } from './data-store.js';
import { FaultInjector, type FaultConfig, type FaultKind } from './faults.js';
import type { ClientAddress } from './view-access.js';

export interface RunningService {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** `{base_url}` for the SDK: origin + `/v2021.4/web`. */
  readonly baseUrl: string;
  readonly store: DataStore;
  readonly config: ServiceConfig;
  /** Turns fault injection on, changes it, or (undefined) turns it off. */
  setFaults(faults: FaultConfig | undefined): void;
  /** How many faults of each kind were injected so far. */
  readonly faultCounts: ReadonlyMap<FaultKind, number>;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  readonly dataDir: string;
  /** 0 (default) for an ephemeral port. */
  readonly port?: number;
  readonly config?: Partial<Omit<ServiceConfig, 'dataDir'>>;
  /** Fault injection from the start (docs in faults.ts). */
  readonly faults?: FaultConfig;
  /**
   * Where a request came from, for the read-only view's loopback rule (view-access.ts). The
   * socket's remote address by default; tests stand in a non-loopback address with it.
   */
  readonly clientAddress?: ClientAddress;
}

export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const config: ServiceConfig = { ...defaultConfig(options.dataDir), ...options.config };
  const store = new DataStore(config.dataDir);
  const app = createServiceApp(config, store, options.clientAddress);
  const injector = new FaultInjector(options.faults, (seq) => store.markUnseen(seq));
  const listener = getRequestListener(app.fetch);
  const server = createServer(timeoutOptions(config.requestTimeoutMs), (req, res) => injector.handle(req, res, listener));
  keepIdleConnections(server);
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/${VERSION_SEGMENT}/web`,
    store,
    config,
    setFaults: (faults) => injector.set(faults),
    faultCounts: injector.counts,
    close: () => closeServer(server),
  };
}

/** The read-only view's page, with the view token when there is one. */
export function viewUrl(service: Pick<RunningService, 'origin' | 'config'>): string {
  const token = service.config.viewToken;
  return `${service.origin}/_tp/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
}

type Server = ReturnType<typeof serve>;

/**
 * A request, headers and body, must arrive within `requestTimeoutMs`, or Node's HTTP server answers
 * 408 `Request Timeout` (no body) and closes the connection: a client that sends its body slowly
 * holds a connection that long at most. Node checks every `connectionsCheckingInterval` (30 s by
 * default): a quarter of the time-out here, at most a second.
 */
function timeoutOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.ceil(requestTimeoutMs / 4))),
  };
}

/**
 * How long an idle keep-alive connection stays open, in milliseconds. Longer than browsers keep
 * idle sockets in use (Node's default, 5 s, is shorter): when the server closes a socket just as
 * the browser sends a request on it, the browser's network stack sends that request again on a new
 * connection, and a request the server had already handled arrives twice (docs/decisions.md,
 * "Delivery: at least once, and its one window").
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Keeps idle connections {@link KEEP_ALIVE_TIMEOUT_MS}: both the service's server and the demo
 * page's. The headers' time-out stays within the request's: with a longer one, Node 20 timed out
 * no request at all.
 */
function keepIdleConnections(server: Pick<HttpServer, 'keepAliveTimeout' | 'headersTimeout' | 'requestTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.min(KEEP_ALIVE_TIMEOUT_MS + 1_000, server.requestTimeout || Infinity);
}

/** Listens on 127.0.0.1; rejects on EADDRINUSE and the like. */
export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
    keepIdleConnections(server as unknown as HttpServer);
    server.once('error', reject);
  });
}

/** Closes a server and its open connections. */
export function closeServer(server: Pick<Server, 'close'> & { closeAllConnections?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
