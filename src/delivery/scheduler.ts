/**
 * When background uploads run: on the flush timer, when the queue reaches `flushAt`, at start,
 * and at once when the browser comes back online (cutting short a backoff wait, not a
 * `Retry-After`). After a retryable failure (no answer, time-out,
 * 5xx, 408, 429, a 200 that is not the envelope) it waits `Retry-After` (when above 0) or the
 * backoff schedule, then retries; timer ticks in between do not hammer the service. After any
 * other failure (a 404 from a wrong `baseUrl`, a 401, a storage error) it waits the same way but
 * does not retry by itself: the next timer tick or threshold tries again. It does nothing while
 * offline, while uploads are paused (403), while the page is being unloaded, or with nothing queued.
 * A pass left without an answer by the page's unloading is not a failure (no `onFailure`, no backoff).
 *
 * @module
 */
import { isTpError, NetworkError, toTpError, type TpError } from '../errors/index.js';
import { backoffDelay, type RetryPolicy } from './backoff.js';
import type { SendGate } from './send-gate.js';

export interface SchedulerOptions {
  /** One upload pass (the uploader's flush). */
  readonly run: () => Promise<unknown>;
  readonly policy: RetryPolicy;
  /**
   * May a request start now: no background pass without consent, while offline, paused, or
   * unloading (after `pagehide`, until a `pageshow` brings the page back: a request started then is
   * cut off with the page, or reaches the service with its answer never seen and is sent again by
   * the next page; only the keepalive upload goes); no `flushNow` while offline; no retry scheduled
   * while paused.
   */
  readonly gate: Pick<SendGate, 'refusesBackgroundPass' | 'refusesFlush' | 'refusesRetry' | 'state'>;
  /** Whether there is anything to upload. */
  readonly hasWork: () => boolean;
  /**
   * A background attempt failed and no retry is scheduled (`retryInMs` undefined), or one is and
   * `onWillRetry` is not given.
   */
  readonly onFailure: (error: TpError, retryInMs: number | undefined) => void;
  /** A background attempt failed with a transient failure, and a retry is scheduled. */
  readonly onWillRetry?: (info: RetryInfo) => void;
  /** A retry attempt is starting. */
  readonly onRetry: () => void;
  /** Returns a number in [0, 1). @default Math.random */
  readonly random?: () => number;
  /**
   * False: uploads are the game's to start (`flushIntervalMs: 0`), so a failed `flushNow` schedules
   * no retry; the next `flushNow` tries again. @default true
   */
  readonly automatic?: boolean;
}

/** Payload of the `retry` event: a transient failure the SDK retries by itself. */
export interface RetryInfo {
  /**
   * The failure: a `NetworkError` (no answer, time-out), a `ServiceError` worth retrying (5xx,
   * 408, 429) or a `ProtocolError`. `error.endpoint` names the request.
   */
  readonly error: TpError;
  /** Failed attempts in a row, this one included (1 after the first). */
  readonly attempt: number;
  /**
   * Milliseconds until the next attempt (`Retry-After`, else the backoff schedule); undefined for
   * a keepalive upload, whose records go with the next upload.
   */
  readonly delayMs: number | undefined;
}

/** What set off a background upload. */
export type Trigger = 'timer' | 'threshold' | 'start' | 'online' | 'retry';

export class UploadScheduler {
  readonly #options: SchedulerOptions;
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<unknown> | undefined;
  /** A kick came while a pass ran: what it asked for may have come after that pass read its work. */
  #again = false;
  #stopped = false;
  /** The waiting retry's delay came from the service (`Retry-After`): coming online does not cut it. */
  #serviceAsked = false;

  constructor(options: SchedulerOptions) {
    this.#options = options;
  }

  /** Consecutive failed attempts (0 after a success). */
  get failures(): number {
    return this.#failures;
  }

  /** True while a retry is waiting for its time. */
  get waiting(): boolean {
    return this.#retryTimer !== undefined;
  }

