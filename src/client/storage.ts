/**
 * Where a client keeps its data and whom it shares it with: IndexedDB or memory, and everything
 * named after the namespace (the databases, the localStorage keys, the tab lock and channel) that
 * the game's tabs share (docs/decisions.md, "Many tabs").
 *
 * @module
 */
import { StorageError } from '../errors/index.js';
import { browserNavigator, hasDom, openPageValues, randomId, type PageValues } from '../internal/index.js';
import {
  createIndexedDbDeadLetterStore,
  createIndexedDbStore,
  createLocalLedger,
  createLocalRescue,
  createMemoryDeadLetterStore,
  createMemoryStore,
  hasIndexedDb,
  type DeadLetterStore,
  type QueueStore,
  type RescueStore,
  type SentLedger,
} from '../queue/index.js';
import { memorySessionStore, type SessionStore } from '../session/index.js';
import { electLeader, openTabChannel, soleLeader, type Leadership, type TabChannel } from '../tabs/index.js';
import type { ResolvedOptions } from './options.js';

/** The stores and shared names of one client. */
export interface ClientStorage {
  /** True when the queue is in IndexedDB, shared by the game's tabs; false: memory, this page's own. */
  readonly shared: boolean;
  /** `tp-web-sdk/<namespace>`: the prefix of every database, key, lock and channel name. */
  readonly dbPrefix: string;
  /** This tab's id in the names of its localStorage copies. */
  readonly tabId: string;
  readonly queue: QueueStore;
  readonly deadLetters: DeadLetterStore;
  /** Where `pagehide` saves writes that have not finished (localStorage), for the next page. */
  readonly rescue: RescueStore | undefined;
  readonly rescuePrefix: string;
  /** Keys this tab handed to the service, for the next page to delete (queue/sent-ledger.ts). */
  readonly ledger: SentLedger | undefined;
  /** Keys this tab handed to the service-worker relay, for the next page to hold until it settled. */
  readonly relayedNotes: SentLedger | undefined;
  /** Keys sent in a request whose answer no page saw, kept out of the next pages' unload uploads. */
  readonly unseenNotes: SentLedger | undefined;
  /** The key of the service's health as the game's pages saw it (delivery/service-health.ts). */
  readonly healthKey: string | undefined;
  /**
   * Where the device id, the session record, the rescue, the ledgers and the health are kept:
   * localStorage, or where localStorage is refused, IndexedDB behind a memory copy
   * (internal/local-values.ts).
   */
  readonly values: PageValues;
  /** Web Locks, where there are: who uploads, and one `deadLetters.requeue()` at a time. */
  readonly locks: LockManager | undefined;
  /** Which tab uploads for all: elected among the tabs sharing the queue, else this one. */
  readonly leadership: Leadership;
  /** The channel the game's tabs talk on (undefined name: this page alone). */
  openChannel(): TabChannel;
}

/** The stores of a client in memory: they outlive the consented half, as IndexedDB does (consent.ts). */
export interface MemoryStores {
  readonly queue: QueueStore;
  readonly deadLetters: DeadLetterStore;
  /** The session record where it is not in localStorage (memory storage, `childDirected`). */
  readonly session: SessionStore;
}

/** New, empty stores in memory. */
export const memoryStores = (): MemoryStores => ({ queue: createMemoryStore(), deadLetters: createMemoryDeadLetterStore(), session: memorySessionStore() });

/**
 * Chooses IndexedDB (unless `storage: 'memory'` or the browser has none; then `memory()`, the
 * client's own) and names everything after the namespace of the stored data. Clients that send
 * elsewhere never share a queue (two games on one portal origin): the default namespace is named
 * after where the records go (`storageNamespace`, options.ts). With IndexedDB, where localStorage
 * is refused, the values usually kept there go to IndexedDB: `warn` hears it (after
 * `createClient` returned), and again if that fails too.
 */
