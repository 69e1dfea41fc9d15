/**
 * The composition root: builds one client from its options and wires the domains together.
 *
 * @module
 */
import { createEmitter, guardListener, type ClientEvents } from '../bus/events.js';
import { connectRelay, createServiceHealth, Transport, Uploader, UploadScheduler, type DeliveryWatch, type FlushResult, type Trigger } from '../delivery/index.js';
import { NetworkError, pauseReason, StorageError, toTpError, TpError, ValidationError, type PauseReason } from '../errors/index.js';
import { browserNavigator, describeDevice, detectStore, hasDom, keepaliveSupported, randomId, regionFromLanguages } from '../internal/env.js';
import type { ClockSample } from '../internal/server-clock.js';
import { shortHash } from '../internal/hash.js';
import { MAX_TIMER_MS, toUnixSeconds } from '../internal/time.js';
import type { OffersApi, OffersDeps, OffersEngine } from '../offers/index.js';
import {
  byKey,
  createIndexedDbDeadLetterStore,
  createIndexedDbStore,
  createLocalLedger,
  createLocalRescue,
  createMemoryDeadLetterStore,
  createMemoryStore,
  DEFAULT_HEAD_LIMIT,
  hasIndexedDb,
  RecordQueue,
  type DeadLetter,
  type QueueEntry,
  type StoredEntry,
} from '../queue/index.js';
import { enrichRecord, isObjectName, validateRecord, type ObjectName, type RecordInput } from '../records/index.js';
import type { UiAdapter } from '../ui/types.js';
import { awaitingPlayer, MAX_AWAITING_PLAYER, NO_PLAYER_YET } from './awaiting-player.js';
import { isOnline, watchConnectivity } from './connectivity.js';
import { electLeader, openTabChannel, soleLeader, TabCoordinator } from '../tabs/index.js';
import { loadDeviceId } from './device-id.js';
import { checkOption, resolveOptions, type ClientOptions } from './options.js';
import { watchPageLifecycle } from './page-lifecycle.js';

/** Health counters of a client (this tab, since `createClient`). */
export interface ClientStats {
  /** Records waiting for a 200 (stored, being written, or buffered), or for the first `identify()`. */
  readonly queued: number;
  /** Records in a request right now. */
  readonly inFlight: number;
  /** Records the service accepted. */
  readonly delivered: number;
  /** Accepted POST /logs requests. */
  readonly batches: number;
  /** Upload attempts made again after a retryable failure. */
  readonly retried: number;
  /** Records `track` rejected as invalid. */
  readonly invalid: number;
  /** Records put aside in the dead-letter store since the client started. */
  readonly deadLettered: number;
  /** Records deleted unsent (queue caps, storage quota) since the client started. */
  readonly dropped: number;
  /** Where the queue lives now. */
  readonly storage: 'indexeddb' | 'memory';
  /** True when this tab is the one that uploads for every tab of the game (docs/decisions.md, "Many tabs"). */
  readonly leader: boolean;
  /**
   * Why uploads are paused, or undefined: `invalid-client-key` after a 403 `Invalid TPClientKey`
   * (until `setClientKey()`), `invalid-auth-headers` after a 400 about the credential headers
   * (`Invalid TPAuthMode`, …: until a client with the right `authMode`). Records wait queued.
   */
  readonly paused: PauseReason | undefined;
  /**
   * True when the upload made as the page is hidden or unloaded goes to the service-worker relay
   * (option `serviceWorkerRelay`, and the page's service worker answered as one).
   */
  readonly relay: boolean;
}

/** `client.deadLetters`: records the SDK put aside instead of resending forever or deleting. */
export interface DeadLettersApi {
  /** Everything in the dead-letter store, oldest first. */
  list(): Promise<DeadLetter[]>;
  /**
   * Moves every dead-lettered record back into the queue (after the cause was fixed: a new SDK
   * version, a service fix). They are checked again when uploaded. Resolves with the count.
   * Calls run one at a time, across the game's tabs too (Web Locks): a record is put back once,
   * and a call that finds nothing left resolves 0.
   */
  requeue(): Promise<number>;
  /** Deletes the dead-letter store's contents. Use it only when the records are truly unwanted. */
  clear(): Promise<void>;
}

