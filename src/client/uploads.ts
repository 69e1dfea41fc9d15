/**
 * Who uploads and when: the tab that leads uploads for every tab of the game (a follower's
 * `flush()` asks it over the tab channel), on the scheduler's triggers; a tab that becomes leader
 * first settles what earlier pages left, then uploads it.
 *
 * @module
 */
import type { EventSink } from '../bus/index.js';
import { toTpError, type TpError } from '../errors/index.js';
import { UploadScheduler, type DeliveryWatch, type FlushResult, type RelayedInfo, type SchedulerOptions, type SendGate, type Uploader } from '../delivery/index.js';
import { randomId } from '../internal/index.js';
import { MAX_TIMER_MS } from '../internal/index.js';
import type { RecordQueue } from '../queue/index.js';
import { TabCoordinator } from '../tabs/index.js';
import type { ResolvedOptions } from './options.js';
import type { Sending } from './sending.js';
import type { Signals } from './signals.js';
import type { ClientStorage } from './storage.js';

/** What the uploads read and drive. */
export interface UploadsDeps {
  readonly o: Pick<ResolvedOptions, 'flushIntervalMs' | 'requestTimeoutMs' | 'retry'>;
  /** Who uploads, the tab channel, and the notes earlier pages left. */
  readonly storage: Pick<ClientStorage, 'shared' | 'leadership' | 'openChannel' | 'relayedNotes' | 'unseenNotes'>;
  readonly queue: RecordQueue;
  /** The gate the upload scheduler asks, and `flush()` in a tab that does not upload. */
  readonly gate: SchedulerOptions['gate'];
  readonly sending: Pick<Sending, 'uploader' | 'health' | 'relay' | 'stop'>;
  readonly emitter: EventSink;
  readonly signals: Signals;
  /** A retry attempt is starting (counted in `stats().retried`). */
  readonly onRetry: () => void;
}

export interface Uploads {
  /**
   * Whether this tab uploads its queue: the leader, or a tab whose queue fell back to memory (its
   * records are its own, no other tab can see them).
   */
  uploadsHere(): boolean;
  /** Starts uploading whenever this tab becomes the leader (at once, for a sole leader). */
  begin(): void;
  /** `client.flush()`: everything queued before the call, in any tab. */
  flush(): Promise<FlushResult>;
  /** The upload as the page is hidden (`includeUnstored` false) or unloaded (true). */
  unload(includeUnstored: boolean): void;
  /** `shutdown()`: stops scheduling and the relay. */
  stop(): void;
  /** `shutdown()`, after `stop()`: a last upload here (its failure is emitted), then closes the channel. */
  finish(): Promise<void>;
  /** Consent withdrawn, or `forget()`: after `stop()`, waits for the upload running, then closes the channel. */
  retire(): Promise<void>;
}

export function startUploads({ o, storage, queue, gate, sending, emitter, signals, onRetry }: UploadsDeps): Uploads {
  const { uploader } = sending;
  const { leadership } = storage;
  const emitError = (error: TpError): void => void emitter.emit('error', error);
  const autoFlush = o.flushIntervalMs > 0;
  let othersWrote = false;
  const uploadsHere = (): boolean => leadership.isLeader || queue.storageKind === 'memory';

  /** One upload pass by the leader: up to `target`, or (background) everything stored now. */
  const upload = async (target: string | undefined, watch?: DeliveryWatch): Promise<FlushResult> => {
    othersWrote = false;
    const result = await uploader.flush(target, watch);
    tabs.queued(await queue.refreshCount());
    return result;
  };
  const tabs = new TabCoordinator({
    leadership,
    channel: storage.openChannel(),
    upload,
    onOthersWrote: () => {
      othersWrote = true;
      signals.emit('offers', 'others-wrote');
      void queue.refreshCount();
    },
    onQueued: (count) => queue.setCount(count),
    timeoutMs: Math.min(o.requestTimeoutMs * 2, MAX_TIMER_MS),
    newId: randomId,
  });
  signals.on('written', () => tabs.written());

  const scheduler = backgroundUploads(o, gate, emitter, onRetry, {
    run: async () => upload(await queue.storeLastKey()),
    hasWork: () => uploadsHere() && (queue.length > 0 || othersWrote),
  });
  if (autoFlush) signals.on('upload', (trigger) => void scheduler.kick(trigger));

  const onLeader = leaderStart({ o, storage, queue, gate, sending, signals }, () => scheduler.kick('start'), emitError, (info) => void emitter.emit('relayed', info));

  return {
    uploadsHere,
    begin: () => leadership.onLeader(onLeader),
    flush: () => flushEverywhere({ uploader, queue, gate, tabs, scheduler, uploadsHere, upload }),
    unload(includeUnstored) {
      if (uploadsHere()) uploader.unload(includeUnstored);
    },
    stop() {
      scheduler.stop();
      sending.stop();
    },
    async finish() {
      try {
        if (uploadsHere()) await upload(queue.lastKey);
      } catch (error) {
        emitError(toTpError(error));
      }
      tabs.close();
    },
    async retire() {
      await scheduler.idle();
      tabs.close();
    },
  };
}

