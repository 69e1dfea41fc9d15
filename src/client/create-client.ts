/**
 * The composition root: builds one client from its options, each part once, top to bottom, and
 * returns the public object. It only wires; the work is in the parts (docs/architecture.md):
 *
 * - storage.ts: where data lives and what the game's tabs share;
 * - tracking.ts: a record's way from `track()` into the queue;
 * - sending.ts: the transport, the uploader, the relay;
 * - uploads.ts: who uploads and when;
 * - page.ts: what the page tells the client;
 * - stats.ts, dead-letters.ts: the counters and the dead-letter API.
 *
 * Parts built early tell parts built later through `signals` (signals.ts), never by a callback
 * into a part not made yet.
 *
 * @module
 */
import { createEmitter, guardListener } from '../bus/events.js';
import { createSendGate } from '../delivery/index.js';
import { pauseReason, TpError } from '../errors/index.js';
import type { OffersApi } from '../offers/index.js';
import { DEFAULT_HEAD_LIMIT, RecordQueue } from '../queue/index.js';
import type { EntryDefaults, TpClient } from './api.js';
import { isOnline } from './connectivity.js';
import { deadLettersApi } from './dead-letters.js';
import { describeThisDevice } from './device.js';
import { checkOption, resolveOptions, type ClientOptions } from './options.js';
import { watchPage } from './page.js';
import { startSending } from './sending.js';
import { createSignals } from './signals.js';
import { countStats } from './stats.js';
import { chooseStorage, warnIfNoIndexedDb } from './storage.js';
import { createTracking } from './tracking.js';
import { startUploads } from './uploads.js';

/** Creates a client. See `createClient` in the package entry. */
export function createCoreClient(options: ClientOptions, defaults: EntryDefaults = {}): TpClient {
  const o = resolveOptions(options);
  const emitter = createEmitter();
  const stats = countStats(emitter); // first listener: a game's listener sees its event counted
  const signals = createSignals();
  const device = describeThisDevice(o);
  const storage = chooseStorage(options, o);
  const { leadership } = storage;
  const ui = o.ui === undefined ? defaults.ui?.() : o.ui ?? undefined;
  let clientKey = o.clientKey;

  const queue = new RecordQueue({
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
  });
  warnIfNoIndexedDb(o, storage, (error) => void emitter.emit('warning', error));

  // "May this tab send now?": one answer for the uploads, the first-open updates and the uploader.
  const gate = createSendGate({
    online: isOnline,
    leader: () => leadership.isLeader,
    // A queue in memory is this tab's own to upload; a shared one, the lock holder's.
    confirmLeader: async () => queue.storageKind === 'memory' || leadership.confirm(),
    onPause: (error) => void emitter.emit('paused', { reason: pauseReason(error)!, error }),
  });
  const sending = startSending({ o, storage, queue, gate, emitter, signals, clientKey: () => clientKey });
  const uploads = startUploads({ o, storage, queue, gate, sending, emitter, signals, onRetry: stats.retried });
  const tracking = createTracking({ o, device, queue, emitter, signals, gate });

  const offers = defaults.offers?.({
    transport: sending.transport,
    dbPrefix: storage.shared ? storage.dbPrefix : undefined,
    emitter,
    now: o.now,
    store: device.store,
    validForUnitMs: o.validForUnitMs,
    canPurchase: o.canPurchase,
    discountTolerance: o.discountTolerance,
    ui: () => ui,
    player: () => tracking.player,
    languages: device.languages,
    trackReaction: (record) => void tracking.track('players_offers', record),
    autoRefresh: o.offersAutoRefresh,
    retry: o.retry,
    gate,
    onRetry: stats.retried,
  });
  if (offers) {
    signals.on('answer', (sample) => offers.observeAnswer(sample));
    signals.on('offers', (kick) => offers.kick(kick));
  }
  uploads.begin(); // after every listener: a sole leader (memory storage) starts at once
  const stopPage = watchPage({ o, storage, queue, gate, sending, uploads, signals });
  let shut = false;

  return {
    get playerSlug() {
      return tracking.player;
    },
    identify(slug) {
      tracking.identify(slug);
      offers?.identified();
    },
    track: tracking.track,
    flush: async () => {
      if (shut) throw new TpError('config', 'the client was shut down');
      return uploads.flush();
    },
    on(event, listener) {
      const guarded = guardListener(listener);
      emitter.on(event, guarded as never);
      return () => void emitter.off(event, guarded as never);
    },
    off(event, listener) {
      emitter.off(event, guardListener(listener) as never);
    },
    setClientKey(key) {
      clientKey = checkOption('clientKey', key);
      gate.resume();
    },
    deadLetters: deadLettersApi(o, storage, queue, sending.uploader),
    stats: () => ({
      ...stats.counts(),
      queued: queue.length + tracking.awaiting,
      inFlight: sending.uploader.inFlightCount,
      storage: queue.storageKind,
      leader: leadership.isLeader,
      paused: pauseReason(gate.paused),
      relay: sending.relay?.ready === true,
    }),
    offers: offers?.api as OffersApi,
    async shutdown() {
      shut = true;
      tracking.stop();
      uploads.stop();
      offers?.stop();
      stopPage();
      ui?.close();
      tracking.dropUnnamed();
      await uploads.finish();
      emitter.removeAllListeners();
    },
  };
}
