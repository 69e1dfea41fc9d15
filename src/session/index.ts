/**
 * Sessions: the player's stretches of play, shared by the game's tabs, and the
 * automatic `players_login` / `players_join` decisions made with them.
 *
 * @module
 */
export type { AutoLogin, Session, SessionEndEvent, SessionEndReason, SessionEvents } from './types.js';
export { localSessionStore, memorySessionStore, type SessionStore } from './store.js';
export { startSessions, type SessionDeps, type SessionTracker } from './tracker.js';
export { startSessionsWhen } from './when-ready.js';