/** A client without offers: `createClient` of `tp-web-sdk/logging`. */
export interface LoggingClient {
  /** The identified player, or undefined. */
  readonly playerSlug: string | undefined;
  /**
   * Sets the player for the records tracked from now on and for offers. The first call also names
   * it in the records tracked before it (they waited in memory, unsent), each checked again: one
   * the slug makes larger than `maxRecordBytes` is refused with an `invalid` event (never thrown
   * here). With another player, the previous player's offers leave the screen, as by
   * `view.close()`: `show()` resolves `{ action: 'closed' }` and nothing is reported for them.
   * @throws {ConfigError} not printable ASCII of 1 to 256 characters without leading or trailing
   * spaces (the slug is also the `TPPlayerId` header of the first-open update, spec: POST /offers).
   */
  identify(playerSlug: string): void;
  /**
   * Validates a record, fills the fields left out (`player_slug`, `event_timestamp` in Unix
   * seconds, and for join/login the device fields and `sdk_version`), and queues it. Synchronous
   * and cheap: the IndexedDB write happens a microtask later, batched with every record tracked in
   * the same task. The record is uploaded at least once. Tracked while the page unloads (in a
   * `pagehide` listener), it is also saved to localStorage at once, for the next page.
   *
   * Before the first `identify()` (no `playerSlug` option), a record without `player_slug` is
   * checked, then held in memory for the player (at most 1,000; past that it is refused as
   * invalid at `player_slug`). It is lost if the page closes before `identify()`: there is no
   * player to send it under.
   *
   * @returns true when queued, false when rejected (with `invalidRecords: 'drop'`), and false,
   * keeping nothing, after `shutdown()`.
   * @throws {ValidationError} when the record is invalid and `invalidRecords` is `'throw'`.
   */
  track<K extends ObjectName>(objectName: K, record: RecordInput<K>): boolean;
  /**
   * Uploads everything queued before the call, in this tab and in the game's other tabs (the tab
   * that uploads for all does it). Resolves `{ records, batches, deadLettered }` when
   * each record was accepted, or put aside in the dead-letter store (the service answered 400: to
   * the record alone, after its batch was halved down to it, or to a batch whose request as a
   * whole it refuses; not resent; an `error` and a `dead-letter` event fire, and the rest keeps
   * flowing). Rejects with the typed error of the
   * first other failure (`ServiceError`, `NetworkError`, `ProtocolError`); that batch and the ones
   * after it stay queued. A page being unloaded (`pagehide`) ends it after the batch on the wire,
   * with a `NetworkError`. After a 403 `Invalid TPClientKey` uploads pause (nothing is deleted) and
   * `flush()` rejects at once until `setClientKey()`; after a 400 about the credential headers
   * (`Invalid TPAuthMode`, …) likewise, until a client with the right options. After `shutdown()` it rejects at once with a
   * `TpError` of code `config`.
   */
  flush(): Promise<FlushResult>;
  /**
   * Listens to an event (see {@link ClientEvents}); returns a function that stops listening. An
   * error thrown by the listener is reported as uncaught (`reportError`, as the DOM does for event
   * listeners): it does not stop the SDK's work that emitted the event, nor the other listeners.
   */
  on<E extends keyof ClientEvents>(event: E, listener: (...args: ClientEvents[E]) => void): () => void;
  /** Stops a listener added with `on`. */
  off<E extends keyof ClientEvents>(event: E, listener: (...args: ClientEvents[E]) => void): void;
  /**
   * Replaces the client key (after a 403 `Invalid TPClientKey`, for example) and resumes paused
   * uploads. Takes effect on the next request.
   * @throws {ConfigError} not a valid header value.
   */
  setClientKey(clientKey: string): void;
  /** The dead-letter store: list, requeue, clear. */
  readonly deadLetters: DeadLettersApi;
  /** Health counters. */
  stats(): ClientStats;
  /**
   * Makes a last upload (failures are emitted as `error`, records stay queued for the next
   * session; records still waiting for the first `identify()` are let go, with a `dropped` event
   * of reason `no-player`), stops timers and page listeners, closes any offer on screen (its
   * `show()` resolves `{ action: 'closed' }`, nothing reported), and removes all event listeners.
   * The client is finished then: `track()` returns false and keeps nothing, `flush()` rejects
   * (`TpError`, code `config`), and so do `offers.refresh`, `show`, `view` and `report`
   * (`OfferError`, reason `shut-down`). Create a new client to go on.
   */
  shutdown(): Promise<void>;
}

