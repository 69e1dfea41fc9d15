/**
 * The session record's store: localStorage shared by the game's tabs, and this page's
 * copy when localStorage refuses to save (full with the game's own data, blocked).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSessionStore } from '../../../src/session/index.js';
import { nextSession } from '../../../src/session/state.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A localStorage that reads but refuses every write, as a full one does. */
function fullLocalStorage(stored: Record<string, string> = {}): Storage {
  return {
    getItem: (key: string) => stored[key] ?? null,
    setItem: () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    },
    removeItem: () => undefined,
    clear: () => undefined,
    key: () => null,
    length: Object.keys(stored).length,
  };
}

describe('localSessionStore', () => {
  it('reads back what it wrote when localStorage is full and holds no record', () => {
    vi.stubGlobal('localStorage', fullLocalStorage());
    const store = localSessionStore('tp-web-sdk/game/session');
    const state = nextSession(undefined, Date.UTC(2026, 10, 28, 10), 's-1');
    store.write(state);
    expect(store.read()).toEqual(state);
  });

  it('reads back what it wrote, not an older record, when localStorage is full', () => {
    const older = nextSession(undefined, Date.UTC(2026, 10, 27, 10), 's-0');
    vi.stubGlobal('localStorage', fullLocalStorage({ 'tp-web-sdk/game/session': JSON.stringify(older) }));
    const store = localSessionStore('tp-web-sdk/game/session');
    const state = nextSession(older, Date.UTC(2026, 10, 28, 10), 's-1');
    store.write(state);
    expect(store.read()).toEqual(state);
  });

  it('reads localStorage again once it saves again (another tab may write there)', () => {
    const stored: Record<string, string> = {};
    let full = true;
    vi.stubGlobal('localStorage', {
      ...fullLocalStorage(stored),
      getItem: (key: string) => stored[key] ?? null,
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException('quota exceeded', 'QuotaExceededError');
        stored[key] = value;
      },
    });
    const store = localSessionStore('k');
    store.write(nextSession(undefined, Date.UTC(2026, 10, 28, 10), 's-1'));
    full = false;
    store.write(nextSession(undefined, Date.UTC(2026, 10, 28, 10), 's-2'));
    const other = nextSession(undefined, Date.UTC(2026, 10, 28, 10), 's-3');
    stored.k = JSON.stringify(other); // another tab
    expect(store.read()).toEqual(other);
  });
});
