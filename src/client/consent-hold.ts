/**
 * Records tracked while consent is `pending` (the game waits for its consent banner): held in
 * memory, in order, and queued when consent is granted; nothing of them is stored before.
 *
 * @module
 */
import type { QueueEntry } from '../queue/index.js';

/** Most records held for consent; past it the oldest go. */
export const MAX_HELD_FOR_CONSENT = 1000;

export interface ConsentHold {
  /** Records held now. */
  readonly length: number;
  /** Holds `entry`; returns how many older records left to make room (0 or 1). */
  hold(entry: QueueEntry): number;
  /** The held records, oldest first; holds nothing after. */
  take(): QueueEntry[];
}

export function consentHold(limit = MAX_HELD_FOR_CONSENT): ConsentHold {
  let held: QueueEntry[] = [];
  return {
    get length() {
      return held.length;
    },
    hold(entry) {
      held.push(entry);
      return held.length > limit ? held.splice(0, held.length - limit).length : 0;
    },
    take() {
      const taken = held;
      held = [];
      return taken;
    },
  };
}
