/**
 * One tab's view of the game's session: adopts the session the game's tabs share, starts the
 * next one when it is over, says when it ends, and makes the automatic `players_login` and
 * `players_join` decisions, once across the tabs (each decision runs under a Web Lock, on the
 * stored record).
 *
 * The page's visibility and the player come in from the client; the tracker listens to nothing
 * itself but its one timer.
 *
 * @module
 */
import { MAX_TIMER_MS } from '../internal/index.js';
import { endOf, nextSession, nextUtcMidnight, playerKey, remember, utcDay, type SessionState } from './state.js';
import type { SessionStore } from './store.js';
import type { AutoLogin, Session, SessionEndReason, SessionEvents } from './types.js';

/** How often a visible tab says so in the record, at most, in ms. */
const SEEN_EVERY_MS = 60_000;

/** What the tracker emits: the session events. */
export interface SessionEmitter {
  emit<E extends keyof SessionEvents>(event: E, ...args: SessionEvents[E]): boolean;
}

export interface SessionDeps {
  readonly store: SessionStore;
  /** Runs `task` alone among the game's tabs (a Web Lock), or at once without locks. */
  readonly exclusive: (task: () => void) => Promise<void>;
  readonly now: () => number;
  /** `sessionTimeoutMs`. */
  readonly timeoutMs: number;
  /** True while the page is visible. */
  readonly visible: () => boolean;
  readonly emitter: SessionEmitter;
  /** The identified player, or undefined. */
  readonly player: () => string | undefined;
  readonly autoLogin: AutoLogin;
  readonly autoJoin: boolean;
  /** Tracks the SDK's own `players_login` or `players_join` for the identified player. */
  readonly send: (objectName: 'players_login' | 'players_join') => void;
  readonly newId: () => string;
  /**
   * A session carried on from the record is announced too (`session:start`): an earlier tracker
   * of this client ended this tab's session (consent withdrawn, then granted again). False for a
   * client's first tracker: a reload carries the session on without announcing it.
   */
  readonly announceCarriedOn: boolean;
}

export interface SessionTracker {
  /** This tab's session, or undefined between sessions. */
  readonly current: Session | undefined;
  /** The page became visible (or was shown again): a session over starts anew. */
  visible(): void;
  /** The page was hidden or is unloading: the record says the game was seen until now (if it was visible). */
  hidden(): void;
  /** The player was named: their login (and join) may be due. */
  identified(): void;
  /** Stops the timer; with `reason`, this tab's session ends with a `session:end` event. */
  stop(reason?: SessionEndReason): void;
}

export function startSessions(d: SessionDeps): SessionTracker {
  let state: SessionState | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The page was visible at the last look: hiding it is the last moment the game was seen. */
  let shown = d.visible();

  const end = (reason: SessionEndReason): void => {
    const session = state?.session;
    state = undefined;
    if (session) d.emitter.emit('session:end', { session, reason });
  };
  /** Why this tab's session is over at `now` (it may live on in another tab's record). */
  const reasonAt = (ended: SessionState, now: number): 'day' | 'timeout' => (utcDay(ended.session.startedAt * 1000) !== utcDay(now) ? 'day' : 'timeout');

  /** The automatic records due for the identified player, marked in `s` (sent by the caller). */
  const dueRecords = (s: SessionState, now: number): { s: SessionState; due: Array<'players_login' | 'players_join'> } => {
    const slug = d.player();
    const due: Array<'players_login' | 'players_join'> = [];
    if (slug === undefined) return { s, due };
    const key = playerKey(slug);
    if (d.autoJoin && !s.joined.includes(key)) {
      s = { ...s, joined: remember(s.joined, key) };
      due.push('players_join');
    }
    if (d.autoLogin === 'session' && !s.logins.includes(key)) {
      s = { ...s, logins: remember(s.logins, key) };
      due.push('players_login');
    } else if (d.autoLogin === 'day') {
      const day = utcDay(now);
      const today = s.loginDay === day ? s.dayLogins : [];
      if (!today.includes(key)) {
        s = { ...s, loginDay: day, dayLogins: remember(today, key) };
        due.push('players_login');
      }
    }
    return { s, due };
  };

  /**
   * Reads the game's record and acts on it: adopts another tab's session, ends this one when it
   * is over, starts the next (when `start`), says the game was seen (when `seen`), and sends the
   * automatic records due. Runs under the lock.
   */
  const decide = (start: boolean, seen: boolean): void => {
    if (stopped) return;
    const now = d.now();
    let s = d.store.read();
    const over = s === undefined || endOf(s, now, d.timeoutMs) !== undefined;
    if (state && (over || s!.session.id !== state.session.id)) end(reasonAt(state, now));
    if (over) {
      if (!start) return;
      s = nextSession(s, now, d.newId());
    }
    const adopted = state === undefined;
    if (seen) s = { ...s!, seenAt: now };
    const { s: marked, due } = dueRecords(s!, now);
    d.store.write(marked);
    state = marked;
    if (adopted) d.emitter.emit('session:start', marked.session);
    for (const objectName of due) d.send(objectName);
  };

  /** The next look at the record: while visible, to say so and for the UTC day; while hidden, when the session would time out. */
  const schedule = (): void => {
    clearTimeout(timer);
    if (stopped || !state) return;
    const now = d.now();
    const midnight = nextUtcMidnight(now);
    const at = d.visible() ? Math.min(now + Math.min(SEEN_EVERY_MS, d.timeoutMs / 2), midnight) : Math.min(state.seenAt + d.timeoutMs, midnight);
    timer = setTimeout(() => check(d.visible(), d.visible()), Math.min(MAX_TIMER_MS, Math.max(0, at - now)));
  };
  const check = (start: boolean, seen: boolean): void => {
    void d
      .exclusive(() => decide(start, seen))
      .catch(() => undefined)
      .then(schedule);
  };

  /**
   * Says the game was seen until now, at once, without the lock: the page may be unloading, and a
   * lock asked for now might never be granted.
   */
  const seenNow = (): void => {
    const s = d.store.read();
    if (!stopped && state && s?.session.id === state.session.id && endOf(s, d.now(), d.timeoutMs) === undefined) {
      state = { ...s, seenAt: d.now() };
      d.store.write(state);
    }
  };

  // At once, for `client.session` right after `createClient`: the session a reload carries on,
  // or a new one (its start is announced after the game could listen). The login, and a race
  // with another tab starting at the same moment, are settled under the lock just after.
  const first = d.store.read();
  const now = d.now();
  if (first && endOf(first, now, d.timeoutMs) === undefined) state = first;
  else {
    state = nextSession(first, now, d.newId());
    d.store.write(state);
  }
  if (state !== first || d.announceCarriedOn) {
    const started = state.session;
    queueMicrotask(() => state?.session === started && !stopped && d.emitter.emit('session:start', started));
  }
  check(true, d.visible());

  return {
    get current() {
      return state?.session;
    },
    visible() {
      shown = d.visible(); // `pageshow` comes at load too, in a background tab as well
      check(true, shown);
    },
    hidden() {
      if (shown) seenNow();
      shown = false;
      check(false, false);
    },
    identified: () => check(true, d.visible()),
    stop(reason) {
      stopped = true;
      clearTimeout(timer);
      if (reason) end(reason);
    },
  };
}
