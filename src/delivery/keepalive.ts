/**
 * The unload upload: what fits into one `fetch(…, { keepalive: true })`, sent synchronously when
 * the page is hidden or unloading, within the browser's keepalive budget (64 KiB of bodies in
 * flight per page); or the same records handed to the service-worker relay when the page has one.
 * Whether it counts as delivered as it leaves: docs/decisions.md, "Delivery: exactly once on
 * reload and close".
 *
 * @module
 */
import { NetworkError } from '../errors/index.js';
import { controlledByWorker, hasFetchLater } from '../internal/index.js';
import type { QueueEntry, StoredEntry } from '../queue/index.js';
import { buildLogsBody, takeBatch } from './batch.js';
import type { DeliveryKeys } from './delivery-keys.js';
import { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
import type { UnloadRelay } from './relay.js';
import type { LogsRequests } from './requests.js';
import type { UploaderOptions } from './uploader-contract.js';

type KeepaliveOptions = Pick<
  UploaderOptions,
  | 'queue'
  | 'compression'
  | 'checkEntry'
  | 'maxBatchRecords'
  | 'maxBatchBytes'
  | 'maxBatchCompressedBytes'
  | 'keepaliveBudgetBytes'
  | 'trustKeepalive'
  | 'relay'
  | 'onDelivered'
  | 'onBackgroundError'
  | 'gate'
>;

export class KeepaliveUploads {
  /** Unload uploads made so far (keepalive or relayed). */
  #made = 0;
  #done: Promise<void> = Promise.resolve();
  readonly #options: KeepaliveOptions;
  readonly #keys: DeliveryKeys;
  readonly #requests: LogsRequests;

  constructor(options: KeepaliveOptions, keys: DeliveryKeys, requests: LogsRequests) {
    this.#options = options;
    this.#keys = keys;
    this.#requests = requests;
  }

  /** Unload uploads made so far: a drain that read records before one left reads them again. */
  get made(): number {
    return this.#made;
  }

  /** Settles once every unload upload made so far settled. */
  get done(): Promise<void> {
    return this.#done;
  }

  /**
   * Sends what fits into one keepalive request, synchronously: at most `keepaliveBudgetBytes` less
   * the bodies of keepalive requests still in flight. Records stay queued until a 200 is seen.
   * When `trustKeepalive` says so, their keys are handed off until the request settles; otherwise
   * they are marked unseen, and no later unload upload takes them. The drain's request on the
   * wire is decided the same way ({@link LogsRequests.pageGoing}).
   *
   * @param includeUnstored also send records whose store write has not finished (on `pagehide`).
   */
  unload(includeUnstored: boolean): void {
    const options = this.#options;
    const keys = this.#keys;
    const relay = options.relay?.();
    const answering = !relay && options.trustKeepalive?.() === true;
    // A request made now from a page a worker of the game's own controls passes through that
    // worker, which may keep it from the network: `fetchLater` goes past it, else it is not trusted.
    const foreign = !relay && controlledByWorker();
    const later = foreign && hasFetchLater();
    const trusted = answering && (later || !foreign);
    // The drain's request on the wire left while the page was there: past the worker already.
    this.#requests.pageGoing(answering, includeUnstored);
    const { stored, unstored } = options.queue.unloadSnapshot(keys.unavailable, includeUnstored);
    // Unstored entries already have their keys: after a 200 they are removed too, wherever they are.
    // A corrupt stored entry would sink the whole request (400): it stays for the next drain to put aside.
    // A record an earlier unload upload sent, unseen, waits for an upload whose answer a page sees.
    let candidates = [...stored.filter((e) => !keys.unseen.has(e.key) && options.checkEntry(e) === undefined), ...unstored];
    // An upload that may be deleted without its answer being seen, or sent by the relay, is an
    // ordinary batch (`maxBatchRecords`, `maxBatchBytes`): a service limit it passed would refuse it
    // whole, with no page there to halve it.
    if (relay || trusted) candidates = takeBatch(candidates, { maxRecords: options.maxBatchRecords, maxBytes: options.maxBatchBytes });
    // The relay is bound by the request's size, not by the browser's keepalive budget.
    const budget = relay ? options.maxBatchCompressedBytes : options.keepaliveBudgetBytes - this.#requests.keepaliveBytes;
    const fit = fitBudget(candidates, budget, options.compression);
    if (!fit) return;
    const sent = candidates.slice(0, fit.count);
    if (relay) this.#relay(relay, sent, fit.encoded);
    else if (later && this.#requests.sendLater(sent, fit.encoded, trusted)) this.#later(sent, trusted);
    else this.#keepalive(sent, fit.encoded, trusted && !later);
  }

  /**
   * `sent` left through `fetchLater`, whose answer no page sees. `trusted`: it counts as delivered,
   * and leaves the queue (handed off until the deletion commits, for a page gone before). Else its
   * records are marked unseen; unloading, they are held out of this page's requests while it is
   * gone; a page only hidden sends them again in an upload whose answer it sees.
   */
  #later(sent: readonly StoredEntry[], trusted: boolean): void {
    const keys = this.#keys;
    this.#made += 1;
    if (!trusted) {
      keys.markUnseen(sent);
      if (this.#options.gate.state.unloading) this.#requests.holdWhileGone(sent, false);
      return;
    }
    const release = keys.hold(sent);
    keys.note(keys.handedOff, sent, true);
    const done = this.#options.queue
      .remove(sent)
      .catch((error: unknown) => this.#options.onBackgroundError(error))
      .finally(() => {
        release();
        keys.note(keys.handedOff, sent, false);
      });
    this.#track(done);
  }

  /**
   * Sends `sent` in a keepalive `fetch`; `trusted`: its keys are handed off until it settles,
   * else marked unseen until this page sees an answer.
   */
  #keepalive(sent: readonly StoredEntry[], encoded: EncodedBody, trusted: boolean): void {
    const keys = this.#keys;
    this.#made += 1;
    const release = keys.hold(sent);
    if (trusted) keys.note(keys.handedOff, sent, true);
    const unseen = trusted ? [] : keys.markUnseen(sent);
    /** Rejected in the page as it unloads, while the browser still sends it. */
    let gone = false;
    const done = this.#requests
      .send(sent, encoded, { unload: true, trusted })
      .then(({ removal }) => removal)
      .catch((error: unknown) => {
        // The service answered: its outcome was seen here after all.
        if (!(error instanceof NetworkError)) keys.unmarkUnseen(unseen);
        // Unloading, Chromium rejects the request in the page and sends it still: its records stay
        // held, and handed off when trusted, as the drain's request on the wire (requests.ts).
        else if (this.#options.gate.state.unloading) {
          gone = true;
          this.#requests.holdWhileGone(sent, trusted);
        }
        throw error;
      })
      .finally(() => {
        release();
        if (trusted && !gone) keys.note(keys.handedOff, sent, false);
      })
      .catch((error: unknown) => this.#options.onBackgroundError(error));
    this.#track(done);
  }

  /**
   * Hands `sent` to the service-worker relay, synchronously. Their keys are relayed until the worker
   * answers (a page gone before then leaves them to the next, which waits for the worker); an
   * accepted body was deleted by the worker, and leaves this page's counts too.
   */
  #relay(relay: UnloadRelay, sent: readonly StoredEntry[], encoded: EncodedBody): void {
    const keys = this.#keys;
    const options = this.#options;
    const requestId = this.#requests.nextId();
    this.#made += 1; // a drain that read these records before this holds them reads again
    const release = keys.hold(sent);
    keys.note(keys.relayed, sent, true);
    this.#requests.announce({ requestId, entries: sent, bytes: encoded.bytes, keepalive: true, trusted: false, relayed: true }, encoded);
    const done = relay
      .send(encoded, sent.map((e) => e.key))
      .then(async (accepted) => {
        if (!accepted) return; // the records stay queued for the next upload
        await options.queue.remove(sent);
        keys.saw(sent, true);
        options.onDelivered({ requestId, records: sent.length, bytes: encoded.bytes, keepalive: true });
      })
      .catch((error: unknown) => options.onBackgroundError(error))
      .finally(() => {
        release();
        keys.note(keys.relayed, sent, false);
      });
    // A drain that finds only these records left waits for the worker's answer, as for a keepalive upload.
    this.#track(done);
  }

  #track(upload: Promise<void>): void {
    this.#done = Promise.all([this.#done, upload]).then(() => undefined);
  }
}

/**
 * A prefix of `entries` whose encoded body is at most `budget` bytes, with that body; undefined
 * when none was found. It shrinks from the whole list in proportion to each overshoot, so with
 * records of equal size it is the longest prefix that fits; with records of mixed sizes it may
 * stop a few records short of it, or find none though the first record alone would fit.
 */
export function fitBudget(entries: readonly QueueEntry[], budget: number, compression: Compression): { count: number; encoded: EncodedBody } | undefined {
  let count = entries.length;
  while (count > 0) {
    const encoded = encodeLogsBody(buildLogsBody(entries.slice(0, count)), compression);
    if (encoded.bytes <= budget) return { count, encoded };
    // Shrink in proportion to the overshoot (records are of similar size), at least by one.
    count = Math.min(count - 1, Math.floor((count * budget) / encoded.bytes));
  }
  return undefined;
}
