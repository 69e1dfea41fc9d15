/**
 * The half of a client that exists only with the player's consent: its storage, the queue, the
 * sending and the uploads, the offer engine and the page's listeners. The client
 * (create-client.ts) starts it when consent is granted and retires it when consent is withdrawn
 * or `forget()` erases the data; before and after, nothing of it stores, sends or listens.
 *
 * @module
 */
import { liveSink, type ClientEmitter } from '../bus/index.js';
import { createSendGate, type SendGate } from '../delivery/index.js';
import { pauseReason } from '../errors/index.js';
import { lastStoreOpened, pageHidden, randomId, retireStores } from '../internal/index.js';
import type { GameplayPort, OffersDeps, OffersEngine, RecordSink } from '../offers/index.js';
import type { QueueEntry, RecordQueue } from '../queue/index.js';
import { localSessionStore, startSessions, startSessionsWhen, type SessionEndReason, type SessionTracker } from '../session/index.js';
import type { UiAdapter } from '../ui/index.js';
import type { DeadLettersApi } from './api.js';
import { isOnline } from './connectivity.js';
import { deadLettersApi } from './dead-letters-api.js';
import { earlyRecords } from './early-records.js';
import type { LogHooks } from './log.js';
import type { Device } from './device.js';
import type { ResolvedOptions } from './options.js';
import { watchPage } from './page.js';
import { watchPageLifecycle } from './page-lifecycle.js';
import { openClientQueue } from './open-queue.js';
import { startSending, type Sending } from './sending.js';
import { createSignals } from './signals.js';
import { chooseStorage, warnIfNoIndexedDb, type ClientStorage, type MemoryStores } from './storage.js';
import { startUploads, type Uploads } from './uploads.js';

/** What the client gives the consented half. */
export interface ConsentedDeps {
  readonly o: ResolvedOptions;
  readonly emitter: ClientEmitter;
  /** The debug log's hooks (each undefined when its level is off). */
  readonly log: LogHooks;
  readonly device: Device;
  readonly ui: () => UiAdapter | undefined;
  readonly clientKey: () => string;
  readonly player: () => string | undefined;
  /** Tracks the SDK's own login or join (options `autoLogin`, `autoJoin`). */
  readonly trackAutomatic: (objectName: 'players_login' | 'players_join') => void;
  /** Where the offer engine's `players_offers` records go: the client's tracking (`track()`). */
  readonly records: RecordSink;
  /** Counts an attempt made again (stats). */
  readonly onRetry: () => void;
  /** The offer engine of the entry point (left out of `tp-web-sdk/logging`). */
  readonly offers: ((deps: OffersDeps) => OffersEngine) | undefined;
  /** The natural breaks the game tells (`gameplayStart()`, `gameplayStop()`), for the offer engine. */
  readonly gameplay: GameplayPort;
  /** The client's stores in memory, used without IndexedDB (and for the session record of a child). */
  readonly memory: () => MemoryStores;
  /** A session carried on is announced: an earlier half of this client ended it (see `SessionDeps`). */
  readonly announceCarriedOn: boolean;
}

/** The consented half of one client. */
export interface Consented {
  readonly storage: ClientStorage;
  readonly queue: RecordQueue;
  readonly gate: SendGate;
  readonly sending: Sending;
  readonly uploads: Uploads;
  readonly offers: OffersEngine | undefined;
  readonly deadLetters: DeadLettersApi;
  /** The session of the game's tabs, as this tab sees it. */
  readonly sessions: SessionTracker;
  /** Queues a checked record (from `track()`, or held while consent was pending). */
  enqueue(entry: QueueEntry): void;
  /**
   * Ends the session (`session:end` with `reason`) and stops without a last upload: no new request starts, the upload running ends before its next
   * batch, and from then on it emits nothing. Then its stores refuse every later transaction and
   * the storage lock is let go:
   * - `erasing` false (consent back to pending): once the upload running and the writes under
   *   way have ended, so nothing tracked is lost;
   * - `erasing` true (a denial, `forget()`): at once, since the data is about to be erased; what
   *   runs still ends in the background, its writes refused.
   */
  retire(erasing: boolean, reason: Extract<SessionEndReason, 'consent' | 'forget'>): Promise<void>;
  /** `shutdown()`: a last upload, then everything stops. */
  shutdown(): Promise<void>;
}

