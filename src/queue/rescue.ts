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

/**
 * Most characters of JSON one tab's rescue copy takes in localStorage (256 Ki characters, 512 KiB
 * in UTF-16, about a tenth of a browser's usual 5 MiB per origin): the game's page keeps room for
 * its own storage. The unfinished entries are kept in order while they fit; those past it depend
 * on their IndexedDB write, as when localStorage is full.
 */
export const RESCUE_MAX_CHARS = 262_144;

/** Where rescued entries wait for the next page. */
export interface RescueStore {
  /** The localStorage key prefix of rescues (for `storage` events), or undefined. */
  readonly prefix: string | undefined;
  /**
   * Saves this tab's unfinished entries, synchronously (at `pagehide`), in place of what it saved
   * before; none: forgets that (the page is back, its own writes carry its records again).
   */
  save(entries: readonly StoredEntry[]): void;
  /**
   * Every tab's rescued entries, and `forget()`, which deletes what was read (a rescue saved again
   * since is kept). Forget only once the entries are written elsewhere: a page that dies before
   * leaves them for the next one.
   */
  readAll(): { readonly entries: StoredEntry[]; forget(): void };
}

/**
 * Rescue in localStorage under `<prefix><tabId>`, at most {@link RESCUE_MAX_CHARS} characters; a
 * no-op where localStorage is missing or full.
 */
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
        let chars = 1; // `[`; each entry adds its JSON and a `,` or the closing `]`
        const kept = entries.filter((e) => (chars += JSON.stringify(e).length + 1) <= RESCUE_MAX_CHARS);
        if (kept.length === 0) storage()?.removeItem(`${prefix}${tabId}`);
        else storage()?.setItem(`${prefix}${tabId}`, JSON.stringify(kept));
      } catch {
        // Blocked or full: these records depend on their IndexedDB write, as without a rescue.
      }
    },
    readAll() {
      const ls = storage();
      const entries: StoredEntry[] = [];
      const read = new Map<string, string | null>();
      let keys: string[] = [];
      try {
        keys = Object.keys(ls ?? {}).filter((k) => k.startsWith(prefix));
      } catch {
        // Blocked now: nothing to restore.
      }
      for (const key of keys) {
        try {
          const value = ls!.getItem(key);
          read.set(key, value);
          const parsed = value ? (JSON.parse(value) as unknown) : [];
          if (Array.isArray(parsed)) entries.push(...(parsed as StoredEntry[]).filter((e) => typeof e?.key === 'string'));
        } catch {
          // An unreadable copy (cut off, or not ours) restores nothing, and is forgotten with the others.
        }
      }
      const forget = (): void => {
        try {
          for (const [key, value] of read) if (ls!.getItem(key) === value) ls!.removeItem(key);
        } catch {
          // Blocked now: restored again by the next page, by key (not doubled).
        }
      };
      return { entries, forget };
    },
  };
}

/** A rescue that keeps nothing (memory storage: nothing survives a page anyway). */
export const NO_RESCUE: RescueStore = { prefix: undefined, save: () => undefined, readAll: () => ({ entries: [], forget: () => undefined }) };