/**
 * What a tab does on becoming leader: it uploads what earlier leaders and other tabs left, from
 * the store as it is now (what it read before may have been delivered since). `kickStart` starts
 * the automatic upload once the store is read.
 */
function leaderStart(
  { o, storage, queue, gate, sending, signals }: Omit<UploadsDeps, 'emitter' | 'onRetry'>,
  kickStart: () => void,
  emitError: (error: TpError) => void,
  onRelayed: (info: RelayedInfo) => void,
): () => void {
  const { uploader, health, relay } = sending;
  const autoFlush = o.flushIntervalMs > 0;
  /**
   * Holds the records earlier pages handed to the relay (synchronously: no request may take them
   * from now on), and returns what waits until the worker has settled them, tells what it
   * delivered of them (the `relayed` event), then lets them go. Undefined when there are none.
   */
  const holdRelayed = (): (() => Promise<void>) | undefined => {
    const notes = storage.relayedNotes?.readAll();
    if (!relay || !notes || notes.items.length === 0) {
      notes?.forget();
      return undefined;
    }
    const release = uploader.holdKeys(notes.items);
    return async () => {
      const delivered = await relay.settled(notes.items);
      release();
      notes.forget();
      if (delivered && delivered.records > 0) onRelayed(delivered);
    };
  };
  /**
   * Takes up the unseen notes earlier pages left: those records wait for an upload whose answer a
   * page sees. This tab keeps them in its own notes from now on.
   */
  const adoptUnseen = (): void => {
    const notes = storage.unseenNotes?.readAll();
    if (!notes || notes.items.length === 0) return notes?.forget();
    uploader.markUnseen(notes.items);
    notes.forget();
    storage.unseenNotes?.save(uploader.unseenKeys());
  };
  return () => {
    adoptUnseen();
    const relayed = holdRelayed();
    // The store as it is now, and the last leader's ledger settled, before any upload of this
    // tab; once the relay settled what the last pages handed it, read again (it deleted some).
    const reloaded = queue
      .reload()
      .then(async () => {
        if (!relayed) return;
        await relayed();
        await queue.reload();
      })
      .catch(emitError);
    if (autoFlush) void reloaded.then(kickStart);
    signals.emit('offers', 'start');
    // No accepted upload seen lately: find out now whether the service takes this game's uploads,
    // before the page's keepalive upload has to count on it (docs/decisions.md, "Delivery"). The
    // probe asks the gate (not offline, not paused).
    if (autoFlush && storage.shared && !health.known()) void uploader.probe();
  };
}

/**
 * Automatic uploads: a timer, a threshold, at start for records left by earlier visits, and at
 * once when the browser comes back online; retries wait for the backoff schedule.
 */
function backgroundUploads(
  o: UploadsDeps['o'],
  gate: UploadsDeps['gate'],
  emitter: EventSink,
  onRetry: () => void,
  pass: Pick<SchedulerOptions, 'run' | 'hasWork'>,
): UploadScheduler {
  return new UploadScheduler({
    ...pass,
    policy: o.retry,
    gate,
    onFailure: (error) => void emitter.emit('error', error),
    onWillRetry: (info) => void emitter.emit('retry', info),
    onRetry,
    automatic: o.flushIntervalMs > 0,
  });
}

/**
 * `client.flush()`: everything queued before the call, in any tab: here when this tab uploads,
 * else by the uploading tab, asked over the tab channel.
 */
async function flushEverywhere(d: {
  readonly uploader: Uploader;
  readonly queue: RecordQueue;
  readonly gate: Pick<SendGate, 'refusesFlush'>;
  readonly tabs: TabCoordinator;
  readonly scheduler: UploadScheduler;
  readonly uploadsHere: () => boolean;
  readonly upload: (target: string | undefined, watch?: DeliveryWatch) => Promise<FlushResult>;
}): Promise<FlushResult> {
  // What is delivered from now on counts (an upload already running delivers some of it).
  const watch = d.uploader.watch();
  // Everything queued before the call, in any tab: up to the store's last key now.
  const target = await d.queue.storeLastKey().catch((error: unknown) => {
    watch.stop();
    throw error;
  });
  if (d.uploadsHere()) return d.scheduler.flushNow<FlushResult>(() => d.upload(target, watch)).finally(watch.stop);
  watch.stop();
  // Offline in this tab is offline in the uploading one: no request, as in the leader.
  const refused = d.gate.refusesFlush();
  if (refused) throw refused;
  return d.tabs.flush(target);
}