export function chooseStorage(
  o: Pick<ResolvedOptions, 'storage' | 'storageNamespace' | 'storageTimeoutMs' | 'serviceWorkerRelay'>,
  memory: () => MemoryStores,
  warn: (error: StorageError) => void,
): ClientStorage {
  const { shared, dbPrefix, locks } = storageNames(o);
  const tabId = randomId().replace(/-/g, '').slice(0, 8);
  const rescuePrefix = `${dbPrefix}/rescue/`;
  const values = openPageValues(shared ? `${dbPrefix}/values` : undefined, `${dbPrefix}/probe`, o.storageTimeoutMs, (to, cause, refusal) => {
    queueMicrotask(() => warn(valuesMoved(to, cause, refusal)));
  });
  return {
    shared,
    dbPrefix,
    tabId,
    queue: shared ? createIndexedDbStore(`${dbPrefix}/queue`, o.storageTimeoutMs) : memory().queue,
    deadLetters: shared ? createIndexedDbDeadLetterStore(`${dbPrefix}/dead-letter`, o.storageTimeoutMs) : memory().deadLetters,
    rescue: shared ? createLocalRescue(rescuePrefix, tabId, values) : undefined,
    rescuePrefix,
    ledger: shared ? createLocalLedger(`${dbPrefix}/sent/`, tabId, values) : undefined,
    relayedNotes: shared && o.serviceWorkerRelay ? createLocalLedger(`${dbPrefix}/relayed/`, tabId, values) : undefined,
    unseenNotes: shared ? createLocalLedger(`${dbPrefix}/unseen/`, tabId, values) : undefined,
    healthKey: shared ? `${dbPrefix}/failed-at` : undefined,
    values,
    locks,
    leadership: shared ? electLeader(`${dbPrefix}/upload`, tabId, locks, `${dbPrefix}/lease`) : soleLeader(),
    openChannel: () => openTabChannel(shared ? dbPrefix : undefined),
  };
}

/** Whether the game's tabs share IndexedDB, the prefix of every name, and the Web Locks: nothing is opened. */
export function storageNames(o: Pick<ResolvedOptions, 'storage' | 'storageNamespace'>): Pick<ClientStorage, 'shared' | 'dbPrefix' | 'locks'> {
  const shared = o.storage !== 'memory' && hasIndexedDb();
  return {
    shared,
    dbPrefix: `tp-web-sdk/${o.storageNamespace}`,
    locks: shared ? (browserNavigator() as { locks?: LockManager } | undefined)?.locks : undefined,
  };
}

/**
 * The warning of a page that asked for IndexedDB and has none: after `createClient` returns, so a
 * listener added right after it hears it.
 */
export function warnIfNoIndexedDb(o: Pick<ResolvedOptions, 'storage'>, storage: Pick<ClientStorage, 'shared'>, warn: (error: StorageError) => void): void {
  if (o.storage !== 'memory' && !storage.shared && hasDom()) {
    queueMicrotask(() => warn(new StorageError('open', new Error('IndexedDB is not available here: records are kept in memory'))));
  }
}

/**
 * The warning of values moved `to` IndexedDB or memory: its cause carries the name of the
 * failure (`SecurityError`, `TimeoutError`, …) and says what failed and where the values are.
 */
function valuesMoved(to: 'indexeddb' | 'memory', cause: unknown, refusal: unknown): StorageError {
  const message = (e: unknown): string => (e instanceof Error || e instanceof DOMException ? e.message : String(e));
  const what =
    to === 'indexeddb'
      ? `localStorage refused (${message(cause)}): the device id, session and notes for the next page are kept in IndexedDB`
      : `${refusal === undefined ? '' : `localStorage refused (${message(refusal)}), and `}IndexedDB failed (${message(cause)}): the device id, session and notes are kept for this page only`;
  const error = new Error(what, { cause });
  const name = (cause as { name?: unknown } | null)?.name;
  if (typeof name === 'string') error.name = name;
  return new StorageError('local-storage', error);
}
