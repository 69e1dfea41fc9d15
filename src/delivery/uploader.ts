/**
 * Moves queued records to POST /logs, oldest first, one batch at a time, and deletes a batch from
 * the queue only after the service answered 200 with the success envelope.
 *
 * Two paths share one set of in-flight keys, so no record is ever in two requests of this tab:
 * - {@link Uploader.flush}: serialized drains (a flush called during another waits for it);
 * - {@link Uploader.unload}: one synchronous `fetch(…, { keepalive: true })` when the page is
 *   hidden or unloading, within the browser's 64 KiB keepalive budget.
 *
 * This class wires the parts (the pause is the send gate's, send-gate.ts); each part has its file: the drain (drain.ts)
 * and its answer policy (answer-policy.ts), the unload upload (keepalive.ts), the requests
 * (requests.ts), putting records aside in the dead-letter store (put-aside.ts), and the keys and watches
 * (delivery-keys.ts).
 *
 * @module
 */
import type { DeadLetterStore } from '../queue/index.js';
import { DeadLettering } from './put-aside.js';
import { DeliveryKeys, type DeliveryWatch, type FlushResult } from './delivery-keys.js';
import { drain, type DrainParts } from './drain.js';
import { KeepaliveUploads } from './keepalive.js';
import { LogsRequests, probeLogs } from './requests.js';
import type { UploaderOptions } from './uploader-contract.js';

export class Uploader {
  #chain: Promise<unknown> = Promise.resolve();
  readonly #options: UploaderOptions;
  readonly #keys: DeliveryKeys;
  readonly #requests: LogsRequests;
  readonly #keepalive: KeepaliveUploads;
  readonly #letters: DeadLettering;
  readonly #drainParts: DrainParts;

  constructor(options: UploaderOptions) {
    this.#options = options;
    const keys = (this.#keys = new DeliveryKeys(options));
    options.queue.protect(keys.inFlight);
    const requests = (this.#requests = new LogsRequests(options, keys));
    this.#keepalive = new KeepaliveUploads(options, keys, requests);
    this.#letters = new DeadLettering(options, keys);
    this.#drainParts = { keys, requests, letters: this.#letters, keepalive: this.#keepalive, pause: (error) => options.gate.pause(error) };
  }

  /** The dead-letter store in use (memory after an IndexedDB failure). */
  get deadLetters(): DeadLetterStore {
    return this.#letters.store;
  }

  /** Keys of records in a request right now. */
  get inFlightCount(): number {
    return this.#keys.inFlight.size;
  }

  /**
   * Keys of records as good as delivered that this page may not get to delete: accepted by the
   * service (deletion pending), or in a trusted keepalive upload. What the sent ledger keeps.
   */
  sentKeys(): string[] {
    return this.#keys.sent();
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
      const refused = this.#options.gate.refusesDrain();
      if (refused) throw refused;
      await settled;
      const own = queue.lastKey;
      const upTo = target === undefined || (own !== undefined && own > target) ? own : target;
      await drain(this.#options, this.#drainParts, upTo);
      // What this drain sent, and what another upload delivered while this one waited for it.
      return watch.result(upTo);
    });
    void run.then(watch.stop, watch.stop);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Starts a {@link DeliveryWatch}: give it to {@link flush} to count from before the call. */
  watch(): DeliveryWatch {
    return this.#keys.watch();
  }

  /**
   * Keys handed to the service-worker relay whose outcome this page has not heard: the next page
   * holds them until the worker settled (what the relayed notes keep).
   */
  relayedKeys(): string[] {
    return [...this.#keys.relayed];
  }

  /**
   * The page was shown again after going (`pageshow` after `pagehide`): records of requests the
   * page was cut off from as it went are released, and go with the next upload.
   */
  pageShown(): void {
    this.#requests.pageShown();
  }

  /**
   * Keys of records sent in a request whose answer no page saw: no unload upload takes them, until
   * an upload whose answer a page sees (what the unseen notes keep for the next page). Keys in
   * {@link sentKeys} are left out: the next page deletes those records, and a mark kept for them
   * would be carried from page to page with nothing to lift it.
   */
  unseenKeys(): string[] {
    const sent = new Set(this.#keys.sent());
    return [...this.#keys.unseen].filter((key) => !sent.has(key));
  }

  /** Marks `keys` unseen: the unseen notes earlier pages left. */
  markUnseen(keys: readonly string[]): void {
    this.#keys.markUnseen(keys.map((key) => ({ key })));
  }

  /**
   * Keeps `keys` out of every request until the returned function is called: records another page
   * handed to the relay. A drain that finds nothing else due waits for the release, then sends
   * what the worker did not deliver.
   */
  holdKeys(keys: readonly string[]): () => void {
    return this.#keys.holdKeys(keys);
  }

  /**
   * Asks the service whether it accepts this game's uploads: POST /logs with no records (`{}`;
   * every object name is optional, spec: POST /logs). Nothing is queued, deleted or emitted; the
   * outcome reaches the service health through the transport. Resolves true when accepted; false
   * at once, with no request, while offline or paused (the gate).
   */
  async probe(): Promise<boolean> {
    if (this.#options.gate.refusesProbe()) return false;
    return probeLogs(this.#options.transport, this.#options.compression);
  }

  /**
   * Sends what fits into one keepalive request, synchronously (call it from `visibilitychange`
   * or `pagehide`): at most `keepaliveBudgetBytes` less the bodies of earlier keepalive uploads
   * still in flight. Records stay queued until a 200 is seen. When `trustKeepalive` says so, their
   * keys are in {@link sentKeys} until the request settles, so that the next page deletes them if
   * this one is gone by then; otherwise the next page sends them again (docs/decisions.md,
   * "Delivery: exactly once on reload and close"). Nothing leaves while offline or paused (the gate).
   *
   * @param includeUnstored also send records whose store write has not finished (on `pagehide`).
   */
  unload(includeUnstored: boolean): void {
    if (this.#options.gate.refusesUnloadUpload()) return;
    this.#keepalive.unload(includeUnstored);
  }
}
