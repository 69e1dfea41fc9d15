/**
 * The public shapes of sessions: the session itself, why one ends, the automatic-login modes.
 *
 * @module
 */

/**
 * A session: the player's stretch of play on this device, shared by the game's tabs. It starts
 * at `createClient` (or when consent is granted) and ends after `sessionTimeoutMs` with every tab
 * of the game hidden, or at a new UTC day. A reload within the timeout keeps it.
 *
 * Sessions are the SDK's own: no record on the wire carries them (the service counts logins).
 */
export interface Session {
  /** A random id (a UUID where the browser has `crypto.randomUUID`). */
  readonly id: string;
  /** 1 for the first session on this device, then one more for each (starts again after `forget()`). */
  readonly index: number;
  /** When it started, in Unix seconds (UTC). */
  readonly startedAt: number;
}

/**
 * Why a session ended: `timeout`, every tab of the game was hidden (or closed) for
 * `sessionTimeoutMs`; `day`, a new UTC day began; `consent`, consent was withdrawn (set to
 * `pending` or `denied`); `forget`, `forget()` erased the game's data.
 */
export type SessionEndReason = 'timeout' | 'day' | 'consent' | 'forget';

/** Payload of the `session:end` event. */
export interface SessionEndEvent {
  /** The session that ended. */
  readonly session: Session;
  /** Why it ended. */
  readonly reason: SessionEndReason;
}

/**
 * The `autoLogin` option: `'session'`, one `players_login` for each session (at its start, or at
 * `identify()` when it started before one); `'day'`, at most one for each UTC day; `false`, the
 * game tracks its logins itself.
 */
export type AutoLogin = 'session' | 'day' | false;

/** The session events of a client (part of `ClientEvents`). */
export interface SessionEvents {
  /**
   * A session started, or this tab took the game's session up again after consent was withdrawn
   * (which ended it here) and granted again: `client.session` is it now. Not for a session this
   * page found going as it opened (a reload, or another tab of the game playing): read
   * `client.session` after `createClient` for that one. Its end comes as `session:end` all the same.
   */
  'session:start': [session: Session];
  /** This tab's session ended: `client.session` is undefined until the next one starts. */
  'session:end': [event: SessionEndEvent];
}
