/**
 * The drain: sends the due records oldest first, batch after batch, and applies the answer policy
 * (delivery/answer-policy.ts) to each: deliver, halve, put aside, pause, or keep it queued. A batch
 * leaves the queue only after the service accepted it or it was put aside.
 *
 * @module
 */
import { StorageError, TpError, type ServiceError } from '../errors/index.js';
import { slices, type Slices } from '../internal/index.js';
import type { StoredEntry } from '../queue/index.js';
import { answerAction } from './answer-policy.js';
import { buildLogsBody, takeBatch } from './batch.js';
import type { DeadLettering } from './put-aside.js';
import type { DeliveryKeys } from './delivery-keys.js';
import { encodeLogsBodyInSlices } from './encode.js';
import type { KeepaliveUploads } from './keepalive.js';
import type { LogsRequests } from './requests.js';
import type { UploaderOptions } from './uploader-contract.js';

type DrainOptions = Pick<
  UploaderOptions,
  'queue' | 'compression' | 'maxBatchRecords' | 'maxBatchBytes' | 'maxBatchCompressedBytes' | 'checkEntry' | 'gate' | 'onBatchJson'
>;

/** The uploader's parts a drain uses. */
export interface DrainParts {
  readonly keys: DeliveryKeys;
  readonly requests: LogsRequests;
  readonly letters: DeadLettering;
  readonly keepalive: Pick<KeepaliveUploads, 'made' | 'done'>;
  /** Pauses uploads (the answer policy said `pause`). */
  readonly pause: (error: ServiceError) => void;
}

/**
 * Sends the due records keyed up to `target` batch after batch. The deletion of a delivered batch
 * runs while the next one is read, encoded and sent (at most two deletions pending); resolves
 * after every deletion finished, and rejects with the first failure once they settled.
 */
export function drain(options: DrainOptions, parts: DrainParts, target: string | undefined): Promise<void> {
  return new Drain(options, parts).run(target);
}

/** One drain's state: the deletions it started, and the batches it holds in flight. */
class Drain {
  /** Deletions of delivered batches, not yet awaited. */
  readonly #removals: Promise<void>[] = [];
  /**
   * The next peek reads the store. The first peek of a drain does; the next ones are served from
   * the queue's head until it has nothing due, and then one more read of the store decides that
   * the drain is done.
   */
  #fresh = true;
  /** Settles once every batch of this drain left the in-flight keys. */
  #released: Promise<unknown> = Promise.resolve();
  /** The drain's work (checks, JSON, gzip) runs in slices that leave the game its frames. */
  readonly #slices: Slices = slices();
  readonly #options: DrainOptions;
  readonly #parts: DrainParts;

  constructor(options: DrainOptions, parts: DrainParts) {
    this.#options = options;
    this.#parts = parts;
  }

