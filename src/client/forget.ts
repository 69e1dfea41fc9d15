/**
 * `forget()`: erases everything the SDK stored on this device for one namespace (docs/privacy.md),
 * in agreement with the game's other tabs: they let go of their storage before it is erased, and
 * open it again, empty, once it is gone.
 *
 * The agreement is a Web Lock, `<prefix>/storage`: each tab's consented half holds it shared
 * (consented.ts); the erasing tab tells the others on the tab channel, takes it exclusively (so
 * every other tab has let go), erases, and lets go; the others wait for it shared before opening
 * their storage again. Without Web Locks, the channel's `forgotten` message (or a time-out) ends
 * the wait.
 *
 * @module
 */
import { StorageError } from '../errors/index.js';
import { localStorageOrUndefined, randomId } from '../internal/index.js';
import { hasIndexedDb } from '../queue/index.js';
import { openTabChannel, type TabChannel } from '../tabs/index.js';

/** The databases the SDK creates for a namespace (docs/privacy.md). */
const DATABASES = ['queue', 'dead-letter', 'offer-states', 'offer-cache', 'offer-caps', 'lease', 'values'] as const;

/** Longest wait for the other tabs to let go of the storage; then it is erased anyway. */
const LET_GO_MS = 3000;
/** Without Web Locks: the time the other tabs get to let go, and their longest wait for `forgotten`. */
const NO_LOCKS_LET_GO_MS = 250;
const NO_LOCKS_WAIT_MS = 5000;

/** The names forget.ts needs. */
export interface ForgetNames {
  /** `tp-web-sdk/<namespace>`: every database and key starting with it is erased. */
  readonly dbPrefix: string;
  /** The device id's localStorage key. */
  readonly deviceIdKey: string;
  /** The game's tabs share the storage (IndexedDB); false: this page's memory only. */
  readonly shared: boolean;
  readonly locks: LockManager | undefined;
}

/** This tab's side of the agreement. */
export interface ForgetTabs {
  /**
   * Erases, after telling the other tabs and waiting for them to let go (at most 3 s).
   * `letGo` lets go of this tab's own storage.
   * @throws {StorageError} operation `forget`: the browser refused to delete a database or key.
   */
  erase(letGo: () => Promise<void>): Promise<void>;
  /** Resolves once no tab is erasing (to open the storage again). */
  settled(): Promise<void>;
  /** Stops listening (shutdown). */
  close(): void;
}

/**
 * Listens for the other tabs' `forget()`; `onForget` lets go of this tab's storage. A tab opened
 * while another erased hears only the end (`forgotten`): its storage was erased under it, so it
 * lets go then.
 */
export function forgetTabs(names: ForgetNames, onForget: () => void): ForgetTabs {
  const channel: TabChannel = openTabChannel(names.shared ? names.dbPrefix : undefined);
  let forgotten: (() => void) | undefined;
  /** The erasings this tab heard begin. */
  const heard = new Set<string>();
  channel.onMessage((message) => {
    if (message.type === 'forget') {
      heard.add(message.id);
      onForget();
    } else if (message.type === 'forgotten') {
      forgotten?.();
      if (!heard.delete(message.id)) onForget();
    }
  });
  const lockName = `${names.dbPrefix}/storage`;
  return {
    async erase(letGo) {
      const id = randomId();
      const announce = (): void => channel.post({ type: 'forget', id });
      try {
        if (names.locks) await exclusively(names.locks, lockName, announce, letGo, () => eraseStoredData(names));
        else {
          announce();
          await letGo();
          await delay(names.shared ? NO_LOCKS_LET_GO_MS : 0);
          await eraseStoredData(names);
        }
      } finally {
        channel.post({ type: 'forgotten', id });
      }
    },
    async settled() {
      if (names.locks) {
        await names.locks.request(lockName, { mode: 'shared' }, () => undefined).catch(() => undefined);
        return;
      }
      if (!names.shared) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, NO_LOCKS_WAIT_MS);
        forgotten = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      forgotten = undefined;
    },
    close: () => channel.close(),
  };
}

/**
 * Runs `erase` holding `name` exclusively: asked for before the other tabs are told and this tab
 * lets go (so no tab takes it shared again in between), granted once every tab let go. After 3 s
 * without it, erases anyway.
 */
async function exclusively(locks: LockManager, name: string, announce: () => void, letGo: () => Promise<void>, erase: () => Promise<void>): Promise<void> {
  let erased: Promise<void> | undefined;
  const held = locks
    .request(name, { mode: 'exclusive', signal: AbortSignal.timeout(LET_GO_MS) }, () => (erased = erase()))
    .catch(() => undefined); // a time-out: erased below without the lock
  announce();
  await letGo();
  await held;
  await (erased ?? erase());
}

/** Deletes every database of the namespace and its localStorage keys, the device id's too. */
async function eraseStoredData({ dbPrefix, deviceIdKey }: ForgetNames): Promise<void> {
  const failures: unknown[] = [];
  if (hasIndexedDb()) {
    const names = new Set<string>(DATABASES.map((name) => `${dbPrefix}/${name}`));
    // Where the browser lists its databases, any other of the namespace too (a later version's).
    const listed = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
    for (const { name } of listed) if (name?.startsWith(`${dbPrefix}/`)) names.add(name);
    await Promise.all([...names].map((name) => deleteDatabase(name).catch((error: unknown) => void failures.push(error))));
  }
  try {
    const storage = localStorageOrUndefined();
    for (let i = (storage?.length ?? 0) - 1; i >= 0; i--) {
      const key = storage!.key(i);
      if (key !== null && (key.startsWith(`${dbPrefix}/`) || key === deviceIdKey)) storage!.removeItem(key);
    }
  } catch (error) {
    failures.push(error);
  }
  if (failures.length > 0) throw new StorageError('forget', failures[0]);
}

/**
 * Deletes one database. Other connections to it close on `versionchange` (internal/idb.ts), so a
 * blocked deletion goes on once they have. Where IndexedDB is denied (`SecurityError`), there is
 * nothing to delete.
 */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.deleteDatabase(name);
    } catch (error) {
      // Denied in this context (a sandboxed iframe's opaque origin): nothing can have been stored.
      if ((error as { name?: unknown } | null)?.name === 'SecurityError') resolve();
      else reject(error);
      return;
    }
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
  });
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
