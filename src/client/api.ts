/**
 * The public shape of a client: what `createClient` returns, with its TSDoc. Types only; the
 * composition root (create-client.ts) builds the object.
 *
 * @module
 */
import type { ClientEvents } from '../bus/index.js';
import type { FlushResult } from '../delivery/index.js';
import type { ConsentState, PauseReason } from '../errors/index.js';
import type { OfferRules, OffersApi, OffersDeps, OffersEngine, TriggerHooks } from '../offers/index.js';
import type { DeadLetter } from '../queue/index.js';
import type { ObjectName, RecordInput } from '../records/index.js';
import type { Session } from '../session/index.js';
import type { UiAdapter } from '../ui/index.js';

/** Health counters of a client (this tab, since `createClient`). */
export interface ClientStats {
  /**
   * Records waiting for a 200 (stored, being written, or buffered), for the first `identify()`,
   * or held for consent. While consent is not granted the storage is closed: only the records in
   * memory count.
   */
  readonly queued: number;
  /** Records held in memory while consent is `pending` (at most 1,000), part of `queued`. */
  readonly held: number;
  /** Records in a request right now. */
  readonly inFlight: number;
  /** Records the service accepted. */
  readonly delivered: number;
  /** Accepted POST /logs requests. */
  readonly batches: number;
  /**
   * Records the service-worker relay delivered (and deleted) for this game's queue after the
   * pages that handed them over were gone: told to this tab when it took over uploading (the
   * `relayed` event). Not part of `delivered`.
   */
  readonly relayed: number;
  /** Upload attempts made again after a retryable failure. */
  readonly retried: number;
  /** Records `track` rejected as invalid. */
  readonly invalid: number;
  /** Records put aside in the dead-letter store since the client started. */
  readonly deadLettered: number;
  /** Records deleted unsent (queue caps, storage quota, no consent, `forget()`) since the client started. */
  readonly dropped: number;
  /** Where the queue lives now: `none` while consent is not granted (nothing is stored). */
  readonly storage: 'indexeddb' | 'memory' | 'none';
  /**
   * Records left in IndexedDB that this client will not send: when the queue moved to memory
   * (`QuotaExceededError`, a failing database), the records already stored stayed there, for a
   * later page of the game (or another tab) to deliver. As counted at the move (every tab's
   * records); 0 while the queue is in IndexedDB, or when it failed before it was counted. Not
   * part of `queued`.
   */
  readonly stranded: number;
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
   * While consent is `pending` a valid record is held in memory instead (see `setConsent`).
   *
   * @returns true when queued or held, false when rejected (with `invalidRecords: 'drop'`), and
   * false, keeping nothing and checking nothing, after `shutdown()` or while consent is `denied`.
   * @throws {ValidationError} when the record is invalid and `invalidRecords` is `'throw'`.
   */
  track<K extends ObjectName>(objectName: K, record: RecordInput<K>): boolean;
  /**
   * Uploads everything queued before the call, in this tab and in the game's other tabs (the tab
   * that uploads for all does it).
   *
   * Resolves `{ records, batches, deadLettered }` once each record was accepted, or put aside in
   * the dead-letter store: the service answered 400 to the record alone (after its batch was
   * halved down to it) or to the request as a whole. Those are not resent; an `error` and a
   * `dead-letter` event fire and the rest keeps flowing.
   *
   * Uploads pause, nothing deleted, after a 403 `Invalid TPClientKey` (until `setClientKey()`) or
   * a 400 about the credential headers such as `Invalid TPAuthMode` (until a client with the right
   * options): `flush()` then rejects at once with that `ServiceError`.
   *
   * @throws {ServiceError | NetworkError | ProtocolError} the first other failure; that batch and
   *   the ones after it stay queued. A page being unloaded (`pagehide`) ends it after the batch on
   *   the wire, with a `NetworkError`.
   * @throws {TpError} code `config`, at once, after `shutdown()`.
   * @throws {ConsentError} at once while consent is `pending` (with consent `denied` it resolves
   *   with nothing sent), or when consent is withdrawn (or `forget()` called) during the flush: the
   *   batch on the wire ends, no other leaves.
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
  /**
   * The session now: `{ id, index, startedAt }` (`startedAt` in Unix seconds), shared by the
   * game's tabs. It starts at `createClient` (or when consent is granted), survives a reload, and
   * ends after `sessionTimeoutMs` with every tab hidden or closed, or at a new UTC day
   * (`session:start` and `session:end` events). Undefined without consent, between a session
   * that timed out in a hidden tab and the page's return, and after `shutdown()` (the session goes
   * on for the game's next page). Not sent to the service.
   */
  readonly session: Session | undefined;
  /**
   * The player starts playing: a level, a round, a match (the portals' `gameplayStart`, Poki and
   * CrazyGames). From now until {@link LoggingClient.gameplayStop} the player is in gameplay, and
   * the SDK presents nothing of its own accord there. Emits `gameplay` (`{ inGameplay: true }`)
   * when the state changes; a call while already in gameplay does nothing. Never throws; after
   * `shutdown()` it does nothing. Safe to pass unbound (`onStart = tp.gameplayStart`).
   */
  gameplayStart(): void;
  /**
   * Play stops: a stage cleared, game over, a menu, a pause screen (the portals' `gameplayStop`).
   * From now until the next {@link LoggingClient.gameplayStart} is a natural break, where an offer
   * may be shown without cutting into play. Emits `gameplay` (`{ inGameplay: false }`) when the
   * state changes; a call at a break does nothing. Never throws; after `shutdown()` it does
   * nothing. Safe to pass unbound.
   */
  gameplayStop(): void;
  /**
   * True between `gameplayStart()` and `gameplayStop()`: the player is playing. False when the
   * client is created (a game starts at its menu, a break) and at each break. Not stored: each page
   * starts false. Independent of consent; after `shutdown()` it keeps its last value.
   */
  readonly inGameplay: boolean;
  /** Health counters. */
  stats(): ClientStats;
  /**
   * The player's consent to storing data on the device and sending it: `granted`, `pending` or
   * `denied` (option `consent`, default `granted`; see {@link LoggingClient.setConsent}).
   */
  readonly consent: ConsentState;
  /**
   * Changes the consent state, and emits a `consent` event (nothing when it is the same state):
   * - `granted`: the records held while pending are queued in their order, with their original
   *   `event_timestamp`, and sent as usual; the device id is saved; offers work;
   * - `pending`: from now on records are held in memory (at most 1,000, the oldest dropped with
   *   reason `consent`); nothing is stored or sent; what is already stored stays;
   * - `denied`: held records are dropped (reason `consent`), everything stored is erased as by
   *   {@link LoggingClient.forget}, and `track()` keeps nothing from then on. A later `granted`
   *   starts fresh, with a new device id.
   *
   * While not granted, `flush()` rejects with a `ConsentError` (pending) or resolves with nothing
   * sent (denied), and the offer calls reject with `OfferError` reason `no-consent`.
   * @throws {ConfigError} not one of the three states.
   */
  setConsent(state: ConsentState): void;
  /**
   * Erases everything the SDK stored on this device for the client's namespace
   * (docs/privacy.md): the record queue, the dead-letter store, offer states and the offline copy
   * of offers, pending first-open updates, open counts and "do not show again" marks, the device
   * id, and the rescue copies in localStorage. Records held in memory are dropped (reason
   * `forget`).
   *
   * The game's other open tabs let go of their storage first and drop what they hold in memory;
   * then they go on in their consent state. Records tracked afterwards are kept as usual, under a
   * new device id. Resolves once the data is gone.
   * @throws {StorageError} operation `forget`: the browser refused to delete a database or key.
   */
  forget(): Promise<void>;
  /**
   * Finishes the client: a last upload (failures are emitted as `error`; records stay queued for
   * the next session), then timers, page listeners and event listeners stop, and any offer on
   * screen closes (its `show()` resolves `{ action: 'closed' }`, nothing reported). Records still
   * waiting for the first `identify()` are let go, with a `dropped` event of reason `no-player`.
   *
   * Afterwards `track()` returns false and keeps nothing, `flush()` rejects (`TpError`, code
   * `config`), and so do `offers.refresh`, `show`, `view` and `report` (`OfferError`, reason
   * `shut-down`). Create a new client to go on.
   */
  shutdown(): Promise<void>;
}

