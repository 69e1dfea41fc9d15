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

/** The service's time, as this device estimates it (see the module comment). */
export interface ServerClock {
  /** The service's time now, as estimated, in milliseconds since the epoch. */
  now(): number;
  /** Service time minus device time, in milliseconds (0 before anything was learned). */
  readonly offsetMs: number;
  /** {@link offsetMs} when it was learned from an answer's `Date`, else undefined: what is worth saving for a later page. */
  readonly learnedOffsetMs: number | undefined;
  /**
   * Starts from an offset an earlier page learned ({@link learnedOffsetMs}, saved with the offers it
   * fetched), while this page has read no `Date`: a game started offline on a device clock hours
   * off still decides in the service's time. The first `Date` read replaces it.
   */
  restore(offsetMs: number | undefined): void;
  /** How far {@link offsetMs} can be from the truth, in milliseconds; `Infinity` when unknown. */
  readonly errorBoundMs: number;
  /** Learns from one answer of the service. */
  observe(sample: ClockSample): void;
  /**
   * Learns that the service's time was at least `serviceMs` when an answer arrived at `receivedAt`
   * (device time): the newest `create_datetime` of one GET /offers answer. Replaces what the
   * previous answer said, so a device clock corrected since then is not held back by it. Used only
   * while no answer's `Date` was read.
   */
  observeAtLeast(serviceMs: number, receivedAt?: number): void;
}

/** A {@link ServerClock} reading the device's time from `device`; it knows nothing yet. */
export function createServerClock(device: Clock): ServerClock {
  /** The offset interval [low, high], in milliseconds; unbounded before any answer with a `Date`. */
  let low = -Infinity;
  let high = Infinity;
  /** Lower bound of the offset from offer creation times. */
  let floor = -Infinity;
  /** The offset an earlier page learned from a `Date` (see `restore`); 0 when none. */
  let restored = 0;
  const offsetMs = (): number => Math.round(low === -Infinity ? Math.max(restored, floor) : (low + high) / 2);
  return {
    now: () => device() + offsetMs(),
    get offsetMs() {
      return offsetMs();
    },
    get learnedOffsetMs() {
      return low === -Infinity ? undefined : offsetMs();
    },
    restore(offsetMs) {
      if (offsetMs !== undefined) restored = offsetMs;
    },
    get errorBoundMs() {
      return (high - low) / 2;
    },
    observe(sample) {
      const date = Date.parse(sample.date ?? '');
      if (!Number.isFinite(date) || sample.receivedAt < sample.sentAt) return;
      const answerLow = date - sample.receivedAt;
      const answerHigh = date + DATE_RESOLUTION_MS - sample.sentAt;
      // The first answer, or one that does not meet the kept interval: start over from it.
      const restart = low === -Infinity || answerLow > high || answerHigh < low;
      low = restart ? answerLow : Math.max(low, answerLow);
      high = restart ? answerHigh : Math.min(high, answerHigh);
    },
    observeAtLeast(serviceMs, receivedAt = device()) {
      floor = Number.isFinite(serviceMs) ? serviceMs - receivedAt : -Infinity;
    },
  };
}