  /**
   * Starts a background upload now, unless one of the reasons to wait holds; returns whether it
   * started one.
   */
  kick(trigger: Trigger): boolean {
    const o = this.#options;
    if (this.#stopped || o.gate.refusesBackgroundPass() !== undefined || !o.hasWork()) return false;
    // A waiting retry is not cut short by the timer or the threshold; coming online is news,
    // unless the service said when to come back.
    if (this.#retryTimer !== undefined && trigger !== 'retry' && (trigger !== 'online' || this.#serviceAsked)) return false;
    if (this.#running) {
      // Run again once this pass ends (records tracked, or a first open made, during it).
      this.#again = true;
      return false;
    }
    this.#clearRetry();
    void this.#attempt(true).catch(() => undefined);
    return true;
  }

  /**
   * An explicit upload (`flush()`, or `run` in its place): runs now even while a retry waits,
   * rejects to the caller instead of emitting, and updates the backoff like a background attempt.
   * Rejects with a `NetworkError` at once while offline.
   */
  flushNow<T>(run: () => Promise<T> = this.#options.run as () => Promise<T>): Promise<T> {
    const refused = this.#options.gate.refusesFlush();
    if (refused) return Promise.reject(refused);
    this.#clearRetry();
    return this.#attempt(false, run) as Promise<T>;
  }

  /** Settles once no pass runs (a pass's failure is its caller's: this never rejects). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running.catch(() => undefined);
  }

  /** Stops scheduling (shutdown). */
  stop(): void {
    this.#stopped = true;
    this.#clearRetry();
  }

  #attempt(background: boolean, pass: () => Promise<unknown> = this.#options.run): Promise<unknown> {
    const run = (this.#running ?? Promise.resolve()).then(pass);
    const tracked = run.then(
      () => {
        this.#failures = 0;
      },
      (error: unknown) => {
        const e = toTpError(error);
        // No answer while the page is being unloaded: the page cut the pass short (or the drain
        // stopped before its next batch). That is not a failure of the service: nothing is counted
        // or reported, and no retry waits, so the page shown again uploads at once.
        if (e instanceof NetworkError && this.#options.gate.state.unloading) return;
        // Consent withdrawn, or the data erased, during the pass: nothing failed.
        if (isTpError(e, 'consent')) return;
        const retryInMs = this.#scheduleRetry(e);
        if (!background) return;
        if (retryInMs !== undefined && this.#options.onWillRetry) this.#options.onWillRetry({ error: e, attempt: this.#failures, delayMs: retryInMs });
        else this.#options.onFailure(e, retryInMs);
      },
    );
    this.#running = tracked;
    void tracked.finally(() => {
      if (this.#running !== tracked) return;
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick('threshold');
      }
    });
    return run;
  }

  /**
   * Waits before the next background attempt: `Retry-After` when above 0 (a `0`, or a date already
   * past, would retry at once, again and again), else the backoff schedule. A retryable failure is
   * retried when the wait ends; any other only holds background passes back until then. Returns
   * the wait of a scheduled retry (undefined: none).
   */
  #scheduleRetry(error: TpError): number | undefined {
    if (this.#stopped || this.#options.gate.refusesRetry() !== undefined || this.#options.automatic === false) return undefined;
    const retryable = (error as { retryable?: boolean }).retryable === true;
    const retryAfter = (error as { retryAfterMs?: number }).retryAfterMs;
    const delay = retryAfter || backoffDelay(this.#failures, this.#options.policy, this.#options.random);
    this.#failures += 1;
    this.#clearRetry();
    this.#serviceAsked = Boolean(retryAfter);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      // Counted only when an attempt starts (not while offline, or with another pass running).
      if (retryable && this.kick('retry')) this.#options.onRetry();
    }, delay);
    return retryable ? delay : undefined;
  }

  #clearRetry(): void {
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }
}
