/**
 * The uploader's POST /logs requests: each numbered and announced (`onUpload`); after a 200 its
 * records count as accepted until their deletion from the queue commits, then `onDelivered`. Also
 * the probe, a request with no records.
 *
 * @module
 */
import type { StoredEntry } from '../queue/index.js';
import { buildLogsBody } from './batch.js';
import type { DeliveryKeys } from './delivery-keys.js';
import { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
import type { Transport } from './transport.js';
import type { UploaderOptions, UploadInfo } from './uploader-contract.js';

type RequestOptions = Pick<UploaderOptions, 'queue' | 'transport' | 'onUpload' | 'onDelivered' | 'onBatchJson' | 'onUploadFailed'>;

export class LogsRequests {
  #seq = 0;
  readonly #options: RequestOptions;
  readonly #keys: DeliveryKeys;

  constructor(options: RequestOptions, keys: DeliveryKeys) {
    this.#options = options;
    this.#keys = keys;
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
   * upload is made from `pagehide`). Resolves after the 200 with the deletion of `entries`
   * (`removal`), which then runs (and emits `delivered` when done).
   */
  async send(entries: readonly StoredEntry[], encoded: EncodedBody, keepalive: boolean, trusted = false): Promise<{ removal: Promise<void> }> {
    const requestId = this.nextId();
    this.announce({ requestId, entries, bytes: encoded.bytes, keepalive, trusted, relayed: false }, encoded);
    try {
      await this.#options.transport.postLogs(encoded, { keepalive });
    } catch (error) {
      this.#options.onUploadFailed?.(requestId, error);
      throw error;
    }
    // Accepted: as good as delivered until the deletion commits (a page gone before leaves the
    // keys to the next one, through the sent ledger).
    this.#keys.note(this.#keys.accepted, entries, true);
    this.#keys.saw(entries, true);
    const removal = this.#options.queue
      .remove(entries)
      .finally(() => this.#keys.note(this.#keys.accepted, entries, false))
      .then(() => this.#options.onDelivered({ requestId, records: entries.length, bytes: encoded.bytes, keepalive }));
    // Awaited by the drain (or the keepalive chain); this only keeps an early failure from being
    // reported as unhandled before then.
    removal.catch(() => undefined);
    return { removal };
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
