/**
 * A client for browser tests on real IndexedDB: the queue under `namespace`, no automatic
 * uploads and no automatic login, uncompressed bodies, and every POST /logs body handed to `onBody` (records by object
 * name) and answered 200 once `onBody` returns (or its promise settles). `onBody` throwing is the
 * request failing, as a lost connection fails a browser's `fetch`. Clients made with the same
 * namespace are tabs of one game: they share the queue, the tab channel and the Web Lock.
 */
import { createClient, type ClientOptions, type TpClient } from '../../src/index.js';

export function storedClient(
  namespace: string,
  onBody: (records: Record<string, unknown[]>) => unknown,
  options: Partial<ClientOptions> = {},
): TpClient {
  return createClient({
    ...storedOptions(namespace, async (_url, init) => {
      await onBody(JSON.parse(init!.body as string) as Record<string, unknown[]>);
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
    }),
    compression: 'none',
    ...options,
  });
}

/**
 * The options of `storedClient` before its own: the queue under `namespace`, no automatic uploads
 * or login, every request answered by `fetch`. A new object each call, the test's to change.
 */
export function storedOptions(namespace: string, fetch: typeof globalThis.fetch) {
  return {
    baseUrl: 'https://service.invalid/v2021.4/web',
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p',
    namespace,
    flushIntervalMs: 0,
    autoLogin: false as const,
    fetch,
  };
}

/** The `app_version`s of the `players_login` records in an upload body, in order: how these tests tell records apart. */
export const loginVersions = (body: Record<string, unknown[]>): string[] => ((body.players_login ?? []) as Array<{ app_version: string }>).map((r) => r.app_version);

/** Removes what clients of `namespace` left in this origin's localStorage and IndexedDB (after each test). */
export async function clearNamespace(namespace: string): Promise<void> {
  for (const key of Object.keys(localStorage).filter((k) => k.includes(namespace))) localStorage.removeItem(key);
  for (const { name } of await indexedDB.databases()) {
    if (name?.includes(namespace)) indexedDB.deleteDatabase(name);
  }
}
