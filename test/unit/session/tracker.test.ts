/**
 * The session tracker with fake timers and a record in memory standing for the game's
 * localStorage: a session survives a "reload" within the timeout, ends after 30 minutes hidden and
 * at a new UTC day, is shared by two "tabs", and sends the automatic login and join once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localSessionStore, memorySessionStore, startSessions, type SessionDeps, type SessionEndEvent, type SessionStore, type SessionTracker, type Session } from '../../../src/session/index.js';

const MIN = 60_000;
type Sent = 'players_login' | 'players_join';

/** One "tab": its events, what it sent, and its visibility and player, all changeable. */
interface Tab {
  readonly tracker: SessionTracker;
  readonly starts: Session[];
  readonly ends: SessionEndEvent[];
  readonly sent: Array<[Sent, string | undefined]>;
  visible: boolean;
  player: string | undefined;
}

/** One lock for every tab, as Web Locks give one per origin. */
function mutex(): SessionDeps['exclusive'] {
  let chain = Promise.resolve();
  return (task) => (chain = chain.then(task));
}

let ids = 0;
function openTab(store: SessionStore, exclusive: SessionDeps['exclusive'], given: Partial<Omit<SessionDeps, 'player' | 'visible'>> & { player?: string; visible?: boolean } = {}): Tab {
  const { player, visible = true, ...options } = given;
  const tab: Omit<Tab, 'tracker'> = { starts: [], ends: [], sent: [], visible, player };
  const tracker = startSessions({
    store,
    exclusive,
    now: () => Date.now(),
    timeoutMs: 30 * MIN,
    visible: () => tab.visible,
    emitter: {
      emit: (event: string, payload: unknown) => {
        if (event === 'session:start') tab.starts.push(payload as Session);
        else tab.ends.push(payload as SessionEndEvent);
        return true;
      },
    } as SessionDeps['emitter'],
    player: () => tab.player,
    autoLogin: 'session',
    autoJoin: false,
    send: (objectName) => void tab.sent.push([objectName, tab.player]),
    newId: () => `s-${++ids}`,
    announceCarriedOn: false,
    ...options,
  });
  return Object.assign(tab, { tracker });
}

const settle = async (): Promise<void> => void (await vi.advanceTimersByTimeAsync(0));

/** The page of `tab` is hidden, as the browser says it. */
function hide(tab: Tab): void {
  tab.visible = false;
  tab.tracker.hidden();
}

