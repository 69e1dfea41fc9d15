/**
 * The last line of defence at page unload: records whose IndexedDB write has not finished when the
 * page goes away (a navigation can abort the transaction) are copied to localStorage, which is
 * synchronous and survives the navigation. The next page that opens the queue, in any tab, writes
 * them to IndexedDB by their keys, so a write that did finish is not doubled.
 *
 * @module
 */
import type { LocalValues } from '../internal/index.js';
import { createTabCopies, noTabCopies, type TabCopies } from './tab-copies.js';
import type { StoredEntry } from './types.js';

/**
 * How long a store remembers removed keys, in milliseconds, so that a rescued copy of a record
 * delivered (or set aside, or dropped) in the meantime is not restored. Rescues are adopted within
 * seconds (at the next page open, or at once by live tabs through the `storage` event).
 */
export const TOMBSTONE_MS = 600_000;

/**
 * Most characters of JSON one tab's rescue copy takes in localStorage (256 Ki characters, 512 KiB
 * in UTF-16, about a tenth of a browser's usual 5 MiB per origin): the game's page keeps room for
 * its own storage. The unfinished entries are kept in order while they fit; those past it depend
 * on their IndexedDB write, as when localStorage is full.
 */
export const RESCUE_MAX_CHARS = 262_144;

/**
 * Where rescued entries wait for the next page: `save()` at `pagehide` (none: the page is back,
 * its own writes carry its records again), `readAll()` at open.
 */
export type RescueStore = TabCopies<StoredEntry>;

const isEntry = (item: unknown): item is StoredEntry => typeof (item as StoredEntry | null)?.key === 'string';

/**
 * Rescue in localStorage (or `values`, where the client keeps them when localStorage is refused)
 * under `<prefix><tabId>`, at most {@link RESCUE_MAX_CHARS} characters.
 */
export function createLocalRescue(prefix: string, tabId: string, values?: LocalValues): RescueStore {
  return createTabCopies(prefix, tabId, RESCUE_MAX_CHARS, isEntry, values);
}

/** A rescue that keeps nothing (memory storage: nothing survives a page anyway). */
export const NO_RESCUE: RescueStore = noTabCopies();
