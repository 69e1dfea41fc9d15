/**
 * The uploader's bookkeeping of queue keys: which records no request may take (in flight, or held
 * for another page's relay); which are as good as delivered though still queued (accepted,
 * handed off in a trusted keepalive upload, handed to the relay), what the sent ledger and the
 * relayed notes keep so that the next page neither loses nor resends them; and the watches that
 * count what was delivered and put aside, for `flush()`.
 *
 * @module
 */
import type { EntryRef, KeySet } from '../queue/index.js';
import type { UploaderOptions } from './uploader-contract.js';

/** What one `flush()` did. */
export interface FlushResult {
  /** Records the service accepted during this flush. */
  readonly records: number;
  /** Accepted requests. */
  readonly batches: number;
  /** Records put aside in the dead-letter store (a 400 answer, or corrupt in storage). */
  readonly deadLettered: number;
}

/**
 * Counts what this tab delivers and puts aside from the moment it was made: the result of a
 * `flush()`, which includes what an upload already running when it was called delivered.
 */
export interface DeliveryWatch {
  /** What was accepted or put aside since the watch began, of the records keyed up to `target`. */
  result(target: string | undefined): FlushResult;
  /** Stops counting. */
  stop(): void;
}

/** One accepted request (`accepted`), or one batch put aside, as a watch saw it. */
interface Outcome {
  readonly keys: readonly string[];
  readonly accepted: boolean;
}

export class DeliveryKeys {
  /** Keys of records in a request right now, with their bytes (the queue's eviction leaves them alone). */
  readonly inFlight = new Map<string, number>();
  /** Keys the service accepted whose deletion has not finished. */
  readonly accepted = new Set<string>();
  /** Keys in trusted keepalive uploads not yet settled. */
  readonly handedOff = new Set<string>();
  /** Keys handed to the service-worker relay, not yet settled. */
  readonly relayed = new Set<string>();
  /**
   * Keys of records that left in a request whose answer no page saw (an unload upload not trusted,
   * or a request on the wire as the page went): they may have reached the service, so no unload
   * upload takes them again; they wait for an upload whose answer a page sees. Kept across pages
   * in the unseen notes.
   */
  readonly unseen = new Set<string>();
  /** Keys another page handed to the relay, held out of every request until it settled ({@link holdKeys}). */
  readonly #held = new Set<string>();
  /**
   * Keys of requests whose answer this page, going away, will not see ({@link holdGone}): out of
   * every request, but no drain waits for them.
   */
  readonly #gone = new Set<string>();
  /** Settles once every hold made so far was released. */
  #holdsDone: Promise<void> = Promise.resolve();
  /** What no request may take: the records in flight, and those held for the relay. */
  readonly unavailable: KeySet;
  /** The outcomes each running watch saw. */
  readonly #watches = new Set<Outcome[]>();
  readonly #options: Pick<UploaderOptions, 'onSentChange'>;

  constructor(options: Pick<UploaderOptions, 'onSentChange'>) {
    this.#options = options;
    const inFlight = this.inFlight;
    const held = this.#held;
    const gone = this.#gone;
    this.unavailable = {
      has: (key) => inFlight.has(key) || held.has(key) || gone.has(key),
      get size() {
        return inFlight.size + held.size + gone.size;
      },
    };
  }

  /** True when no record is in flight and none is held for the relay. */
  get idle(): boolean {
    return this.inFlight.size === 0 && this.#held.size === 0;
  }

  /** Settles once every hold made so far ({@link holdKeys}) was released. */
  get holdsDone(): Promise<void> {
    return this.#holdsDone;
  }

  /**
   * Puts the keys of `entries` in flight (no read of the queue hands them out, no eviction takes
   * them) and returns what takes them out again. Callers hold their records from before the
   * request until its deletion finished.
   */
  hold(entries: readonly EntryRef[]): () => void {
    for (const e of entries) this.inFlight.set(e.key, e.bytes ?? 0);
    return () => {
      for (const e of entries) this.inFlight.delete(e.key);
    };
  }

  /** Adds the keys of `entries` to `keys` (or takes them out), and says so through `onSentChange`. */
  note(keys: Set<string>, entries: readonly EntryRef[], add: boolean): void {
    for (const e of entries) {
      if (add) keys.add(e.key);
      else keys.delete(e.key);
    }
    this.#options.onSentChange?.();
  }

  /**
   * Marks the keys of `entries` as sent with an answer no page may see; returns the keys it marked
   * (those not marked before), to unmark if this page does see the answer after all.
   */
  markUnseen(entries: readonly EntryRef[]): string[] {
    const marked = entries.map((e) => e.key).filter((key) => !this.unseen.has(key));
    for (const key of marked) this.unseen.add(key);
    if (marked.length > 0) this.#options.onSentChange?.();
    return marked;
  }

  /** Takes `keys` out of the unseen marks: the service answered for them, or they left the queue. */
  unmarkUnseen(keys: readonly string[]): void {
    let changed = false;
    for (const key of keys) changed = this.unseen.delete(key) || changed;
    if (changed) this.#options.onSentChange?.();
  }

  /** Keys accepted (deletion pending) or in a trusted keepalive upload: what the sent ledger keeps. */
  sent(): string[] {
    return [...new Set([...this.accepted, ...this.handedOff])];
  }

  /**
   * Keeps `keys` out of every request until the returned function is called, without making a
   * drain wait for them: records of a request the page going away will not hear the answer of.
   */
  holdGone(keys: readonly string[]): () => void {
    for (const key of keys) this.#gone.add(key);
    return () => {
      for (const key of keys) this.#gone.delete(key);
    };
  }

  /** Keeps `keys` out of every request until the returned function is called. */
  holdKeys(keys: readonly string[]): () => void {
    for (const key of keys) this.#held.add(key);
    let released!: () => void;
    const done = new Promise<void>((resolve) => (released = resolve));
    this.#holdsDone = Promise.all([this.#holdsDone, done]).then(() => undefined);
    return () => {
      for (const key of keys) this.#held.delete(key);
      released();
    };
  }

  /** Starts a {@link DeliveryWatch}. */
  watch(): DeliveryWatch {
    const seen: Outcome[] = [];
    this.#watches.add(seen);
    return {
      result(target) {
        const total = { records: 0, batches: 0, deadLettered: 0 };
        if (target === undefined) return total;
        for (const { keys, accepted } of seen) {
          const due = keys.filter((k) => k <= target).length;
          if (accepted) {
            total.records += due;
            if (due > 0) total.batches += 1;
          } else total.deadLettered += due;
        }
        return total;
      },
      stop: () => void this.#watches.delete(seen),
    };
  }

  /** Tells the running watches of an accepted request, or of a batch put aside. */
  saw(entries: readonly EntryRef[], accepted: boolean): void {
    if (this.#watches.size === 0) return;
    const outcome = { keys: entries.map((e) => e.key), accepted };
    for (const seen of this.#watches) seen.push(outcome);
  }
}
