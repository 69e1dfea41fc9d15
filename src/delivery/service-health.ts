/**
 * Whether the service has been accepting uploads, as the pages of one game on this device saw it:
 * the times of the last accepted POST /logs and of the last failure, kept in localStorage so that
 * a page that has not sent anything yet knows what the pages before it saw. It decides whether a
 * keepalive upload, whose answer a page going away never sees, counts as delivered as it leaves
 * (docs/decisions.md, "Delivery: exactly once on reload and close").
 *
 * @module
 */
import { browserValues, type Clock, type LocalValues } from '../internal/index.js';

/**
 * How recent an accepted upload must be for keepalive uploads to count as delivered, in
 * milliseconds (30 minutes): proof that the service is up and takes this game's requests (its
 * CORS answers, its credentials), not a guess.
 */
export const SUCCESS_MEMORY_MS = 1_800_000;

/**
 * How long a failure keeps keepalive uploads from counting as delivered, in milliseconds
 * (5 minutes): a service failing one request in three fails one within minutes of uploads.
 */
export const FAILURE_MEMORY_MS = 300_000;

/** Accepted uploads closer together than this are not written again (localStorage is synchronous). */
const SUCCESS_WRITE_MS = 60_000;

export interface ServiceHealth {
  /** POST /logs was answered with the success envelope. */
  succeeded(): void;
  /** A request got no answer, or POST /logs an answer that is not the success envelope. */
  failed(): void;
  /**
   * True when an upload was accepted in the last {@link SUCCESS_MEMORY_MS}, no failure came after
   * it, and none in the last {@link FAILURE_MEMORY_MS}: seen by any page of the game here.
   */
  answering(): boolean;
  /** True when an upload was accepted in the last {@link SUCCESS_MEMORY_MS} (nothing to find out). */
  known(): boolean;
}

interface Seen {
  /** The last accepted upload, in milliseconds since the epoch. */
  ok: number;
  /** The last failure. */
  failed: number;
}

/**
 * Health kept in memory and, with `key`, in localStorage (shared by the game's pages and tabs), or
 * in `values` (where the client keeps them when localStorage is refused).
 */
export function createServiceHealth(key: string | undefined, clock: Clock, values: LocalValues = browserValues): ServiceHealth {
  const mine: Seen = { ok: -Infinity, failed: -Infinity };
  let written = -Infinity;
  /** What this page saw, with what the game's other pages wrote. */
  const seen = (): Seen => {
    let shared: Partial<Seen> = {};
    try {
      const value = key === undefined ? null : values.getItem(key);
      if (value) shared = JSON.parse(value) as Partial<Seen>;
    } catch {
      // Unreadable or blocked: this page's own view.
    }
    const time = (t: unknown): number => (typeof t === 'number' && Number.isFinite(t) ? t : -Infinity);
    return { ok: Math.max(mine.ok, time(shared.ok)), failed: Math.max(mine.failed, time(shared.failed)) };
  };
  const write = (): void => {
    try {
      if (key !== undefined) values.setItem(key, JSON.stringify(seen()));
    } catch {
      // Blocked or full: this page still remembers it.
    }
  };
  /** `t` is within `ms` of now; a clock moved back puts it in the future, still recent. */
  const within = (t: number, ms: number): boolean => Math.abs(clock() - t) < ms;
  return {
    succeeded() {
      mine.ok = clock();
      if (mine.ok - written < SUCCESS_WRITE_MS && seen().failed < written) return;
      written = mine.ok;
      write();
    },
    failed() {
      mine.failed = clock();
      write();
    },
    answering() {
      const { ok, failed } = seen();
      return within(ok, SUCCESS_MEMORY_MS) && ok > failed && !within(failed, FAILURE_MEMORY_MS);
    },
    known() {
      return within(seen().ok, SUCCESS_MEMORY_MS);
    },
  };
}