/** A tp-web-sdk client: logging and offers. Create it with `createClient`. */
export interface TpClient extends LoggingClient {
  /** Offers: refresh, list, show, view, report. */
  readonly offers: OffersApi;
}

/** What an entry point plugs in: the offer engine (left out of `tp-web-sdk/logging`), a default UI. */
export interface EntryDefaults {
  readonly ui?: () => UiAdapter | undefined;
  readonly offers?: (deps: OffersDeps) => OffersEngine;
}

/** Creates a client. See `createClient` in the package entry. */
export function createCoreClient(options: ClientOptions, defaults: EntryDefaults = {}): TpClient {
  const o = resolveOptions(options);
  const emitter = createEmitter();
  const nav = browserNavigator();
  const userAgent = nav?.userAgent ?? '';
  const touchPoints = nav?.maxTouchPoints ?? 0;
  const browserLanguages = (): readonly string[] => nav?.languages ?? (nav?.language ? [nav.language] : []);
  const useIndexedDb = o.storage !== 'memory' && hasIndexedDb();
  // Clients that send elsewhere never share a queue (two games on one portal origin): the default
  // namespace is named after where the records go (docs/decisions.md, "Many tabs").
  const dbPrefix = `tp-web-sdk/${options.namespace ?? `default.${shortHash(`${o.baseUrl} ${o.clientKey}`)}`}`;
  const ui = o.ui === undefined ? defaults.ui?.() : o.ui ?? undefined;
  const emitError = (error: TpError): void => void emitter.emit('error', error);
  const emitWarning = (error: TpError): void => void emitter.emit('warning', error);

  const autoFlush = o.flushIntervalMs > 0;
  let player = o.playerSlug;
  let clientKey = o.clientKey;
  let invalid = 0;
  let delivered = 0;
  let batches = 0;
  let deadLettered = 0;
  let retried = 0;
  let dropped = 0;
  /** After `shutdown()`: `track` keeps nothing, `flush` rejects. */
  let shut = false;
  const countRetry = (): void => void (retried += 1);
  const device = {
    id: o.deviceId ?? loadDeviceId(o.namespace),
    info: describeDevice(userAgent, touchPoints),
    region: o.region ?? regionFromLanguages(browserLanguages()),
  };

  const awaiting = awaitingPlayer();
  const tabId = randomId().replace(/-/g, '').slice(0, 8);
  const rescuePrefix = `${dbPrefix}/rescue/`;
  /** Keys this tab handed to the service, for the next page to delete (queue/sent-ledger.ts). */
  const ledger = useIndexedDb ? createLocalLedger(`${dbPrefix}/sent/`, tabId) : undefined;
  /** Keys this tab handed to the service-worker relay, for the next page to hold until it settled. */
  const relayedNotes = useIndexedDb && o.serviceWorkerRelay ? createLocalLedger(`${dbPrefix}/relayed/`, tabId) : undefined;
  /** Whether the service has been answering, as this game's pages saw it (delivery/service-health.ts). */
  const health = createServiceHealth(useIndexedDb ? `${dbPrefix}/failed-at` : undefined, o.now);
  const queue = new RecordQueue({
    store: useIndexedDb ? createIndexedDbStore(`${dbPrefix}/queue`) : createMemoryStore(),
    tabId,
    clock: o.now,
    onStorageError: (error) => {
      emitWarning(error);
      // This tab's records are in memory now, its own to upload: another tab takes the shared queue.
      queueMicrotask(() => queue.storageKind === 'memory' && leadership.release());
    },
    onLengthChange: (queued) => void emitter.emit('queue', { queued }),
    onWritten: () => tabs.written(),
    // Only the uploading tab knows which records are in flight (docs/decisions.md, "Storage limits").
    enforcesCaps: () => leadership.isLeader,
    maxRecords: o.maxQueueRecords,
    maxBytes: o.maxQueueBytes,
    headLimit: Math.max(DEFAULT_HEAD_LIMIT, 2 * o.maxBatchRecords),
    onDropped: (info) => {
      dropped += info.records;
      emitter.emit('dropped', info);
    },
    onEarlierDrops: (records) => void emitter.emit('dropped', { records, reason: 'earlier-session' }),
    rescue: useIndexedDb ? createLocalRescue(rescuePrefix, tabId) : undefined,
    ledger,
  });
  // Another tab saved a rescue at unload: restore it now, while delivered keys are remembered.
  const onStorage = (event: StorageEvent): void => {
    if (event.key?.startsWith(rescuePrefix) && event.newValue) void queue.adoptRescues();
  };
  if (useIndexedDb && typeof addEventListener === 'function') addEventListener('storage', onStorage);
  if (o.storage !== 'memory' && !useIndexedDb && hasDom()) {
    // After createClient returns, so a listener added right after it hears this.
    queueMicrotask(() => emitWarning(new StorageError('open', new Error('IndexedDB is not available here: records are kept in memory'))));
  }
  // Tabs sharing the IndexedDB queue elect one uploader (docs/decisions.md, "Many tabs").
  /** Web Locks, where there are: who uploads, and one `deadLetters.requeue()` at a time. */
  const locks = useIndexedDb ? (browserNavigator() as { locks?: LockManager } | undefined)?.locks : undefined;
  const leadership = useIndexedDb ? electLeader(`${dbPrefix}/upload`, tabId, locks, `${dbPrefix}/lease`) : soleLeader();
  let othersWrote = false;
  /** The last `deadLetters.requeue()`, which the next one waits for. */
  let requeueing: Promise<number> = Promise.resolve(0);
  /**
   * Whether this tab uploads its queue: the leader, or a tab whose queue fell back to memory (its
   * records are its own, no other tab can see them).
   */
  const uploadsHere = (): boolean => leadership.isLeader || queue.storageKind === 'memory';
  /**
   * From `pagehide` until a `pageshow` brings the page back: background uploads and first-open
   * updates do not start, and a running drain sends no further batch (a request started while
   * the page goes away is cut off, or reaches the service with its answer never seen and is sent
   * again). The keepalive upload still goes.
   */
  let unloading = false;
  const isUnloading = (): boolean => unloading;
  /** True while this tab's ledger or relayed notes hold keys. */
  let ledgerSaved = false;
  /**
   * Saves the sent ledger and the relayed notes while the page is hidden or unloading (it may be
   * gone before it settles those records itself), and keeps saved copies current until empty.
   */
  const saveLedger = (): void => {
    if (!ledger || !(unloading || ledgerSaved || (typeof document === 'object' && document.visibilityState === 'hidden'))) return;
    const sent = uploader.sentKeys();
    const relayed = uploader.relayedKeys();
    ledger.save(sent);
    relayedNotes?.save(relayed);
    ledgerSaved = sent.length + relayed.length > 0;
  };
  let observeAnswer: ((sample: ClockSample) => void) | undefined;
  const relay = relayedNotes
    ? connectRelay({ baseUrl: o.baseUrl, credentials: () => ({ authMode: o.authMode, clientKey }), queueDb: `${dbPrefix}/queue`, timeoutMs: o.requestTimeoutMs })
    : undefined;
  const transport = new Transport({
    baseUrl: o.baseUrl,
    fetch: o.fetch,
    credentials: () => ({ authMode: o.authMode, clientKey }),
    timeoutMs: o.requestTimeoutMs,
    offersPlayerParam: o.offersPlayerParam,
    clock: o.now,
    onAnswer: (sample) => observeAnswer?.(sample),
    onSettled: (endpoint, error) => {
      if (!error) {
        if (endpoint === 'logs') health.succeeded();
      } else if (error.code === 'network' ? !unloading : endpoint === 'logs') {
        health.failed(); // no answer while the page unloads: the page cut it off, not the service
      }
    },
  });
  const uploader = new Uploader({
    queue,
    transport,
    compression: o.compression,
    maxBatchRecords: o.maxBatchRecords,
    maxBatchBytes: o.maxBatchBytes,
    maxBatchCompressedBytes: o.maxBatchCompressedBytes,
    keepaliveBudgetBytes: 60 * 1024,
    onDelivered: (info) => {
      delivered += info.records;
      batches += 1;
      emitter.emit('delivered', info);
    },
    onUpload: (info) => void emitter.emit('upload', info),
    // A keepalive upload the page saw fail: its records stay queued and go with the next upload.
    onBackgroundError: (error) => {
      const e = toTpError(error);
      if (pauseReason(e) === undefined && (e as { retryable?: boolean }).retryable === true) emitter.emit('retry', { error: e, attempt: 1, delayMs: undefined });
      else emitError(e);
    },
    deadLetters: useIndexedDb ? createIndexedDbDeadLetterStore(`${dbPrefix}/dead-letter`) : createMemoryDeadLetterStore(),
    checkEntry: checkStoredEntry,
    onDeadLetter: (info) => {
      deadLettered += info.records;
      emitter.emit('dead-letter', info);
      emitError(info.error);
    },
    onPause: (error) => void emitter.emit('paused', { reason: pauseReason(error)!, error }),
    onStorageError: emitWarning,
    clock: o.now,
    mayUpload: async () => queue.storageKind === 'memory' || leadership.confirm(),
    isUnloading,
    // Only where the browser sends a keepalive request after the page is gone (Firefox before 133 did not).
    trustKeepalive: () => keepaliveSupported() && isOnline() && health.answering(),
    onSentChange: saveLedger,
    relay: () => (relay?.ready ? relay : undefined),
  });
  /**
   * Holds the records earlier pages handed to the relay (synchronously: no request may take them
   * from now on), and returns what waits until the worker has settled them, then lets them go.
   * Undefined when there are none.
   */
  const holdRelayed = (): (() => Promise<void>) | undefined => {
    const notes = relayedNotes?.readAll();
    if (!relay || !notes || notes.items.length === 0) {
      notes?.forget();
      return undefined;
    }
    const release = uploader.holdKeys(notes.items);
    return async () => {
      await relay.settled(notes.items);
      release();
      notes.forget();
    };
  };

  /** One upload pass by the leader: up to `target`, or (background) everything stored now. */
  const upload = async (target: string | undefined, watch?: DeliveryWatch): Promise<FlushResult> => {
    othersWrote = false;
    const result = await uploader.flush(target, watch);
    tabs.queued(await queue.refreshCount());
    return result;
  };
  const tabs = new TabCoordinator({
    leadership,
    channel: openTabChannel(useIndexedDb ? dbPrefix : undefined),
    upload,
    onOthersWrote: () => {
      othersWrote = true;
      offers?.kick('others-wrote');
      void queue.refreshCount();
    },
    onQueued: (count) => queue.setCount(count),
    timeoutMs: Math.min(o.requestTimeoutMs * 2, MAX_TIMER_MS),
    newId: randomId,
  });

  /** Records read back from storage are checked like new ones: a corrupt entry is put aside. */
  function checkStoredEntry(entry: StoredEntry): string | undefined {
    if (!isObjectName(entry.objectName)) return `stored entry has no known object name (${String(entry.objectName)})`;
    const result = validateRecord(entry.objectName, entry.record, o.maxRecordBytes);
    return result.ok ? undefined : result.error.message;
  }

  const track = <K extends ObjectName>(objectName: K, record: RecordInput<K>): boolean => {
    if (shut) return false;
    const now = o.now();
    // No player yet, and the game did not name one in the record: held for identify().
    const held = player === undefined && (record as { player_slug?: unknown } | null)?.player_slug === undefined;
    const enriched = enrichRecord(objectName, record, {
      playerSlug: held ? NO_PLAYER_YET : player,
      eventTimestamp: toUnixSeconds(now),
      deviceUniqueId: device.id,
      deviceInfo: device.info,
      region: device.region,
      isTpDebugMode: o.debug ? 1 : 0,
      appVersion: o.appVersion ?? null,
    });
    const result = validateRecord(objectName, enriched, o.maxRecordBytes);
    const entry = result.ok ? { objectName, record: result.record as Record<string, unknown>, enqueuedAt: now, bytes: result.bytes } : undefined;
    const error = !entry
      ? (result as { error: ValidationError }).error
      : held && !awaiting.hold(entry)
        ? new ValidationError(objectName, [{ path: 'player_slug', code: 'custom', message: `no player: call identify() (${MAX_AWAITING_PLAYER} records wait)` }])
        : undefined;
    if (error) {
      if (o.invalidRecords === 'throw') throw error;
      return refuse(error);
    }
    if (!held) enqueue(entry!);
    return true;
  };
  /** Counts a record refused as invalid and emits `invalid`. */
  const refuse = (error: ValidationError): false => {
    invalid += 1;
    emitter.emit('invalid', error);
    return false;
  };
  /** Queues a checked record. */
  const enqueue = (entry: QueueEntry): void => {
    queue.enqueue(entry);
    // Tracked after the SDK's own `pagehide` (a game's "session end" in its listener): the write
    // may be cut off with the page, so the rescue is saved again, with it.
    if (unloading) queue.rescue();
    if (autoFlush && queue.length >= o.flushAt) scheduler.kick('threshold');
  };

  const offers = defaults.offers?.({
    transport,
    dbPrefix: useIndexedDb ? dbPrefix : undefined,
    emitter,
    now: o.now,
    store: o.store ?? detectStore(userAgent, touchPoints),
    validForUnitMs: o.validForUnitMs,
    canPurchase: o.canPurchase,
    discountTolerance: o.discountTolerance,
    ui: () => ui,
    player: () => player,
    languages: () => (o.language ? [o.language, ...browserLanguages()] : browserLanguages()),
    trackReaction: (record) => void track('players_offers', record),
    autoRefresh: o.offersAutoRefresh,
    retry: o.retry,
    isOnline,
    isLeader: () => leadership.isLeader,
    isPaused: () => uploader.paused !== undefined,
    isUnloading,
    pause: (error) => uploader.pause(error),
    onRetry: countRetry,
  });
  observeAnswer = offers?.observeAnswer;

  // Automatic uploads: a timer, a threshold, at start for records left by earlier visits, and at
  // once when the browser comes back online; retries wait for the backoff schedule.
  const scheduler = new UploadScheduler({
    run: async () => upload(await queue.storeLastKey()),
    policy: o.retry,
    isOnline,
    isPaused: () => uploader.paused !== undefined,
    isUnloading,
    hasWork: () => uploadsHere() && (queue.length > 0 || othersWrote),
    onFailure: emitError,
    onWillRetry: (info) => void emitter.emit('retry', info),
    onRetry: countRetry,
    automatic: autoFlush,
  });
  /** Kicks the background uploads (when automatic) and the first-open updates. */
  const kickAll = (trigger: Trigger): void => {
    if (autoFlush) scheduler.kick(trigger);
    offers?.kick(trigger);
  };
  const timer = autoFlush ? setInterval(() => kickAll('timer'), o.flushIntervalMs) : undefined;
  // In Node the timer must not keep a finished script alive.
  (timer as { unref?: () => void } | undefined)?.unref?.();
  const stopConnectivity = watchConnectivity(() => kickAll('online'));
  const unload = (includeUnstored: boolean): void => {
    if (isOnline() && uploadsHere()) uploader.unload(includeUnstored);
  };
  const onPageHide = (): void => {
    // Every tab: writes that have not finished are saved where the next page finds them.
    queue.rescue();
    unload(true);
  };
  const onPageShow = (): void => {
    if (!unloading) return; // the first pageshow, at load
    unloading = false;
    queue.cancelRescue();
    kickAll('start'); // back from the back/forward cache: what waited for the page goes now
  };
  // A tab that becomes leader uploads what earlier leaders and other tabs left, from the store as
  // it is now (what it read before may have been delivered since).
  leadership.onLeader(() => {
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
    if (autoFlush) void reloaded.then(() => scheduler.kick('start'));
    offers?.kick('start');
    // No accepted upload seen lately: find out now whether the service takes this game's uploads,
    // before the page's keepalive upload has to count on it (docs/decisions.md, "Delivery").
    if (autoFlush && useIndexedDb && isOnline() && !health.known()) void uploader.probe();
  });
  const stopLifecycle = watchPageLifecycle({
    hidden: () => {
      if (o.flushOnHide) unload(false);
      saveLedger();
    },
    unload: () => {
      unloading = true;
      if (o.flushOnHide) onPageHide();
      else queue.rescue();
      saveLedger();
    },
    visible: () => offers?.kick('visible'),
    shown: onPageShow,
  });

  return {
    get playerSlug() {
      return player;
    },
    identify(slug) {
      player = checkOption('playerSlug', slug);
      // Checked again with the player named: a long slug can take a record past `maxRecordBytes`.
      for (const entry of awaiting.release(slug)) {
        const checked = validateRecord(entry.objectName, entry.record, o.maxRecordBytes);
        if (checked.ok) enqueue({ ...entry, record: checked.record as Record<string, unknown>, bytes: checked.bytes });
        else refuse(checked.error);
      }
      offers?.identified();
    },
    track,
    flush: async () => {
      if (shut) throw new TpError('config', 'the client was shut down');
      // What is delivered from now on counts (an upload already running delivers some of it).
      const watch = uploader.watch();
      // Everything queued before the call, in any tab: up to the store's last key now.
      const target = await queue.storeLastKey().catch((error: unknown) => {
        watch.stop();
        throw error;
      });
      if (uploadsHere()) return scheduler.flushNow<FlushResult>(() => upload(target, watch)).finally(watch.stop);
      watch.stop();
      // Offline in this tab is offline in the uploading one: no request, as in the leader.
      if (!isOnline()) throw new NetworkError('logs', new Error('the browser is offline'));
      return tabs.flush(target);
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
      uploader.resume();
    },
    deadLetters: {
      list: async () => (await uploader.deadLetters.list()).sort(byKey),
      requeue() {
        const run = async (): Promise<number> => {
          const letters = await uploader.deadLetters.list();
          const entries = letters.flatMap((l) => l.entries) as Array<{ objectName: ObjectName; record: Record<string, unknown> }>;
          for (const { objectName, record } of entries) queue.enqueue({ objectName, record, enqueuedAt: o.now() });
          await queue.settled();
          await uploader.deadLetters.remove(letters.map((l) => l.key));
          return entries.length;
        };
        // One at a time, in this tab and across tabs (Web Locks, where there are): two calls at
        // once would each put every letter back.
        return (requeueing = requeueing.catch(() => 0).then(() => (locks ? (locks.request(`${dbPrefix}/dead-letter`, run) as Promise<unknown> as Promise<number>) : run())));
      },
      clear: async () => uploader.deadLetters.remove((await uploader.deadLetters.list()).map((l) => l.key)),
    },
    stats: () => ({
      queued: queue.length + awaiting.length,
      inFlight: uploader.inFlightCount,
      delivered,
      batches,
      retried,
      invalid,
      deadLettered,
      dropped,
      storage: queue.storageKind,
      leader: leadership.isLeader,
      paused: pauseReason(uploader.paused),
      relay: relay?.ready === true,
    }),
    offers: offers?.api as OffersApi,
    async shutdown() {
      shut = true;
      if (timer !== undefined) clearInterval(timer);
      scheduler.stop();
      offers?.stop();
      stopConnectivity();
      stopLifecycle();
      relay?.stop();
      if (typeof removeEventListener === 'function') removeEventListener('storage', onStorage);
      ui?.close();
      const unnamed = awaiting.clear();
      if (unnamed > 0) {
        dropped += unnamed;
        emitter.emit('dropped', { records: unnamed, reason: 'no-player' });
      }
      try {
        if (uploadsHere()) await upload(queue.lastKey);
      } catch (error) {
        emitError(toTpError(error));
      }
      tabs.close();
      emitter.removeAllListeners();
    },
  };
}
