/**
 * Queue keys: `<counter in base 36, 11 digits>:<tab id>`. The counter starts from the wall clock in
 * microsecond units and never goes back within a tab, nor below the greatest key already stored,
 * so string order is queue order even across reloads with a clock that moved backwards. The tab id
 * keeps two tabs writing in the same instant from colliding.
 *
 * A counter is drawn at `track()` time (cheap: a comparison and an addition); its string is made
 * later, at the write or at a rescue, and both make the same string from it.
 *
 * @module
 */

const WIDTH = 11;

/**
 * A queue key as the SDK makes it: the counter, then the tab id (8 hex digits, client/storage.ts).
 * The service-worker relay deletes nothing else.
 */
export const QUEUE_KEY = /^[0-9a-z]{11}:[0-9a-f]{8}$/;

/** Sort order of anything keyed by a queue key (or a dead letter's): ascending key, queue order. */
export const byKey = (a: { readonly key: string }, b: { readonly key: string }): number => (a.key < b.key ? -1 : 1);

/** Generates ascending queue keys for one tab. */
export class KeyGenerator {
  #last = 0;
  readonly #tabId: string;

  constructor(tabId: string) {
    this.#tabId = tabId;
  }

  /** Never issue a key at or below `key` (the greatest key already stored). */
  seed(key: string | undefined): void {
    if (key === undefined) return;
    const n = parseInt(key.slice(0, WIDTH), 36);
    if (Number.isFinite(n) && n > this.#last) this.#last = n;
  }

  /** The next counter, given the current time in milliseconds. */
  nextCounter(nowMs: number): number {
    this.#last = Math.max(Math.floor(nowMs) * 1000, this.#last + 1);
    return this.#last;
  }

  /** The key of a counter of this tab. */
  format(counter: number): string {
    return `${counter.toString(36).padStart(WIDTH, '0')}:${this.#tabId}`;
  }

  /** The next key, given the current time in milliseconds. */
  next(nowMs: number): string {
    return this.format(this.nextCounter(nowMs));
  }
}
