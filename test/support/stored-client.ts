/**
 * A client for browser tests on real IndexedDB: the queue under `namespace`, no automatic
 * uploads, uncompressed bodies, and every POST /logs body handed to `onBody` (records by object
 * name) and answered 200.
 */
import { createClient, type TpClient } from '../../src/index.js';

export function storedClient(namespace: string, onBody: (records: Record<string, unknown[]>) => void): TpClient {
  return createClient({
    baseUrl: 'https://service.invalid/v2021.4/web',
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p',
    namespace,
    flushIntervalMs: 0,
    compression: 'none',
    fetch: async (_url, init) => {
      onBody(JSON.parse(init!.body as string) as Record<string, unknown[]>);
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
    },
  });
}
