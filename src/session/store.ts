/**
 * Where the session record lives: localStorage, shared by the game's tabs and kept across
 * reloads; or memory, this page's own (storage `memory`, no IndexedDB).
 *
 * @module
 */
import { localStorageOrUndefined } from '../internal/index.js';
import { parseState, type SessionState } from './state.js';

export interface SessionStore {
  read(): SessionState | undefined;
  /** Saves `state`; a browser that refuses (blocked, full storage) leaves this page's copy only. */
  write(state: SessionState): void;
}

/**
 * The record under `key` in localStorage; this page's memory where localStorage is missing or
 * refuses. Once a write is refused (localStorage full with the game's own data), this page's copy
 * is the one read, not the older record localStorage still holds, until a write is saved again.
 */
export function localSessionStore(key: string): SessionStore {
  const memory = memorySessionStore();
  /** The last write was not saved: localStorage holds an older record, or none. */
  let refused = false;
  return {
    read() {
      try {
        const storage = refused ? undefined : localStorageOrUndefined();
        if (storage) return parseState(storage.getItem(key));
      } catch {
        // Blocked storage: this page's copy.
      }
      return memory.read();
    },
    write(state) {
      memory.write(state);
      try {
        localStorageOrUndefined()?.setItem(key, JSON.stringify(state));
        refused = false;
      } catch {
        refused = true; // full or blocked: the page goes on with its own copy
      }
    },
  };
}

/** This page's own record. */
export function memorySessionStore(): SessionStore {
  let state: SessionState | undefined;
  return {
    read: () => state,
    write: (next) => void (state = next),
  };
}
