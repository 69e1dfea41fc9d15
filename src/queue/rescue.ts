/**
 * The last line of defence at page unload: records whose IndexedDB write has not finished when the
 * page goes away (a navigation can abort the transaction) are copied to localStorage, which is
 * synchronous and survives the navigation. The next page that opens the queue, in any tab, writes
 * them to IndexedDB by their keys, so a write that did finish is not doubled.
 *
 * @module
 */
import type { StoredEntry } from './types.js';

/**
 * How long a store remembers removed keys, in milliseconds, so that a rescued copy of a record
 * delivered (or set aside, or dropped) in the meantime is not restored. Rescues are adopted within
 * seconds (at the next page open, or at once by live tabs through the `storage` event).
 */
export const TOMBSTONE_MS = 600_000;

/** Where rescued entries wait for the next page. */
export interface RescueStore {
  /** The localStorage key prefix of rescues (for `storage` events), or undefined. */
  readonly prefix: string | undefined;
  /**
   * Saves this tab's unfinished entries, synchronously (at `pagehide`), in place of what it saved
   * before; none: forgets that (the page is back, its own writes carry its records again).
   */
  save(entries: readonly StoredEntry[]): void;
  /** Takes every tab's rescued entries (and forgets them). */
  takeAll(): StoredEntry[];
}

/** Rescue in localStorage under `<prefix><tabId>`; a no-op where localStorage is missing or full. */
export function createLocalRescue(prefix: string, tabId: string): RescueStore {
  const storage = (): Storage | undefined => {
    try {
      return (globalThis as { localStorage?: Storage }).localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    prefix,
    save(entries) {
      try {
        if (entries.length === 0) storage()?.removeItem(`${prefix}${tabId}`);
        else storage()?.setItem(`${prefix}${tabId}`, JSON.stringify(entries));
      } catch {
        // Blocked or full: these records depend on their IndexedDB write, as without a rescue.
      }
    },
    takeAll() {
      const ls = storage();
      if (!ls) return [];
      const taken: StoredEntry[] = [];
      try {
        for (const key of Object.keys(ls).filter((k) => k.startsWith(prefix))) {
          const value = ls.getItem(key);
          ls.removeItem(key);
          const parsed = value ? (JSON.parse(value) as unknown) : [];
          if (Array.isArray(parsed)) taken.push(...(parsed as StoredEntry[]).filter((e) => typeof e?.key === 'string'));
        }
      } catch {
        // Unreadable: nothing to restore.
      }
      return taken;
    },
  };
}

/** A rescue that keeps nothing (memory storage: nothing survives a page anyway). */
export const NO_RESCUE: RescueStore = { prefix: undefined, save: () => undefined, takeAll: () => [] };
