/**
 * Records tracked before the first `identify()` (a game that logs in asynchronously and tracks
 * its first frames meanwhile): held in memory, checked like any record, and queued with the
 * player when the game names it (docs/decisions.md, "Fields the SDK fills in").
 *
 * @module
 */
import type { QueueEntry } from '../queue/index.js';

/** The `player_slug` a held record is checked with: one character, replaced at `identify()`. */
export const NO_PLAYER_YET = '-';

/** Most records held for the player; past it, `track()` refuses them. */
export const MAX_AWAITING_PLAYER = 1000;

export interface AwaitingPlayer {
  /** Records held now. */
  readonly length: number;
  /** Holds `entry` (its `player_slug` is {@link NO_PLAYER_YET}); false when full. */
  hold(entry: QueueEntry): boolean;
  /**
   * The held entries, oldest first, now with `playerSlug` (their `bytes` are the placeholder's:
   * check them again); holds nothing after.
   */
  release(playerSlug: string): QueueEntry[];
  /** Lets the held entries go (no player will come); returns how many there were. */
  clear(): number;
}

export function awaitingPlayer(limit = MAX_AWAITING_PLAYER): AwaitingPlayer {
  let held: QueueEntry[] = [];
  return {
    get length() {
      return held.length;
    },
    hold: (entry) => held.length < limit && held.push(entry) > 0,
    release(playerSlug) {
      const released = held.map((e) => ({ ...e, record: { ...e.record, player_slug: playerSlug } }));
      held = [];
      return released;
    },
    clear: () => held.splice(0).length,
  };
}
