/**
 * A client for unit tests in happy-dom: player `p-1`, queue in memory, no automatic uploads and no
 * automatic login, the headless adapter, and requests answered by the test's own `fetch`.
 */
import { createHeadlessAdapter, type ClientOptions, type LoggingOptions } from '../../src/index.js';

export function memoryClientOptions(fetchImpl: typeof fetch): ClientOptions {
  return {
    baseUrl: 'https://api.example.com/v2021.4/web',
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p-1',
    storage: 'memory',
    flushIntervalMs: 0,
    autoLogin: false,
    ui: createHeadlessAdapter(),
    fetch: fetchImpl,
  };
}

/** The same for `tp-web-sdk/logging`, without the offer option `ui`. */
export function memoryLoggingOptions(fetchImpl: typeof fetch): LoggingOptions {
  const { ui: _ui, ...options } = memoryClientOptions(fetchImpl);
  return options;
}

/** A 200 with the service's success envelope around `data`. */
export const okEnvelope = (data: unknown): Response => new Response(JSON.stringify({ status: 200, reason: 'OK', data }), { status: 200 });