/** The page of `tab` is shown again. */
function show(tab: Tab): void {
  tab.visible = true;
  tab.tracker.visible();
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 10, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one tab', () => {
  it('starts a session at once, announces it after the game could listen, and logs the player in once', async () => {
    const tab = openTab(memorySessionStore(), mutex(), { player: 'p-1' });
    expect(tab.tracker.current).toEqual({ id: 's-1', index: 1, startedAt: Date.UTC(2026, 10, 28, 10) / 1000 });
    expect(tab.starts).toEqual([]); // not yet: the game listens after createClient returns
    await settle();
    expect(tab.starts).toEqual([tab.tracker.current]);
    expect(tab.sent).toEqual([['players_login', 'p-1']]);
    tab.tracker.identified(); // the same player again
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(tab.sent).toHaveLength(1);
  });

  it('a login before identify() waits for the player', async () => {
    const tab = openTab(memorySessionStore(), mutex());
    await settle();
    expect(tab.sent).toEqual([]);
    tab.player = 'p-1';
    tab.tracker.identified();
    await settle();
    expect(tab.sent).toEqual([['players_login', 'p-1']]);
    tab.player = 'p-2'; // another player in the same session logs in too
    tab.tracker.identified();
    await settle();
    expect(tab.sent).toEqual([['players_login', 'p-1'], ['players_login', 'p-2']]);
  });

  it('a reload within the timeout keeps the session and sends no second login', async () => {
    const store = memorySessionStore();
    const first = openTab(store, mutex(), { player: 'p-1' });
    await settle();
    first.tracker.hidden(); // pagehide
    first.tracker.stop(); // the page is gone: no end
    await vi.advanceTimersByTimeAsync(5 * MIN);
    const second = openTab(store, mutex(), { player: 'p-1' });
    await settle();
    expect(second.tracker.current).toEqual(first.starts[0]);
    expect(second.starts).toEqual([]);
    expect(second.sent).toEqual([]);
    expect(first.ends).toEqual([]);
  });

  it('31 minutes hidden ends the session (timeout) and the return starts the next, with a login', async () => {
    const tab = openTab(memorySessionStore(), mutex(), { player: 'p-1' });
    await settle();
    hide(tab);
    await vi.advanceTimersByTimeAsync(29 * MIN);
    expect(tab.ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(tab.ends).toEqual([{ session: tab.starts[0], reason: 'timeout' }]);
    expect(tab.tracker.current).toBeUndefined(); // hidden: none until the player is back
    show(tab);
    await settle();
    expect(tab.tracker.current).toMatchObject({ index: 2 });
    expect(tab.starts).toHaveLength(2);
    expect(tab.sent).toEqual([['players_login', 'p-1'], ['players_login', 'p-1']]);
  });

  it('a page hidden for less than the timeout keeps its session', async () => {
    const tab = openTab(memorySessionStore(), mutex(), { player: 'p-1' });
    await settle();
    hide(tab);
    await vi.advanceTimersByTimeAsync(20 * MIN);
    show(tab);
    await vi.advanceTimersByTimeAsync(20 * MIN); // visible: seen every minute
    expect(tab.ends).toEqual([]);
    expect(tab.starts).toHaveLength(1);
  });

  it('a new UTC day starts a session while the page stays open and visible', async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 28, 23, 50));
    const tab = openTab(memorySessionStore(), mutex(), { player: 'p-1' });
    await settle();
    await vi.advanceTimersByTimeAsync(9 * MIN);
    expect(tab.ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(tab.ends).toEqual([{ session: tab.starts[0], reason: 'day' }]);
    expect(tab.starts[1]).toMatchObject({ index: 2, startedAt: Date.UTC(2026, 10, 29) / 1000 });
    expect(tab.sent).toHaveLength(2);
  });

  it("autoLogin 'day' sends one login per UTC day, whatever the sessions", async () => {
    const store = memorySessionStore();
    const tab = openTab(store, mutex(), { player: 'p-1', autoLogin: 'day' });
    await settle();
    for (let i = 0; i < 3; i++) {
      // three more sessions the same day
      hide(tab);
      await vi.advanceTimersByTimeAsync(31 * MIN);
      show(tab);
      await settle();
    }
    expect(tab.starts).toHaveLength(4);
    expect(tab.sent).toEqual([['players_login', 'p-1']]);
    vi.setSystemTime(Date.UTC(2026, 10, 29, 9));
    await vi.advanceTimersByTimeAsync(MIN);
    expect(tab.sent).toEqual([['players_login', 'p-1'], ['players_login', 'p-1']]);
  });

  it('autoLogin false sends nothing; autoJoin sends one players_join per player on the device, before the login', async () => {
    const store = memorySessionStore();
    const quiet = openTab(store, mutex(), { player: 'p-1', autoLogin: false });
    await settle();
    expect(quiet.sent).toEqual([]);
    quiet.tracker.stop();
    const tab = openTab(store, mutex(), { player: 'p-1', autoJoin: true });
    await settle();
    expect(tab.sent).toEqual([['players_join', 'p-1'], ['players_login', 'p-1']]);
    hide(tab);
    await vi.advanceTimersByTimeAsync(31 * MIN);
    show(tab);
    await settle();
    expect(tab.sent).toEqual([['players_join', 'p-1'], ['players_login', 'p-1'], ['players_login', 'p-1']]);
  });

  it('stop(reason) ends the session with that reason; stop() alone ends nothing', async () => {
    const tab = openTab(memorySessionStore(), mutex());
    await settle();
    tab.tracker.stop('consent');
    expect(tab.ends).toEqual([{ session: tab.starts[0], reason: 'consent' }]);
    expect(tab.tracker.current).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('two tabs', () => {
  it('share one session and one login, opened at the same moment', async () => {
    const store = memorySessionStore();
    const lock = mutex();
    const a = openTab(store, lock, { player: 'p-1' });
    const b = openTab(store, lock, { player: 'p-1' });
    await settle();
    expect(a.tracker.current).toEqual(b.tracker.current);
    expect([...a.sent, ...b.sent]).toEqual([['players_login', 'p-1']]);
  });

  it('a tab visible keeps the session of a hidden one; the hidden tab returning after 40 minutes finds it', async () => {
    const store = memorySessionStore();
    const lock = mutex();
    const a = openTab(store, lock, { player: 'p-1' });
    await settle();
    const b = openTab(store, lock, { player: 'p-1' });
    hide(a);
    await vi.advanceTimersByTimeAsync(40 * MIN);
    show(a);
    await settle();
    expect(a.ends).toEqual([]);
    expect(b.tracker.current).toEqual(a.tracker.current);
    expect([...a.sent, ...b.sent]).toHaveLength(1);
  });

  it('both hidden past the timeout: the first back starts the next session, the second adopts it', async () => {
    const store = memorySessionStore();
    const lock = mutex();
    const a = openTab(store, lock, { player: 'p-1' });
    const b = openTab(store, lock, { player: 'p-1' });
    await settle();
    for (const tab of [a, b]) {
      hide(tab);
    }
    await vi.advanceTimersByTimeAsync(45 * MIN);
    show(a);
    await settle();
    show(b);
    await settle();
    expect(a.tracker.current).toMatchObject({ index: 2 });
    expect(b.tracker.current).toEqual(a.tracker.current);
    expect([...a.sent, ...b.sent]).toHaveLength(2); // one per session
    // b opened into a's session (as a reload would: no start), then heard the next one start.
    expect(b.starts.map((s) => s.index)).toEqual([2]);
    expect(b.ends.map((e) => [e.session.index, e.reason])).toEqual([[1, 'timeout']]);
  });
});

describe('localStorage that refuses to save', () => {
  it('keeps one session and one login in this page (a game whose saves filled localStorage)', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      },
      removeItem: () => undefined,
      clear: () => undefined,
      key: () => null,
      length: 0,
    });
    try {
      const tab = openTab(localSessionStore('tp-web-sdk/game/session'), mutex(), { player: 'p-1' });
      await vi.advanceTimersByTimeAsync(5 * MIN);
      expect(tab.ends).toEqual([]);
      expect(tab.starts).toHaveLength(1);
      expect(tab.sent).toEqual([['players_login', 'p-1']]);
      tab.tracker.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
