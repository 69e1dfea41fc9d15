/**
 * What the game's tabs keep about sessions (one record in localStorage, or in memory): the
 * session now, when a tab last saw the game visible, and who was logged in and joined. Pure: the
 * clock comes in as numbers.
 *
 * @module
 */
import { shortHash } from '../internal/index.js';
import type { Session } from './types.js';

/** Most players remembered in each list of the record (the oldest go first). */
export const MAX_PLAYERS_REMEMBERED = 50;

/** The stored record. Players are kept as short hashes of their slugs. */
export interface SessionState {
  readonly session: Session;
  /** Last time (ms) a tab of the game was seen visible. */
  readonly seenAt: number;
  /** Players sent a `players_login` in this session. */
  readonly logins: readonly string[];
  /** UTC day (days since 1970-01-01) of `dayLogins`. */
  readonly loginDay: number;
  /** Players sent a `players_login` on `loginDay`. */
  readonly dayLogins: readonly string[];
  /** Players sent a `players_join` on this device. */
  readonly joined: readonly string[];
}

const DAY_MS = 86_400_000;

/** The UTC day of `ms` (days since 1970-01-01). */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/** The next UTC midnight after `ms`, in ms. */
export const nextUtcMidnight = (ms: number): number => (utcDay(ms) + 1) * DAY_MS;

/** How a player is named in the record. */
export const playerKey = (playerSlug: string): string => shortHash(playerSlug);

/**
 * Why `state`'s session is over at `now`, or undefined while it lives: `day` when it started on
 * an earlier UTC day, `timeout` when no tab was seen visible for `timeoutMs`.
 */
export function endOf(state: SessionState, now: number, timeoutMs: number): 'day' | 'timeout' | undefined {
  if (utcDay(state.session.startedAt * 1000) !== utcDay(now)) return 'day';
  return now - state.seenAt >= timeoutMs ? 'timeout' : undefined;
}

/** A new session after `previous` (or the first), started at `now`; what is kept per device goes on. */
export function nextSession(previous: SessionState | undefined, now: number, id: string): SessionState {
  return {
    session: { id, index: (previous?.session.index ?? 0) + 1, startedAt: Math.floor(now / 1000) },
    seenAt: now,
    logins: [],
    loginDay: previous?.loginDay ?? utcDay(now),
    dayLogins: previous?.dayLogins ?? [],
    joined: previous?.joined ?? [],
  };
}

/** `list` with `player` added last (the oldest dropped past the cap). */
export const remember = (list: readonly string[], player: string): string[] => [...list, player].slice(-MAX_PLAYERS_REMEMBERED);

/** The stored text read back; undefined when missing or not a record this version wrote. */
export function parseState(text: string | null | undefined): SessionState | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<SessionState> | null;
    const s = value?.session;
    const ok =
      typeof s?.id === 'string' &&
      Number.isSafeInteger(s.index) &&
      Number.isSafeInteger(s.startedAt) &&
      typeof value!.seenAt === 'number' &&
      Number.isSafeInteger(value!.loginDay) &&
      [value!.logins, value!.dayLogins, value!.joined].every((l) => Array.isArray(l) && l.every((p) => typeof p === 'string'));
    return ok ? (value as SessionState) : undefined;
  } catch {
    return undefined;
  }
}
