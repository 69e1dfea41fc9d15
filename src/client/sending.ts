/**
 * How records go on the wire: the transport, the uploader, the service-worker relay, and what
 * this tab remembers of the service's answers (its health, the keys it sent) for the next page
 * (docs/decisions.md, "Delivery: exactly once on reload and close").
 *
 * @module
 */
import type { EventSink } from '../bus/index.js';
import { connectRelay, createServiceHealth, Transport, Uploader, type Credentials, type SendGate, type ServiceHealth, type UnloadRelay, type UploaderOptions } from '../delivery/index.js';
import { ConfigError, pauseReason, toTpError, type StorageError, type TpError } from '../errors/index.js';
import { keepaliveSupported } from '../internal/index.js';
import type { RecordQueue } from '../queue/index.js';
import { watchForeignWorker } from './foreign-worker.js';
import type { LogHooks } from './log.js';
import type { ResolvedOptions } from './options.js';
import type { Signals } from './signals.js';
import type { ClientStorage } from './storage.js';
import { storedEntryCheck } from './tracking.js';

/** What the sending reads: the options of the requests and the uploader, the names and notes of the storage. */
export interface SendingDeps {
  readonly o: Pick<
    ResolvedOptions,
    | 'authMode'
    | 'baseUrl'
    | 'fetch'
    | 'now'
    | 'requestTimeoutMs'
    | 'offersPlayerParam'
    | 'maxOffersBytes'
    | 'compression'
    | 'maxBatchRecords'
    | 'maxBatchBytes'
    | 'maxBatchCompressedBytes'
    | 'maxRecordBytes'
  >;
  readonly storage: Pick<ClientStorage, 'dbPrefix' | 'values' | 'healthKey' | 'deadLetters' | 'ledger' | 'relayedNotes' | 'unseenNotes'>;
  readonly queue: RecordQueue;
  /** The gate the uploader asks; its state tells what a request that ended leaves behind. */
  readonly gate: UploaderOptions['gate'];
  readonly emitter: EventSink;
  readonly signals: Signals;
  /** The client key now (`setClientKey()` replaces it). */
  readonly clientKey: () => string;
  /** The debug log: a batch's JSON, a failed upload (undefined when their level is off). */
  readonly log: Pick<LogHooks, 'batchJson' | 'uploadFailed'>;
}

export interface Sending {
  readonly transport: Transport;
  readonly uploader: Uploader;
  readonly health: ServiceHealth;
  /** The page's service-worker relay (option `serviceWorkerRelay`), or undefined. */
  readonly relay: UnloadRelay | undefined;
  /**
   * Saves the sent ledger and the relayed notes while the page is hidden or unloading (it may be
   * gone before it settles those records itself), and keeps saved copies current until empty.
   */
  saveLedger(): void;
  /** `shutdown()`: stops the relay and the watch of the page's service worker. */
  stop(): void;
}

