/**
 * Notes a tab leaves in localStorage for the pages after it: synchronous (written in `pagehide`,
 * they survive the navigation) and read back by the next page of the game, in any tab. Each tab
 * has one copy, `<prefix><tabId>`, a JSON array capped in characters, since localStorage is the
 * game's too. The queue keeps two kinds: the rescue (rescue.ts) and the sent ledger (sent-ledger.ts).
 * Where localStorage is refused, they are kept where the client keeps its values (internal/local-values.ts).
 *
 * @module
 */
import { browserValues, type LocalValues } from '../internal/index.js';

/** One kind of note: every tab's copies under one key prefix. */
export interface TabCopies<T> {
  /** The localStorage key prefix of the copies, or undefined when nothing is kept. */
  readonly prefix: string | undefined;
  /**
   * Saves this tab's items, synchronously, in place of what it saved before: in order while the
   * JSON fits the cap, none past the first that does not. None: deletes this tab's copy.
   */
  save(items: readonly T[]): void;
  /**
   * Every tab's items, and `forget()`, which deletes the copies read (one saved again since is
   * kept). Forget only once the items are acted on: a page that dies before leaves them for the next.
   */
  readAll(): { readonly items: T[]; forget(): void };
}

/**
 * Copies in `values` (localStorage, or where the client keeps its values when it is refused:
 * internal/local-values.ts) under `<prefix><tabId>`, at most `maxChars` characters each; items
 * read back are kept when `accept` says they are well formed. A no-op where the values are
 * missing, blocked or full.
 */
export function createTabCopies<T>(
  prefix: string,
  tabId: string,
  maxChars: number,
  accept: (item: unknown) => item is T,
  values: LocalValues = browserValues,
): TabCopies<T> {
  return {
    prefix,
    save(items) {
      try {
        let chars = 1; // `[`; each item adds its JSON and a `,` or the closing `]`
        const kept: T[] = [];
        for (const item of items) {
          if ((chars += JSON.stringify(item).length + 1) > maxChars) break;
          kept.push(item);
        }
        if (kept.length === 0) values.removeItem(`${prefix}${tabId}`);
        else values.setItem(`${prefix}${tabId}`, JSON.stringify(kept));
      } catch {
        // Blocked or full: the items depend on what they stand in for, as without a copy. An older
        // copy is not left standing for them (a ledger would delete records no longer sent).
        try {
          values.removeItem(`${prefix}${tabId}`);
        } catch {
          // Blocked: there is no copy to leave either.
        }
      }
    },
    readAll() {
      const items: T[] = [];
      const read = new Map<string, string | null>();
      let keys: string[] = [];
      try {
        keys = values.keys().filter((k) => k.startsWith(prefix));
      } catch {
        // Blocked now: nothing to read.
      }
      for (const key of keys) {
        try {
          const value = values.getItem(key);
          read.set(key, value);
          const parsed = value ? (JSON.parse(value) as unknown) : [];
          if (Array.isArray(parsed)) for (const item of parsed) if (accept(item)) items.push(item);
        } catch {
          // An unreadable copy (cut off, or not ours) gives nothing, and is forgotten with the others.
        }
      }
      const forget = (): void => {
        try {
          for (const [key, value] of read) if (values.getItem(key) === value) values.removeItem(key);
        } catch {
          // Blocked now: read again by the next page (acting on an item twice must be harmless).
        }
      };
      return { items, forget };
    },
  };
}

/** Copies that keep nothing (memory storage: nothing survives a page anyway). */
export function noTabCopies<T>(): TabCopies<T> {
  return { prefix: undefined, save: () => undefined, readAll: () => ({ items: [], forget: () => undefined }) };
}
