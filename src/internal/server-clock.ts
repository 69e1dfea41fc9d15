/**
 * The service's time, estimated on the device. A player's clock can be hours off (set by hand, a
 * wrong time zone taken for UTC); every offer validity decision uses this clock instead.
 *
 * **Method.** Every answer of the service carries an HTTP `Date` header, with whole seconds: the
 * service's time when it answered was in `[D, D + 1 s)`, and it answered between the moment the
 * request left (`sentAt`, device time) and the moment the answer arrived (`receivedAt`). So the
 * offset (service time − device time) lies in `[D − receivedAt, D + 1 s − sentAt]`. Each answer
 * gives such an interval; the true offset is in all of them, so the clock keeps their intersection
 * and uses its middle. **Error bound**: half the interval's width, at most `(1 s + round trip) / 2`
 * after one answer, and narrower with every answer that cuts it. If a new interval does not meet
 * the kept one, the device clock was changed (or the service's hosts disagree): the clock starts
 * over from the new interval.
 *
 * Without a readable `Date` (a cross-origin service that does not list it in
 * `Access-Control-Expose-Headers`), the newest `create_datetime` of the offers received is a lower
 * bound: the service's time at arrival is at least that. The offset is then the smallest
 * correction that respects it (0 when the device is not behind). Once a `Date` was read, the bound
 * is not used: `Date` is the service's own clock, measured with a known error, while a creation
 * time is a field of a record (written by whatever made the offer) and one wrong value would
 * otherwise move every decision.
 *
 * @module
 */
import type { Clock } from './time.js';

/** What one answer tells about the service's time. */
export interface ClockSample {
  /** The `Date` header of the answer (IMF-fixdate), or null when it was not readable. */
  readonly date: string | null;
  /** Device time when the request left, in milliseconds since the epoch. */
  readonly sentAt: number;
  /** Device time when the answer arrived, in milliseconds since the epoch. */
  readonly receivedAt: number;
}

/** Resolution of the HTTP `Date` header, in milliseconds. */
const DATE_RESOLUTION_MS = 1000;

export class ServerClock {
  readonly #device: Clock;
  /** The offset interval [low, high], in milliseconds; unbounded before any answer with a `Date`. */
  #low = -Infinity;
  #high = Infinity;
  /** Lower bound of the offset from offer creation times. */
  #floor = -Infinity;
  /** The offset an earlier page learned from a `Date` (see {@link restore}); 0 when none. */
  #restored = 0;

  constructor(device: Clock) {
    this.#device = device;
  }

  /** The service's time now, as estimated, in milliseconds since the epoch. */
  now(): number {
    return this.#device() + this.offsetMs;
  }

  /** Service time minus device time, in milliseconds (0 before anything was learned). */
  get offsetMs(): number {
    return Math.round(this.#low === -Infinity ? Math.max(this.#restored, this.#floor) : (this.#low + this.#high) / 2);
  }

  /** {@link offsetMs} when it was learned from an answer's `Date`, else undefined: what is worth saving for a later page. */
  get learnedOffsetMs(): number | undefined {
    return this.#low === -Infinity ? undefined : this.offsetMs;
  }

  /**
   * Starts from an offset an earlier page learned ({@link learnedOffsetMs}, saved with the offers it
   * fetched), while this page has read no `Date`: a game started offline on a device clock hours
   * off still decides in the service's time. The first `Date` read replaces it.
   */
  restore(offsetMs: number | undefined): void {
    if (offsetMs !== undefined) this.#restored = offsetMs;
  }

  /** How far {@link offsetMs} can be from the truth, in milliseconds; `Infinity` when unknown. */
  get errorBoundMs(): number {
    return (this.#high - this.#low) / 2;
  }

  /** Learns from one answer of the service. */
  observe(sample: ClockSample): void {
    const date = Date.parse(sample.date ?? '');
    if (!Number.isFinite(date) || sample.receivedAt < sample.sentAt) return;
    const low = date - sample.receivedAt;
    const high = date + DATE_RESOLUTION_MS - sample.sentAt;
    // The first answer, or one that does not meet the kept interval: start over from it.
    const restart = this.#low === -Infinity || low > this.#high || high < this.#low;
    this.#low = restart ? low : Math.max(this.#low, low);
    this.#high = restart ? high : Math.min(this.#high, high);
  }

  /**
   * Learns that the service's time was at least `serviceMs` when an answer arrived at `receivedAt`
   * (device time): the newest `create_datetime` of one GET /offers answer. Replaces what the
   * previous answer said, so a device clock corrected since then is not held back by it. Used only
   * while no answer's `Date` was read.
   */
  observeAtLeast(serviceMs: number, receivedAt: number = this.#device()): void {
    this.#floor = Number.isFinite(serviceMs) ? serviceMs - receivedAt : -Infinity;
  }
}