/** Starts the consented half: opens the storage and the queue, and starts sending. */
export function startConsented(d: ConsentedDeps): Consented {
  const { o } = d;
  let live = true;
  const emitter = liveSink(d.emitter, () => live);
  const firstStore = lastStoreOpened() + 1; // the stores this half opens are numbered from here
  const signals = createSignals();
  const storage = chooseStorage(o, d.memory, (error) => void emitter.emit('warning', error));
  d.device.keep(storage.values); // consent granted: the device id may be saved now
  const { leadership } = storage;
  const queue = openClientQueue(o, storage, emitter, signals);
  // After `keep`: records tracked before the values are loaded get the device id read then.
  const early = earlyRecords(storage.values, d.device, (entry) => enqueue(entry));
  warnIfNoIndexedDb(o, storage, (error) => void emitter.emit('warning', error));
  d.log.storage?.(storage.shared, storage.dbPrefix);
  if (d.log.leader && storage.shared) leadership.onLeader(d.log.leader);
  const releaseStorage = holdStorage(storage);

  // "May this tab send now?": one answer for the uploads, the first-open updates and the uploader.
  const gate = createSendGate({
    consented: () => live,
    online: isOnline,
    leader: () => leadership.isLeader,
    // A queue in memory is this tab's own to upload; a shared one, the lock holder's.
    confirmLeader: async () => queue.storageKind === 'memory' || leadership.confirm(),
    onPause: (error) => void emitter.emit('paused', { reason: pauseReason(error)!, error }),
  });
  const sending = startSending({ o, storage, queue, gate, emitter, signals, clientKey: d.clientKey, log: d.log });
  const uploads = startUploads({ o, storage, queue, gate, sending, emitter, signals, onRetry: d.onRetry });
  const offers = d.offers?.({
    childDirected: o.childDirected,
    transport: sending.transport,
    dbPrefix: storage.shared ? storage.dbPrefix : undefined,
    storageTimeoutMs: o.storageTimeoutMs,
    locks: storage.locks,
    emitter,
    now: o.now,
    store: d.device.store(),
    validForUnitMs: o.validForUnitMs,
    canPurchase: o.canPurchase,
    productInfo: o.productInfo,
    currencyCode: o.currencyCode,
    discountTolerance: o.discountTolerance,
    ui: d.ui,
    images: o.offerImages,
    waitMs: o.offerRules?.waitMs,
    player: d.player,
    languages: d.device.languages,
    records: d.records,
    autoRefresh: o.offersAutoRefresh,
    retry: o.retry,
    gate,
    onRetry: d.onRetry,
    onRefreshed: d.log.verdicts,
    gameplay: d.gameplay,
    offerRules: o.offerRules,
    purchase: o.purchase,
    characterSlug: o.characterSlug,
    // Read at a decision or an open, long after the tracker below is started.
    session: () => sessions.current,
  });
  if (offers) {
    signals.on('answer', (sample) => offers.observeAnswer(sample));
    signals.on('offers', (kick) => offers.kick(kick));
  }
  uploads.begin(); // after every listener: a sole leader (memory storage) starts at once
  const stopPage = watchPage({ o, storage, queue, gate, sending, uploads, signals });
  // Once the session record can be read (localStorage refused: from IndexedDB, a moment later).
  const sessions = startSessionsWhen(storage.values.loaded ? undefined : storage.values.ready, () => startSessions({
    // Shared by the game's tabs in localStorage; this client's own without IndexedDB or for a child
    // (kept across consent withdrawn and granted again, as localStorage keeps it).
    store: storage.shared && !o.childDirected ? localSessionStore(`${storage.dbPrefix}/session`, storage.values) : d.memory().session,
    exclusive: storage.shared && storage.locks ? exclusively(storage.locks, `${storage.dbPrefix}/session`) : (task) => Promise.resolve().then(task),
    now: o.now,
    timeoutMs: o.sessionTimeoutMs,
    visible: () => !pageHidden(),
    emitter,
    player: d.player,
    autoLogin: o.autoLogin,
    autoJoin: o.autoJoin,
    send: d.trackAutomatic,
    newId: randomId,
    announceCarriedOn: d.announceCarriedOn,
  }));
  const stopSessionWatch = watchPageLifecycle({
    hidden: sessions.hidden,
    unload: () => {
      early.release();
      sessions.hidden();
    },
    visible: sessions.visible,
    shown: sessions.visible,
  });

  /** An upload kick for the records tracked in this task is on its way. */
  let kicked = false;
  const enqueue = (entry: QueueEntry): void => {
    queue.enqueue(entry);
    // Tracked after the SDK's own `pagehide` (a game's "session end" in its listener): the write
    // may be cut off with the page, so the rescue is saved again, with it.
    if (gate.state.unloading) queue.rescue();
    // Past `flushAt`, one upload kick per task, not one per record of a burst.
    if (!kicked && queue.length >= o.flushAt) {
      kicked = true;
      queueMicrotask(() => {
        kicked = false;
        signals.emit('upload', 'threshold');
      });
    }
  };

  /** Everything that schedules or listens stops. */
  const stop = (): void => {
    sessions.stop();
    stopSessionWatch();
    uploads.stop();
    offers?.stop();
    stopPage();
  };
  return {
    storage,
    queue,
    gate,
    sending,
    uploads,
    offers,
    deadLetters: deadLettersApi(o, storage, queue, sending.uploader),
    sessions,
    enqueue: (entry) => early.enqueue(entry),
    async retire(erasing, reason) {
      sessions.stop(reason); // heard by the game before the half falls silent
      live = false; // the gate closes: the running upload ends before its next batch
      const lastStore = lastStoreOpened(); // a half opened after this one keeps its stores
      stop();
      const quiet = (async () => {
        await uploads.retire();
        await queue.settled().catch(() => undefined);
      })();
      if (!erasing) await quiet;
      retireStores(`${storage.dbPrefix}/`, firstStore, lastStore);
      releaseStorage();
    },
    async shutdown() {
      stop();
      await uploads.finish();
      releaseStorage();
    },
  };
}

/** Runs a task alone among the game's tabs, under the Web Lock `name`. */
function exclusively(locks: LockManager, name: string): (task: () => void) => Promise<void> {
  return async (task) => {
    await locks.request(name, async () => task());
  };
}

/**
 * Holds the game's storage lock (`<prefix>/storage`, shared) while this half lives: `forget()`
 * in any tab takes it exclusively before it erases (forget.ts). Returns the release.
 */
function holdStorage(storage: ClientStorage): () => void {
  let release = (): void => undefined;
  if (storage.shared && storage.locks) {
    const held = new Promise<void>((resolve) => (release = resolve));
    storage.locks.request(`${storage.dbPrefix}/storage`, { mode: 'shared' }, () => held).catch(() => undefined);
  }
  return release;
}
