/**
 * Moves queued records to POST /logs, oldest first, one batch at a time, and deletes a batch from
 * the queue only after the service answered 200 with the success envelope.
 *
 * Two paths share one set of in-flight keys, so no record is ever in two requests of this tab:
 * - {@link Uploader.flush}: serialized drains (a flush called during another waits for it);
 * - {@link Uploader.unload}: one synchronous `fetch(…, { keepalive: true })` when the page is
 *   hidden or unloading, within the browser's 64 KiB keepalive budget.
 *
 * @module
 */
import { isTpError, pauseReason, NetworkError, StorageError, TpError, type ServiceError } from '../errors/index.js';
import {
  createMemoryDeadLetterStore,
  type DeadLetterReason,
  type DeadLetterStore,
  type EntryRef,
  type QueueEntry,
  type RecordQueue,
  type KeySet,
  type StoredEntry,
} from '../queue/index.js';
import { buildLogsBody, takeBatch } from './batch.js';
import { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
import type { UnloadRelay } from './relay.js';
import type { SendGate } from './send-gate.js';
import type { Transport } from './transport.js';

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

/** Payload of the `dead-letter` event. */
export interface DeadLetterInfo {
  readonly records: number;
  readonly reason: DeadLetterReason;
  /** The failure: the service's `ServiceError`, or a `StorageError` for a corrupt entry. */
  readonly error: TpError;
}

/** Details of one POST /logs request, as it leaves. */
export interface UploadInfo {
  /** Numbers this client's requests; the `delivered` event of the same request carries it too. */
  readonly requestId: number;
  /** The records in the request, in order. Read-only: they are the queue's own objects. */
  readonly entries: ReadonlyArray<Pick<QueueEntry, 'objectName' | 'record'>>;
  /** Body size on the wire, in bytes. */
  readonly bytes: number;
  /** True for the keepalive upload made while the page was hidden or unloading. */
  readonly keepalive: boolean;
  /**
   * True for a keepalive upload that counts as delivered as it leaves: the service had been
   * answering, so its records are not sent again by the next page even if this page never sees
   * the answer (docs/decisions.md, "Delivery: exactly once on reload and close").
   */
  readonly trusted: boolean;
  /** True for an unload upload handed to the service-worker relay (option `serviceWorkerRelay`). */
  readonly relayed: boolean;
}

/** Details of one accepted upload. */
export interface DeliveryInfo {
  /** The `requestId` of its `upload` event. */
  readonly requestId: number;
  /** Records the service accepted (and that left the queue). */
  readonly records: number;
  /** Body size on the wire, in bytes. */
  readonly bytes: number;
  /** True for the keepalive upload made while the page was hidden or unloading. */
  readonly keepalive: boolean;
}

export interface UploaderOptions {
  readonly queue: RecordQueue;
  readonly transport: Transport;
  readonly compression: Compression;
  readonly maxBatchRecords: number;
  /** JSON bytes of one request before compression. */
  readonly maxBatchBytes: number;
  /** Bytes of one request body as sent; a larger encoded batch is split in halves. */
  readonly maxBatchCompressedBytes: number;
  /**
   * Body budget of the keepalive uploads in flight together, in bytes: browsers allow 64 KiB of
   * keepalive bodies in flight per page, and refuse (`TypeError`) a request that would pass it.
   * An upload made while an earlier one is still in flight gets what that one left.
   */
  readonly keepaliveBudgetBytes: number;
  readonly onDelivered: (info: DeliveryInfo) => void;
  /** Where batches the service rejects with 400, and corrupt stored entries, are put aside. */
  readonly deadLetters: DeadLetterStore;
  /** Checks an entry read back from storage; returns what is wrong with it, or undefined. */
  readonly checkEntry: (entry: StoredEntry) => string | undefined;
  readonly onDeadLetter: (info: DeadLetterInfo) => void;
  /** A storage failure of the dead-letter store (it then continues in memory). */
  readonly onStorageError: (error: StorageError) => void;
  /** Milliseconds since the epoch. */
  readonly clock: () => number;
  /**
   * Asked before every request: the tab lock (another tab may have taken over uploading; a queue
   * in memory is this tab's own), the page's unloading (a drain then sends no further batch and
   * fails with a `NetworkError`, its records stay queued: a batch sent now would be cut off with
   * the page, or delivered with its answer never seen, and sent again by the next page), and the
   * pause after a 403 `Invalid TPClientKey` or a 400 about the credential headers.
   */
  readonly gate: Pick<SendGate, 'confirmLeader' | 'unloading' | 'paused' | 'pause' | 'resume'>;
  /** A request is about to be sent. */
  readonly onUpload: (info: UploadInfo) => void;
  /** A keepalive upload failed (nobody awaits it). */
  readonly onBackgroundError: (error: unknown) => void;
  /**
   * Asked as a keepalive upload leaves: true when it may count as delivered (the service has been
   * answering). Its records are then in {@link Uploader.sentKeys} until it settles. @default () => false
   */
  readonly trustKeepalive?: () => boolean;
  /** {@link Uploader.sentKeys} or {@link Uploader.relayedKeys} changed. */
  readonly onSentChange?: () => void;
  /**
   * The service-worker relay, when the page has one ready: the unload upload goes to it instead
   * of a keepalive `fetch` (delivery/relay.ts). @default () => undefined
   */
  readonly relay?: () => UnloadRelay | undefined;
}

/**
 * 400 reasons that are about the request's body as a whole, whatever records it carries: the
 * spec's POST /logs rows, and the reference service's `Invalid Body` (not gzip, UTF-8 or a JSON
 * object). Halving such a batch cannot help; any other 400 reason is taken to be about a record
 * in it, except the rows about the credential headers, which pause uploads ({@link pauseReason}).
 */
const WHOLE_REQUEST_400: ReadonlySet<string> = new Set([
  'Missing Body',
  'Missing Content-Type',
  'Unsupported Content Type',
  'Invalid Body',
]);

export class Uploader {
  #chain: Promise<unknown> = Promise.resolve();
  readonly #inFlight = new Map<string, number>();
  #keepaliveDone: Promise<void> = Promise.resolve();
  #deadLetters: DeadLetterStore;
  #letterSeq = 0;
  #requestSeq = 0;
  /** Unload uploads made so far (keepalive or relayed). */
  #keepalives = 0;
  /** Body bytes of the keepalive uploads still in flight (they share the browser's budget). */
  #keepaliveBytes = 0;
  /** Keys in trusted keepalive uploads not yet settled. */
  readonly #handedOff = new Set<string>();
  /** Keys the service accepted whose deletion has not finished. */
  readonly #accepted = new Set<string>();
  /** Keys handed to the service-worker relay, not yet settled. */
  readonly #relayed = new Set<string>();
  /** Keys another page handed to the relay, held out of every request until it settled ({@link holdKeys}). */
  readonly #heldForRelay = new Set<string>();
  /** Settles once every hold made so far was released. */
  #holdsDone: Promise<void> = Promise.resolve();
  /** What no request may take: the records in flight, and those held for the relay. */
  readonly #unavailable: KeySet;
  /** The outcomes each running watch saw. */
  readonly #watches = new Set<Outcome[]>();

  readonly #options: UploaderOptions;

  constructor(options: UploaderOptions) {
    this.#options = options;
    this.#deadLetters = options.deadLetters;
    options.queue.protect(this.#inFlight);
    const inFlight = this.#inFlight;
    const held = this.#heldForRelay;
    this.#unavailable = {
      has: (key) => inFlight.has(key) || held.has(key),
      get size() {
        return inFlight.size + held.size;
      },
    };
  }

  /** Set after an answer that pauses ({@link pauseReason}): uploads wait for {@link Uploader.resume}. */
  get paused(): ServiceError | undefined {
    return this.#options.gate.paused;
  }

  /**
   * Pauses uploads after an answer that pauses ({@link pauseReason}) seen elsewhere (the first-open
   * update), as one of its own would, and says so through `onPause` (once).
   */
  pause(error: ServiceError): void {
    this.#options.gate.pause(error);
  }

  /** Lets uploads run again (the client key was replaced). */
  resume(): void {
    this.#options.gate.resume();
  }

  /** The dead-letter store in use (memory after an IndexedDB failure). */
  get deadLetters(): DeadLetterStore {
    return this.#deadLetters;
  }

  /** Keys of records in a request right now. */
  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  /**
   * Keys of records as good as delivered that this page may not get to delete: accepted by the
   * service (deletion pending), or in a trusted keepalive upload. What the sent ledger keeps.
   */
  sentKeys(): string[] {
    return [...new Set([...this.#accepted, ...this.#handedOff])];
  }

  /**
   * Uploads every record queued before the call (and, with `target`, every record up to that key,
   * other tabs' included). Resolves when each was accepted by the service or
   * put aside in the dead-letter store (a 400 answer; corrupt in storage). Rejects with the first
   * other failure (`ServiceError`, `NetworkError`, `ProtocolError`), leaving that batch and
   * everything after it queued; while uploads are paused (403 `Invalid TPClientKey`), rejects at
   * once with that error.
   */
  flush(target?: string, watch: DeliveryWatch = this.watch()): Promise<FlushResult> {
    const { queue } = this.#options;
    const settled = queue.settled();
    const run = this.#chain.then(async () => {
      if (this.paused) throw this.paused;
      await settled;
      const own = queue.lastKey;
      const upTo = target === undefined || (own !== undefined && own > target) ? own : target;
      await this.#drain(upTo);
      // What this drain sent, and what another upload delivered while this one waited for it.
      return watch.result(upTo);
    });
    void run.then(watch.stop, watch.stop);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Starts a {@link DeliveryWatch}: give it to {@link flush} to count from before the call. */
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
  #saw(entries: readonly EntryRef[], accepted: boolean): void {
    if (this.#watches.size === 0) return;
    const outcome = { keys: entries.map((e) => e.key), accepted };
    for (const seen of this.#watches) seen.push(outcome);
  }

  /**
   * Keys handed to the service-worker relay whose outcome this page has not heard: the next page
   * holds them until the worker settled (what the relayed notes keep).
   */
  relayedKeys(): string[] {
    return [...this.#relayed];
  }

  /**
   * Keeps `keys` out of every request until the returned function is called: records another page
   * handed to the relay. A drain that finds nothing else due waits for the release, then sends
   * what the worker did not deliver.
   */
  holdKeys(keys: readonly string[]): () => void {
    for (const key of keys) this.#heldForRelay.add(key);
    let released!: () => void;
    const done = new Promise<void>((resolve) => (released = resolve));
    this.#holdsDone = Promise.all([this.#holdsDone, done]).then(() => undefined);
    return () => {
      for (const key of keys) this.#heldForRelay.delete(key);
      released();
    };
  }

  /**
   * Asks the service whether it accepts this game's uploads: POST /logs with no records (`{}`;
   * every object name is optional, spec: POST /logs). Nothing is queued, deleted or emitted; the
   * outcome reaches the service health through the transport. Resolves true when accepted.
   */
  async probe(): Promise<boolean> {
    if (this.paused) return false;
    try {
      await this.#options.transport.postLogs(encodeLogsBody(buildLogsBody([]), this.#options.compression));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Sends what fits into one keepalive request, synchronously (call it from `visibilitychange`
   * or `pagehide`): at most `keepaliveBudgetBytes` less the bodies of earlier keepalive uploads
   * still in flight. Records stay queued until a 200 is seen. When `trustKeepalive` says so, their
   * keys are in {@link sentKeys} until the request settles, so that the next page deletes them if
   * this one is gone by then; otherwise the next page sends them again (docs/decisions.md,
   * "Delivery: exactly once on reload and close").
   *
   * @param includeUnstored also send records whose store write has not finished (on `pagehide`).
   */
  unload(includeUnstored: boolean): void {
    if (this.paused) return;
    const { stored, unstored } = this.#options.queue.unloadSnapshot(this.#unavailable, includeUnstored);
    // Unstored entries already have their keys: after a 200 they are removed too, wherever they are.
    // A corrupt stored entry would sink the whole request (400): it stays for the next drain to put aside.
    let candidates = [...stored.filter((e) => this.#options.checkEntry(e) === undefined), ...unstored];
    const relay = this.#options.relay?.();
    const trusted = !relay && this.#options.trustKeepalive?.() === true;
    // An upload that may be deleted without its answer being seen, or sent by the relay, is an
    // ordinary batch (`maxBatchRecords`, `maxBatchBytes`): a service limit it passed would refuse it
    // whole, with no page there to halve it.
    if (relay || trusted) candidates = takeBatch(candidates, { maxRecords: this.#options.maxBatchRecords, maxBytes: this.#options.maxBatchBytes });
    // The relay is bound by the request's size, not by the browser's keepalive budget.
    const fit = this.#fitBudget(candidates, relay ? this.#options.maxBatchCompressedBytes : this.#options.keepaliveBudgetBytes - this.#keepaliveBytes);
    if (!fit) return;
    const sent = candidates.slice(0, fit.count);
    if (relay) return this.#relay(relay, sent, fit.encoded);
    const { bytes } = fit.encoded;
    this.#keepalives += 1;
    this.#keepaliveBytes += bytes;
    const release = this.#hold(sent);
    if (trusted) this.#note(this.#handedOff, sent, true);
    const done = this.#send(sent, sent, fit.encoded, true, trusted)
      .finally(() => (this.#keepaliveBytes -= bytes))
      .then(({ removal }) => removal)
      .finally(() => {
        release();
        if (trusted) this.#note(this.#handedOff, sent, false);
      })
      .catch((error: unknown) => this.#options.onBackgroundError(error));
    this.#keepaliveDone = Promise.all([this.#keepaliveDone, done]).then(() => undefined);
  }

  /**
   * Hands `sent` to the service-worker relay, synchronously. Their keys are relayed until the worker
   * answers (a page gone before then leaves them to the next, which waits for the worker); an
   * accepted body was deleted by the worker, and leaves this page's counts too.
   */
  #relay(relay: UnloadRelay, sent: readonly StoredEntry[], encoded: EncodedBody): void {
    const requestId = ++this.#requestSeq;
    this.#keepalives += 1; // a drain that read these records before this holds them reads again
    const release = this.#hold(sent);
    this.#note(this.#relayed, sent, true);
    this.#options.onUpload({ requestId, entries: sent, bytes: encoded.bytes, keepalive: true, trusted: false, relayed: true });
    const done = relay
      .send(encoded, sent.map((e) => e.key))
      .then(async (accepted) => {
        if (!accepted) return; // the records stay queued for the next upload
        await this.#options.queue.remove(sent);
        this.#saw(sent, true);
        this.#options.onDelivered({ requestId, records: sent.length, bytes: encoded.bytes, keepalive: true });
      })
      .catch((error: unknown) => this.#options.onBackgroundError(error))
      .finally(() => {
        release();
        this.#note(this.#relayed, sent, false);
      });
    // A drain that finds only these records left waits for the worker's answer, as for a keepalive upload.
    this.#keepaliveDone = Promise.all([this.#keepaliveDone, done]).then(() => undefined);
  }

  /**
   * Sends the due records batch after batch. The deletion of a delivered batch runs while the next
   * one is read, encoded and sent (at most two deletions pending); the drain resolves after every
   * deletion finished, and rejects with the first failure once they settled.
   */
  async #drain(target: string | undefined): Promise<void> {
    const removals: Promise<void>[] = [];
    try {
      await this.#drainBatches(target, removals);
      await Promise.all(removals);
    } catch (error) {
      await Promise.allSettled(removals);
      throw error;
    }
  }

  async #drainBatches(target: string | undefined, removals: Promise<void>[]): Promise<void> {
    const { queue, maxBatchRecords } = this.#options;
    if (target === undefined) return;
    // The first peek of a drain reads the store; the next ones are served from the queue's head
    // until it has nothing due, and then one more read of the store decides that the drain is done.
    let fresh = true;
    /** Settles once every batch of this drain left the in-flight keys. */
    let released: Promise<unknown> = Promise.resolve();
    for (;;) {
      const keepalives = this.#keepalives;
      const peeked = await queue.peek(maxBatchRecords, { fromHead: !fresh, skip: this.#unavailable });
      const due = peeked.filter((e) => e.key <= target);
      let corrupt = 0;
      for (const entry of due) {
        const problem = this.#options.checkEntry(entry);
        if (problem === undefined) continue;
        await this.#putAside([entry], { code: 'corrupt', reason: problem }, new StorageError('read', new Error(`corrupt entry: ${problem}`)));
        corrupt += 1;
      }
      if (corrupt > 0) continue;
      const batch = takeBatch(due, { maxRecords: maxBatchRecords, maxBytes: this.#options.maxBatchBytes });
      if (batch.length === 0) {
        if (!fresh || removals.length > 0) {
          await Promise.all(removals.splice(0));
          fresh = true;
          continue;
        }
        await released;
        // What the store holds is all after `target`, unless records are held for the relay.
        if (this.#inFlight.size === 0 && this.#heldForRelay.size === 0) return;
        await this.#keepaliveDone; // only a keepalive upload or the relay holds records now
        await this.#holdsDone;
        continue;
      }
      fresh = false;
      // The whole batch is in flight from its read until its last part is sent and deleted: a
      // write landing while this waits (the lease, an older deletion) must not evict it, and a
      // keepalive upload made while one half is on the wire must not take the other half (split
      // on a 413).
      const release = this.#hold(batch);
      try {
        if (!(await this.#options.gate.confirmLeader())) throw new TpError('internal', 'another tab has taken over uploading');
        await removals.at(-2);
        if (this.#options.gate.unloading) throw new NetworkError('logs', new Error('the page is being unloaded'));
      } catch (error) {
        release();
        throw error;
      }
      // A keepalive upload (the page was hidden) left since the batch was read: it may have taken,
      // even delivered, some of these records. Read the batch again.
      if (keepalives !== this.#keepalives) {
        release();
        continue;
      }
      const mine = removals.length;
      try {
        await this.#deliver(batch, removals);
      } finally {
        released = Promise.all([released, Promise.allSettled(removals.slice(mine)).then(release)]);
      }
    }
  }

  /**
   * Sends one batch. Split in halves (first half first, so order holds) when its encoded body is
   * over `maxBatchCompressedBytes`, or the service answers 413 or a 400 about the body's content
   * (any reason but {@link WHOLE_REQUEST_400}), down to single records: a record the service
   * refuses does not take the others with it. A single record so answered, or a batch answered a
   * 400 about the whole request, goes to the dead-letter store. A 403 `Invalid TPClientKey`, or a
   * 400 about the credential headers ({@link pauseReason}), pauses uploads; other failures are thrown.
   */
  async #deliver(batch: StoredEntry[], removals: Promise<void>[]): Promise<void> {
    const encoded = encodeLogsBody(buildLogsBody(batch), this.#options.compression);
    if (encoded.bytes > this.#options.maxBatchCompressedBytes && batch.length > 1) return this.#deliverHalves(batch, removals);
    try {
      removals.push((await this.#send(batch, batch, encoded, false)).removal);
    } catch (error) {
      if (!isTpError(error, 'service')) throw error;
      const e = error as ServiceError;
      if (pauseReason(e)) {
        this.pause(e);
        throw e;
      }
      if ((e.status === 413 || (e.status === 400 && !WHOLE_REQUEST_400.has(e.reason))) && batch.length > 1) return this.#deliverHalves(batch, removals);
      if (e.status !== 400 && e.status !== 413) throw e;
      await this.#putAside(batch, { code: 'service', status: e.status, reason: e.reason }, e);
    }
  }

  async #deliverHalves(batch: StoredEntry[], removals: Promise<void>[]): Promise<void> {
    const middle = Math.ceil(batch.length / 2);
    await this.#deliver(batch.slice(0, middle), removals);
    await this.#deliver(batch.slice(middle), removals);
  }

  /** Moves entries to the dead-letter store, then out of the queue (a crash in between keeps both copies). */
  async #putAside(entries: readonly StoredEntry[], reason: DeadLetterReason, error: TpError): Promise<void> {
    const now = this.#options.clock();
    const letter = {
      key: `${now.toString(36).padStart(9, '0')}:${(this.#letterSeq++).toString(36)}:${entries[0]!.key}`,
      at: now,
      reason,
      entries: entries.map(({ objectName, record, enqueuedAt }) => ({ objectName, record, enqueuedAt })),
    };
    try {
      await this.#deadLetters.add(letter);
    } catch (cause) {
      this.#deadLetters = createMemoryDeadLetterStore();
      this.#options.onStorageError(new StorageError('dead-letter', cause));
      await this.#deadLetters.add(letter);
    }
    await this.#options.queue.remove(entries);
    this.#saw(entries, false);
    this.#options.onDeadLetter({ records: entries.length, reason, error });
  }

  /**
   * Puts the keys of `entries` in flight (no read of the queue hands them out, no eviction takes
   * them) and returns what takes them out again. Callers hold their records from before the
   * request until its deletion finished.
   */
  #hold(entries: readonly EntryRef[]): () => void {
    for (const e of entries) this.#inFlight.set(e.key, e.bytes ?? 0);
    return () => {
      for (const e of entries) this.#inFlight.delete(e.key);
    };
  }

  /**
   * Sends `entries`, held in flight by the caller; `stored` are those of them with a queue key.
   * Resolves after the 200 with the deletion of `stored` (`removal`), which then runs (and emits
   * `delivered` when done).
   */
  async #send(stored: readonly StoredEntry[], entries: readonly QueueEntry[], encoded: EncodedBody, keepalive: boolean, trusted = false): Promise<{ removal: Promise<void> }> {
    const requestId = ++this.#requestSeq;
    this.#options.onUpload({ requestId, entries, bytes: encoded.bytes, keepalive, trusted, relayed: false });
    await this.#options.transport.postLogs(encoded, { keepalive });
    // Accepted: as good as delivered until the deletion commits (a page gone before leaves the
    // keys to the next one, through the sent ledger).
    this.#note(this.#accepted, stored, true);
    this.#saw(stored, true);
    const removal = this.#options.queue
      .remove(stored)
      .finally(() => this.#note(this.#accepted, stored, false))
      .then(() => this.#options.onDelivered({ requestId, records: entries.length, bytes: encoded.bytes, keepalive }));
    // Awaited by the drain (or the keepalive chain); this only keeps an early failure from being
    // reported as unhandled before then.
    removal.catch(() => undefined);
    return { removal };
  }

  /** Adds the keys of `entries` to `keys` (or takes them out), and says {@link sentKeys} changed. */
  #note(keys: Set<string>, entries: readonly EntryRef[], add: boolean): void {
    for (const e of entries) {
      if (add) keys.add(e.key);
      else keys.delete(e.key);
    }
    this.#options.onSentChange?.();
  }

  /** The longest prefix of `entries` whose encoded body is at most `budget` bytes. */
  #fitBudget(entries: readonly QueueEntry[], budget: number): { count: number; encoded: EncodedBody } | undefined {
    let count = entries.length;
    while (count > 0) {
      const encoded = encodeLogsBody(buildLogsBody(entries.slice(0, count)), this.#options.compression);
      if (encoded.bytes <= budget) return { count, encoded };
      // Shrink in proportion to the overshoot (records are of similar size), at least by one.
      count = Math.min(count - 1, Math.floor((count * budget) / encoded.bytes));
    }
    return undefined;
  }
}

