/**
 * Where the session record lives: localStorage, shared by the game's tabs and kept across
 * reloads; or memory, this page's own (storage `memory`, no IndexedDB).
 *
 * @module
 */
import { browserValues, type LocalValues } from '../internal/index.js';
import { parseState, type SessionState } from './state.js';

export interface SessionStore {
  read(): SessionState | undefined;
  /** Saves `state`; a browser that refuses (blocked, full storage) leaves this page's copy only. */
  write(state: SessionState): void;
}

/**
 * The record under `key` in localStorage (or `values`: where the client keeps them when
 * localStorage is refused); this page's memory where they are missing or
 * refuses. Once a write is refused (localStorage full with the game's own data), this page's copy
 * is the one read, not the older record localStorage still holds, until a write is saved again.
 */
export function localSessionStore(key: string, values: LocalValues = browserValues): SessionStore {
  const memory = memorySessionStore();
  /** The last write was not saved: localStorage holds an older record, or none. */
  let refused = false;
  return {
    read() {
      try {
        if (!refused) return parseState(values.getItem(key));
      } catch {
        // Blocked storage: this page's copy.
      }
      return memory.read();
    },
    write(state) {
      memory.write(state);
      try {
        values.setItem(key, JSON.stringify(state));
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
