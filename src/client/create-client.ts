/**
 * The composition root: builds one client from its options, each part once, top to bottom, and
 * returns the public object. It only wires; the work is in the parts (docs/architecture.md):
 *
 * - storage.ts: where data lives and what the game's tabs share;
 * - tracking.ts: a record's way from `track()` into the queue;
 * - sending.ts: the transport, the uploader, the relay;
 * - uploads.ts: who uploads and when;
 * - page.ts: what the page tells the client;
 * - queue.ts: the record queue in that storage;
 * - stats.ts, dead-letters.ts: the counters and the dead-letter API;
 * - public-client.ts: the object returned, each method handing over to a part.
 *
 * Parts built early tell parts built later through `signals` (signals.ts), never by a callback
 * into a part not made yet.
 *
 * @module
 */
import { createEmitter } from '../bus/index.js';
import { createSendGate } from '../delivery/index.js';
import { pauseReason } from '../errors/index.js';
import type { EntryDefaults, TpClient } from './api.js';
import { isOnline } from './connectivity.js';
import { describeThisDevice } from './device.js';
import { resolveOptions, type ClientOptions } from './options.js';
import { watchPage } from './page.js';
import { publicClient } from './public-client.js';
import { openClientQueue } from './queue.js';
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

  const queue = openClientQueue(o, storage, emitter, signals);
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
    childDirected: o.childDirected,
    transport: sending.transport,
    dbPrefix: storage.shared ? storage.dbPrefix : undefined,
    emitter,
    now: o.now,
    store: device.store(),
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
  const setClientKey = (key: string): void => void (clientKey = key);
  return publicClient({ o, emitter, stats, storage, queue, gate, sending, uploads, tracking, offers, ui, setClientKey, stopPage });
}
