/**
 * Records tracked while consent is `pending` (the game waits for its consent banner), or while
 * the storage retires or is erased: held in memory, in order, and queued when the storage opens;
 * nothing of them is stored before.
 *
 * @module
 */
import type { QueueEntry } from '../queue/index.js';

/** Most records held for consent; past it the oldest go. */
export const MAX_HELD_FOR_CONSENT = 1000;

export interface ConsentHold {
  /** Records held now. */
  readonly length: number;
  /** Holds `entry`; past the limit the oldest goes, counted in one `onOverflow` at the end of the task. */
  hold(entry: QueueEntry): void;
  /** The held records, oldest first; holds nothing after. */
  take(): QueueEntry[];
}

/** `onOverflow` gets the records let go past the limit in one task: one event for them, not one per record. */
export function consentHold(onOverflow: (records: number) => void, limit = MAX_HELD_FOR_CONSENT): ConsentHold {
  let held: QueueEntry[] = [];
  let overflow = 0;
  return {
    get length() {
      return held.length;
    },
    hold(entry) {
      held.push(entry);
      const over = held.length - limit;
      if (over <= 0) return;
      held.splice(0, over);
      if (overflow === 0) {
        queueMicrotask(() => {
          onOverflow(overflow);
          overflow = 0;
        });
      }
      overflow += over;
    },
    take() {
      const taken = held;
      held = [];
      return taken;
    },
  };
}
