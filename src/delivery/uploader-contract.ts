/**
 * The uploader's contract: its options, and the payloads of the events it reports (`upload`,
 * `delivered`, `dead-letter`). The uploader's parts take the options they use from here. Add an
 * uploader option here.
 *
 * @module
 */
import type { StorageError, TpError } from '../errors/index.js';
import type { DeadLetterReason, DeadLetterStore, QueueEntry, RecordQueue, StoredEntry } from '../queue/index.js';
import type { Compression } from './encode.js';
import type { UnloadRelay } from './relay.js';
import type { SendGate } from './send-gate.js';
import type { Transport } from './transport.js';

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

/** What an `Uploader` is given: the queue, the transport, the limits, and where it reports. */
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
   * May this tab send now, asked before every request: a drain as it begins (not while paused,
   * after a 403 `Invalid TPClientKey` or a 400 about the credential headers; `gate.resume()` lifts
   * it) and before each batch (consent; the page's unloading: a drain then sends no further batch
   * and fails with a `NetworkError`, its records stay queued: a batch sent now would be cut off with
   * the page, or delivered with its answer never seen, and sent again by the next page), the unload
   * upload and the probe (online, not paused); and the tab lock (false when another tab has taken
   * over uploading).
   */
  readonly gate: Pick<SendGate, 'refusesDrain' | 'refusesBatch' | 'refusesUnloadUpload' | 'refusesProbe' | 'confirmLeader' | 'state' | 'pause'>;
  /** A request is about to be sent. */
  readonly onUpload: (info: UploadInfo) => void;
  /**
   * Given, each request's JSON before compression, as it leaves (the debug log): the drain then
   * keeps the JSON it writes for the compressor. Left out, no JSON is kept. @default undefined
   */
  readonly onBatchJson?: (requestId: number, json: string) => void;
  /** An upload got no 200: its failure, before the answer policy acts on it (the debug log). @default undefined */
  readonly onUploadFailed?: (requestId: number, error: unknown) => void;
  /** A keepalive upload failed (nobody awaits it). */
  readonly onBackgroundError: (error: unknown) => void;
  /**
   * Asked as a keepalive upload leaves: true when it may count as delivered (the service has been
   * answering). Its records are then in `Uploader.sentKeys()` until it settles. @default () => false
   */
  readonly trustKeepalive?: () => boolean;
  /** `Uploader.sentKeys()` or `Uploader.relayedKeys()` changed. */
  readonly onSentChange?: () => void;
  /**
   * The service-worker relay, when the page has one ready: the unload upload goes to it instead
   * of a keepalive `fetch` (delivery/relay.ts). @default () => undefined
   */
  readonly relay?: () => UnloadRelay | undefined;
}
