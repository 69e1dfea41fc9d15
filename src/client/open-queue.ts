/**
 * Opens the client's record queue: in the store chosen for it, with its caps, and wired to what
 * it tells the client (its length, drops, storage failures, writes other tabs should hear of).
 *
 * @module
 */
import type { EventSink } from '../bus/index.js';
import { DEFAULT_HEAD_LIMIT, RecordQueue } from '../queue/index.js';
import type { ResolvedOptions } from './options.js';
import type { Signals } from './signals.js';
import type { ClientStorage } from './storage.js';

/** Opens the queue of one client in the storage chosen for it. */
export function openClientQueue(
  o: Pick<ResolvedOptions, 'now' | 'maxQueueRecords' | 'maxQueueBytes' | 'maxBatchRecords'>,
  storage: Pick<ClientStorage, 'queue' | 'tabId' | 'leadership' | 'rescue' | 'ledger' | 'values'>,
  emitter: EventSink,
  signals: Pick<Signals, 'emit'>,
): RecordQueue {
  const { leadership } = storage;
  const queue: RecordQueue = new RecordQueue({
    store: storage.queue,
    tabId: storage.tabId,
    clock: o.now,
    onStorageError: (error) => {
      emitter.emit('warning', error);
      // This tab's records are in memory now, its own to upload: another tab takes the shared queue.
      queueMicrotask(() => queue.storageKind === 'memory' && leadership.release());
    },
    onLengthChange: (queued) => void emitter.emit('queue', { queued }),
    onWritten: () => void signals.emit('written'),
    // Only the uploading tab knows which records are in flight (docs/decisions.md, "Storage limits").
    enforcesCaps: () => leadership.isLeader,
    maxRecords: o.maxQueueRecords,
    maxBytes: o.maxQueueBytes,
    headLimit: Math.max(DEFAULT_HEAD_LIMIT, 2 * o.maxBatchRecords),
    onDropped: (info) => void emitter.emit('dropped', info),
    onEarlierDrops: (records) => void emitter.emit('dropped', { records, reason: 'earlier-session' }),
    rescue: storage.rescue,
    ledger: storage.ledger,
    // The rescues and ledgers are read from the values: where they are in IndexedDB, once loaded.
    ready: storage.values.loaded ? undefined : storage.values.ready,
  });
  return queue;
}