export function startSending({ o, storage, queue, gate, emitter, signals, clientKey, log }: SendingDeps): Sending {
  const emitError = (error: TpError): void => void emitter.emit('error', error);
  const credentials = () => ({ authMode: o.authMode, clientKey: clientKey() });
  const { ledger, relayedNotes, unseenNotes } = storage;
  /** The page's worker is the relay, but not for this `baseUrl` (it said so with its own warning). */
  let relayRefused = false;
  const health = createServiceHealth(storage.healthKey, o.now, storage.values);
  const relay = relayedNotes
    ? connectRelay({
        baseUrl: o.baseUrl,
        credentials,
        queueDb: `${storage.dbPrefix}/queue`,
        timeoutMs: o.requestTimeoutMs,
        onRefused: () => {
          relayRefused = true;
          emitter.emit('warning', new ConfigError('serviceWorkerRelay', `the page's service worker does not relay uploads to ${o.baseUrl}: keepalive uploads instead`));
        },
      })
    : undefined;
  const transport = openTransport(o, credentials, gate, health, signals);
  /** True while this tab's ledger or relayed notes hold keys. */
  let ledgerSaved = false;
  const saveLedger = (): void => {
    // Consent withdrawn or the data erased: an upload that ends now writes no key again.
    if (!ledger || !gate.state.consented || !(gate.state.unloading || ledgerSaved || (typeof document === 'object' && document.visibilityState === 'hidden'))) return;
    const sent = uploader.sentKeys();
    const relayed = uploader.relayedKeys();
    const unseen = uploader.unseenKeys();
    ledger.save(sent);
    relayedNotes?.save(relayed);
    unseenNotes?.save(unseen);
    ledgerSaved = sent.length + relayed.length + unseen.length > 0;
  };
  const uploader = new Uploader({
    queue,
    transport,
    compression: o.compression,
    maxBatchRecords: o.maxBatchRecords,
    maxBatchBytes: o.maxBatchBytes,
    maxBatchCompressedBytes: o.maxBatchCompressedBytes,
    keepaliveBudgetBytes: 60 * 1024,
    onDelivered: (info) => void emitter.emit('delivered', info),
    onUpload: (info) => void emitter.emit('upload', info),
    onBatchJson: log.batchJson,
    onUploadFailed: log.uploadFailed,
    // A keepalive upload the page saw fail: its records stay queued and go with the next upload.
    onBackgroundError: (error) => {
      const e = toTpError(error);
      if (pauseReason(e) === undefined && (e as { retryable?: boolean }).retryable === true) emitter.emit('retry', { error: e, attempt: 1, delayMs: undefined });
      else emitError(e);
    },
    deadLetters: storage.deadLetters,
    checkEntry: storedEntryCheck(o.maxRecordBytes),
    onDeadLetter: (info) => {
      emitter.emit('dead-letter', info);
      emitError(info.error);
    },
    onStorageError: (error: StorageError) => void emitter.emit('warning', error),
    clock: o.now,
    gate,
    // Only where the browser sends a keepalive request after the page is gone (Firefox before 133
    // did not); a worker of the game's own is the unload upload's concern (delivery/keepalive.ts).
    // Asked only as an unload upload leaves, which the gate lets go online only.
    trustKeepalive: () => keepaliveSupported() && health.answering(),
    onSentChange: saveLedger,
    relay: () => (relay?.ready ? relay : undefined),
  });
  const stopWatching = watchForeignWorker({
    relayWanted: relay !== undefined,
    relayAnswered: () => relay?.ready === true || relayRefused,
    warn: (error) => void emitter.emit('warning', error),
  });
  const stop = (): void => {
    relay?.stop();
    stopWatching();
  };
  return { transport, uploader, health, relay, saveLedger, stop };
}

/**
 * The transport of one client: each answer's `Date` goes to the service clock (the `answer`
 * signal), and each outcome to the service's health. No answer while the page unloads is the page
 * cutting the request off, not a failure of the service.
 */
function openTransport(o: SendingDeps['o'], credentials: () => Credentials, gate: Pick<SendGate, 'state'>, health: ServiceHealth, signals: Signals): Transport {
  return new Transport({
    baseUrl: o.baseUrl,
    fetch: o.fetch,
    credentials,
    timeoutMs: o.requestTimeoutMs,
    offersPlayerParam: o.offersPlayerParam,
    maxOffersBytes: o.maxOffersBytes,
    clock: o.now,
    onAnswer: (sample) => void signals.emit('answer', sample),
    onSettled: (endpoint, error) => {
      // An answer after consent was withdrawn (or the data erased): the health key is not written again.
      if (!gate.state.consented) return;
      if (!error) {
        if (endpoint === 'logs') health.succeeded();
      } else if (error.code === 'network' ? !gate.state.unloading : endpoint === 'logs') {
        health.failed();
      }
    },
  });
}
