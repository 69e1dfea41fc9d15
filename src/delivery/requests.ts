/**
 * The uploader's POST /logs requests: each numbered and announced (`onUpload`); after a 200 its
 * records count as accepted until their deletion from the queue commits, then `onDelivered`. Also
 * the probe, a request with no records.
 *
 * Every request that fits the browser's keepalive budget leaves as a keepalive request, so one on
 * the wire as the page goes finishes by itself; what the page then decides for it (handed off, or
 * marked unseen) is {@link LogsRequests.pageGoing}.
 *
 * @module
 */
import { NetworkError } from '../errors/index.js';
import type { StoredEntry } from '../queue/index.js';
import { buildLogsBody } from './batch.js';
import type { DeliveryKeys } from './delivery-keys.js';
import { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
import type { Transport } from './transport.js';
import type { UploaderOptions, UploadInfo } from './uploader-contract.js';

type RequestOptions = Pick<UploaderOptions, 'queue' | 'transport' | 'onUpload' | 'onDelivered' | 'onBatchJson' | 'onUploadFailed' | 'keepaliveBudgetBytes' | 'gate'>;

/** How a request leaves. */
export interface SendMode {
  /** The unload upload, made as the page is hidden or unloading (the `upload` event's `keepalive`). */
  readonly unload: boolean;
  /** Its records count as delivered as it leaves (the `upload` event's `trusted`). */
  readonly trusted?: boolean;
}

/** A drain's request on the wire, and what the page decided for it as it went. */
interface OnWire {
  readonly entries: readonly StoredEntry[];
  /** Sent with `keepalive: true`: it finishes after the page is gone. */
  readonly keepalive: boolean;
  /** The page went while it was on the wire ({@link LogsRequests.pageGoing} decided for it). */
  decided: boolean;
  /** Handed off as delivered as the page went (the service was answering). */
  handedOff: boolean;
  /** Cuts the request off (the page unloads, and nothing counts on its answer). */
  readonly abort: AbortController | undefined;
  /** The keys this request marked unseen as the page went. */
  unseen: string[];
}

export class LogsRequests {
  #seq = 0;
  /** Body bytes of this page's keepalive requests in flight (they share the browser's budget). */
  #keepaliveBytes = 0;
  /** The drain's requests on the wire (at most one, and the halves of a split). */
  readonly #onWire = new Set<OnWire>();
  /** Releases the keepalive requests the page's unloading cut off from it ({@link pageShown}). */
  #goneWithPage: Array<() => void> = [];
  readonly #options: RequestOptions;
  readonly #keys: DeliveryKeys;

  constructor(options: RequestOptions, keys: DeliveryKeys) {
    this.#options = options;
    this.#keys = keys;
  }

  /** Body bytes of this page's keepalive requests still in flight. */
  get keepaliveBytes(): number {
    return this.#keepaliveBytes;
  }

  /**
   * The page is going (hidden, or `unloading`): each drain request on the wire is handed off as
   * delivered when it finishes by itself (a keepalive request) and `trusted` says the service has
   * been answering; otherwise its records are marked unseen, so that no unload upload sends them
   * again, and, unloading, it is cut off (docs/decisions.md, "Delivery: exactly once on reload
   * and close").
   */
  pageGoing(trusted: boolean, unloading: boolean): void {
    for (const request of this.#onWire) {
      if (!request.decided) {
        request.decided = true;
        if (request.keepalive && trusted) {
          request.handedOff = true;
          this.#keys.note(this.#keys.handedOff, request.entries, true);
        } else {
          request.unseen.push(...this.#keys.markUnseen(request.entries));
        }
      }
      // Unloading, a request not handed off is cut off: its records go again with the next page
      // whatever its answer, so a copy it still delivered would only come twice.
      if (unloading && !request.handedOff) request.abort?.abort();
    }
  }

  /**
   * The page was shown again after going (back from the back/forward cache): the keepalive requests
   * it was cut off from are no longer held, and their records go with the next upload.
   */
  pageShown(): void {
    for (const release of this.#goneWithPage.splice(0)) release();
  }

  /** The next request's `requestId`. */
  nextId(): number {
    return ++this.#seq;
  }

  /** Announces a request as it leaves: the `upload` event, and its JSON to the debug log. */
  announce(info: UploadInfo, encoded: EncodedBody): void {
    this.#options.onUpload(info);
    if (this.#options.onBatchJson && encoded.json !== undefined) this.#options.onBatchJson(info.requestId, encoded.json);
  }

  /**
   * Sends `entries`, held in flight by the caller; the request leaves synchronously (a keepalive
   * upload is made from `pagehide`). It leaves as a keepalive request when its body fits what the
   * keepalive budget has left. Resolves after the 200 with the deletion of `entries` (`removal`),
   * which then runs (and emits `delivered` when done).
   */
  async send(entries: readonly StoredEntry[], encoded: EncodedBody, mode: SendMode): Promise<{ removal: Promise<void> }> {
    const requestId = this.nextId();
    const { unload, trusted = false } = mode;
    // A record an earlier request sent unseen goes in a request the page's going cancels: a copy
    // it still delivered is an answer cut off on the wire, never a third copy whose answer no page saw.
    const unseen = !unload && entries.some((e) => this.#keys.unseen.has(e.key));
    const keepalive = !unseen && encoded.bytes <= this.#options.keepaliveBudgetBytes - this.#keepaliveBytes;
    if (unload && !keepalive) throw new NetworkError('logs', new Error('over the keepalive budget'));
    const abort = typeof AbortController === 'function' ? new AbortController() : undefined;
    const wire: OnWire | undefined = unload ? undefined : { entries, keepalive, decided: false, handedOff: false, unseen: [], abort };
    if (wire) this.#onWire.add(wire);
    if (keepalive) this.#keepaliveBytes += encoded.bytes;
    this.announce({ requestId, entries, bytes: encoded.bytes, keepalive: unload, trusted, relayed: false }, encoded);
    try {
      await this.#options.transport.postLogs(encoded, { keepalive, ...(wire && abort && { signal: abort.signal }) });
    } catch (error) {
      // Unloading, Chromium rejects a keepalive request in the page while the browser still sends
      // it: its records stay held (and handed off, or marked) as the page decided as it went. A
      // page only hidden saw the request fail: its records are free again, and not handed off.
      if (wire?.decided && error instanceof NetworkError && this.#options.gate.state.unloading) {
        this.holdWhileGone(entries, wire.handedOff);
        wire.handedOff = false; // it stays handed off while held
      }
      this.#settled(encoded, keepalive, wire);
      // The service answered: this page saw the outcome, so the marks made as it went are lifted.
      if (wire && !(error instanceof NetworkError)) this.#keys.unmarkUnseen(wire.unseen);
      this.#options.onUploadFailed?.(requestId, error);
      throw error;
    }
    // Accepted: as good as delivered until the deletion commits (a page gone before leaves the
    // keys to the next one, through the sent ledger).
    this.#keys.note(this.#keys.accepted, entries, true);
    this.#settled(encoded, keepalive, wire);
    this.#keys.saw(entries, true);
    const removal = this.#options.queue
      .remove(entries)
      .finally(() => {
        this.#keys.note(this.#keys.accepted, entries, false);
        this.#keys.unmarkUnseen(entries.map((e) => e.key));
      })
      .then(() => this.#options.onDelivered({ requestId, records: entries.length, bytes: encoded.bytes, keepalive: unload }));
    // Awaited by the drain (or the keepalive chain); this only keeps an early failure from being
    // reported as unhandled before then.
    removal.catch(() => undefined);
    return { removal };
  }

  /**
   * Holds `entries`, sent in a request whose answer this page will not see, until the page is
   * shown again ({@link pageShown}); `handedOff`: their keys stay handed off as long.
   */
  holdWhileGone(entries: readonly StoredEntry[], handedOff: boolean): void {
    const release = this.#keys.holdGone(entries.map((e) => e.key));
    this.#goneWithPage.push(() => {
      release();
      if (handedOff) this.#keys.note(this.#keys.handedOff, entries, false);
    });
  }

  /**
   * Sends `entries` through `fetchLater`, synchronously: past a service worker of the game's own,
   * which may keep a request made as the page goes from the network. False where it cannot.
   */
  sendLater(entries: readonly StoredEntry[], encoded: EncodedBody, trusted: boolean): boolean {
    if (!this.#options.transport.postLogsLater(encoded)) return false;
    this.announce({ requestId: this.nextId(), entries, bytes: encoded.bytes, keepalive: true, trusted, relayed: false }, encoded);
    return true;
  }

  /** A request settled: its budget is free, and its records are no longer on the wire. */
  #settled(encoded: EncodedBody, keepalive: boolean, wire: OnWire | undefined): void {
    if (keepalive) this.#keepaliveBytes -= encoded.bytes;
    if (!wire) return;
    this.#onWire.delete(wire);
    if (wire.handedOff) this.#keys.note(this.#keys.handedOff, wire.entries, false);
  }
}

/**
 * Asks the service whether it accepts this game's uploads: POST /logs with no records (`{}`;
 * every object name is optional, spec: POST /logs). Resolves true when accepted.
 */
export async function probeLogs(transport: Transport, compression: Compression): Promise<boolean> {
  try {
    await transport.postLogs(encodeLogsBody(buildLogsBody([]), compression));
    return true;
  } catch {
    return false;
  }
}