/**
 * A tp-web-sdk client: logging and offers. Create it with `createClient`. `P` is the placement
 * names of `offerRules.placements` (`showAt`'s argument).
 */
export interface TpClient<P extends string = string> extends LoggingClient {
  /** Offers: refresh, list, show, view, report, showAt, explain. Off with `childDirected` (each rejects, `list()` is empty), and without consent (`no-consent`). */
  readonly offers: OffersApi<P>;
}

/** What an entry point plugs in: the offers (left out of `tp-web-sdk/logging`), a default UI. */
export interface EntryDefaults {
  readonly ui?: () => UiAdapter | undefined;
  readonly offers?: {
    /** Builds the engine of the consented half (consented.ts). */
    readonly engine: (deps: OffersDeps) => OffersEngine;
    /** `client.offers`, handing each call to the engine of the moment (offers/forwarding-api.ts). */
    readonly api: (engine: () => OffersEngine | undefined, shut: () => boolean) => OffersApi;
    /**
     * Checks the `offerRules` option in depth (offers/offer-rules-check.ts), after the other
     * options: the logging entry, which refuses the option, carries none of it.
     */
    readonly checkRules: (rules: unknown) => void;
    /**
     * The hooks `track()` calls for the kinds of `offerRules.triggers`, built once
     * (offers/triggers.ts), each handing the record to the engine of the moment (with `purchases`,
     * `characters_purchases` too); undefined without triggers or purchases.
     */
    readonly triggers?: (rules: OfferRules | undefined, engine: () => OffersEngine | undefined, purchases?: boolean) => TriggerHooks | undefined;
  };
}