  async run(target: string | undefined): Promise<void> {
    try {
      if (target !== undefined) await this.#batches(target);
      await Promise.all(this.#removals);
    } catch (error) {
      await Promise.allSettled(this.#removals);
      throw error;
    }
  }

  async #batches(target: string): Promise<void> {
    const { queue, maxBatchRecords, maxBatchBytes } = this.#options;
    const { keys, keepalive } = this.#parts;
    for (;;) {
      const made = keepalive.made;
      const peeked = await queue.peek(maxBatchRecords, { fromHead: !this.#fresh, skip: keys.unavailable });
      const due = peeked.filter((e) => e.key <= target);
      let corrupt = 0;
      for (const entry of due) {
        if (this.#slices.due()) await this.#slices.pause();
        const problem = this.#options.checkEntry(entry);
        if (problem === undefined) continue;
        await this.#parts.letters.putAside([entry], { code: 'corrupt', reason: problem }, new StorageError('read', new Error(`corrupt entry: ${problem}`)));
        corrupt += 1;
      }
      if (corrupt > 0) continue;
      const batch = takeBatch(due, { maxRecords: maxBatchRecords, maxBytes: maxBatchBytes });
      if (batch.length === 0) {
        if (await this.#nothingDue()) return;
        continue;
      }
      this.#fresh = false;
      // The whole batch is in flight from its read until its last part is sent and deleted: a
      // write landing while this waits (the lease, an older deletion) must not evict it, and a
      // keepalive upload made while one half is on the wire must not take the other half (split
      // on a 413).
      const release = keys.hold(batch);
      await this.#confirm(release);
      // A keepalive upload (the page was hidden) left since the batch was read: it may have taken,
      // even delivered, some of these records. Read the batch again.
      if (made !== keepalive.made) {
        release();
        continue;
      }
      const mine = this.#removals.length;
      try {
        await this.#deliver(batch);
      } finally {
        this.#released = Promise.all([this.#released, Promise.allSettled(this.#removals.slice(mine)).then(release)]);
      }
    }
  }

  /**
   * Nothing due in what was read: reads the store again after the pending deletions, or, when
   * that read found nothing, waits for records in flight or held for the relay. True when the
   * drain is done.
   */
  async #nothingDue(): Promise<boolean> {
    const { keys, keepalive } = this.#parts;
    if (!this.#fresh || this.#removals.length > 0) {
      await Promise.all(this.#removals.splice(0));
      this.#fresh = true;
      return false;
    }
    await this.#released;
    // What the store holds is all after `target`, unless records are held for the relay.
    if (keys.idle) return true;
    await keepalive.done; // only a keepalive upload or the relay holds records now
    await keys.holdsDone;
    return false;
  }

  /**
   * Checks, with the batch held, that it may leave now: consent holds, this tab still uploads, the
   * older deletion finished, the page is not being unloaded. Otherwise releases it and throws.
   */
  async #confirm(release: () => void): Promise<void> {
    try {
      this.#mayLeave();
      if (!(await this.#options.gate.confirmLeader())) throw new TpError('internal', 'another tab has taken over uploading');
      await this.#removals.at(-2);
      this.#mayLeave();
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Throws what the gate refuses the next batch with: consent was withdrawn (or the data is being erased), or the page is being unloaded. */
  #mayLeave(): void {
    const refused = this.#options.gate.refusesBatch();
    if (refused) throw refused;
  }

  /**
   * Sends one batch, and applies the answer policy to what came back. A batch whose encoded body
   * is over `maxBatchCompressedBytes` is halved before it is sent.
   */
  async #deliver(batch: StoredEntry[]): Promise<void> {
    const { compression, maxBatchCompressedBytes, onBatchJson } = this.#options;
    // The JSON is kept for the debug log only: without it, nothing more is held or joined.
    const encoded = await encodeLogsBodyInSlices(buildLogsBody(batch), compression, this.#slices, onBatchJson !== undefined);
    if (encoded.bytes > maxBatchCompressedBytes && batch.length > 1) return this.#deliverHalves(batch);
    this.#mayLeave(); // the page, or consent, may have gone while the body was made
    let failure: { error: unknown } | undefined;
    try {
      this.#removals.push((await this.#parts.requests.send(batch, encoded, { unload: false })).removal);
    } catch (error) {
      failure = { error };
    }
    const error = failure?.error as ServiceError;
    switch (answerAction(failure, batch.length)) {
      case 'deliver':
        return;
      case 'split':
        return this.#deliverHalves(batch);
      case 'dead-letter':
        return this.#parts.letters.putAside(batch, { code: 'service', status: error.status, reason: error.reason }, error);
      case 'pause':
        this.#parts.pause(error);
        throw error;
      case 'retry':
        throw failure!.error;
    }
  }

  /** Sends the first half, then the second (order holds). */
  async #deliverHalves(batch: StoredEntry[]): Promise<void> {
    const middle = Math.ceil(batch.length / 2);
    await this.#deliver(batch.slice(0, middle));
    await this.#deliver(batch.slice(middle));
  }
}
