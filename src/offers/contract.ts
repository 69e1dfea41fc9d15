/**
 * The offer engine's contract: the API games call (`client.offers`), what the client gives the
 * engine (`OffersDeps`) and what it gets back (`OffersEngine`). Types only, and the one constant
 * of the wire the API names, so that the engine's parts (engine.ts and the parts it wires) import
 * the contract, not each other.
 *
 * @module
 */
import type { RetryPolicy, SendGate, Transport, Trigger } from '../delivery/index.js';
import type { Clock, ClockSample, PlatformStore } from '../internal/index.js';
import type { MessageStatus, ObjectName } from '../records/index.js';
import type { OfferOutcome, OfferPurchase, OfferView, PurchaseAttempt, PurchaseResult, UiAdapter } from '../ui/index.js';
import type { PurchaseHandler, PurchaseRecord } from './purchase-record.js';
import type { OfferEmitter } from './events.js';
import type { OfferImagesOptions } from './images.js';
import type { CapsStore } from './caps-ledger.js';
import type { OfferSkipped, PlacementDecision } from './decision.js';
import type { OfferCache } from './offer-cache.js';
import type { OfferRules, OfferTrigger } from './offer-rules.js';
import type { OfferStateStore } from './local-state.js';
import type { ProductInfoSource } from './product-info.js';
import type { OfferState } from './state-machine.js';
import type { Offer } from './types.js';
import type { ProductCheck, Verdict } from './usability.js';

export type { OfferOutcome } from '../ui/index.js';
export type { OfferSkipped, PlacementDecision } from './decision.js';

/** `message_detail` of the `dismiss` reported when the player ticked do-not-show-again. */
export const DO_NOT_SHOW_AGAIN = 'do_not_show_again';

/** When offers are refreshed without the game asking (`offersAutoRefresh` option). Off by default. */
export interface AutoRefreshOptions {
  /** When the client starts with an identified player. @default false */
  readonly onStart?: boolean;
  /** When the player comes back to the page (it becomes visible). @default false */
  readonly onVisible?: boolean;
  /** Least time between two automatic refreshes, in milliseconds. @default 300000 (5 minutes) */
  readonly minIntervalMs?: number;
}

/** One offer of the last refresh, as it stands now. */
export interface OfferListing {
  readonly offer: Offer;
  /** Usable now (service time), or why not. */
  readonly verdict: Verdict;
  /** Where it is in the state machine on this device. */
  readonly state: OfferState;
}

/**
 * The offer half of the client. With `childDirected: true` offers are off: `refresh()`, `show()`,
 * `view()` and `report()` reject with an `OfferError` of reason `child-directed`, `list()` is
 * empty, and no request is made or database opened.
 */
export interface OffersApi<P extends string = string> {
  /**
   * GET /offers for the identified player. Decodes every offer (a malformed one is skipped with an
   * `error` event), reports `impress` once ever for each usable offer (in any tab), and resolves
   * with the usable offers, newest first. Concurrent calls for one player share one request; when
   * `identify()` changed the player while it was on the wire, it fetches again and resolves with
   * the new player's offers (nothing is impressed for the player who left). When the service
   * cannot be reached (no answer, time-out, 5xx, 408, 429) and an earlier answer is cached on this
   * device, resolves from that copy instead, decided at the current time, and emits `warning`
   * with the failure. An offer on screen is decided again by its new record: switched off, no
   * longer listed, or its validity ended, it closes (`expired`, `offer:expired`).
   *
   * @throws {ConfigError} no player identified.
   * @throws {ServiceError | NetworkError | ProtocolError} the request failed and nothing is cached.
   * @throws {OfferError} `shut-down` after the client's `shutdown()`; `child-directed` always with `childDirected`.
   */
  refresh(): Promise<Offer[]>;
  /** The offers of the last `refresh()` (or of the cache, at start), usable or not, with their verdict and state now; empty with `childDirected`. */
  list(): OfferListing[];
  /**
   * Shows a usable offer through the UI adapter and reports `open` (the first open is saved and
   * sent to the service as the first-open update), then `dismiss` or `interact` from what the
   * player does. After `interact` the SDK closes it (the game, or the `purchase` option, takes the
   * next step). If it stops being usable on screen, the SDK closes it and emits `offer:expired`.
   * Resolves with how it ended (with `purchase`, once the purchase handler answered).
   *
   * @param options.signal Takes the offer off screen when it aborts (the game moves on: a scene
   *   change, a match starting): nothing is reported (the player did not dismiss it), the offer
   *   moves to `closed` (`offer:close` with cause `closed`) and can be shown again, and `show()`
   *   rejects with the signal's reason, as `fetch` does. Already aborted: rejects, shows nothing.
   * @throws {OfferError} `unknown-offer` (not in the last refresh), `bad-offer-id` (not a number:
   * an id read from a `data-*` attribute must go through `Number()`), `not-usable`, `busy` (another
   * offer is on screen), `no-ui` (no adapter), `ui-failed` (the adapter threw, or its container or
   * canvas is not in the page, not rendered, or of zero size), `shut-down` (after the client's `shutdown()`),
   * `child-directed` (always with `childDirected`).
   * @throws {OfferStateError} the offer cannot be opened from its state (docs/decisions.md, "Offer states").
   * @throws the signal's `reason` (an `AbortError` `DOMException` unless given) when it aborted.
   */
  show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome>;
  /**
   * The view of a usable offer, for a game that draws it itself (with its engine's text objects,
   * say): its content (title, message spans, products, …) and the actions that drive its state
   * machine. Call `open()` once it is drawn (reports `open`), then `dismiss()` or `interact()` from
   * what the player does; remove it when `closed` resolves (also when it expires on screen). No
   * adapter is involved, and other offers can be shown meanwhile. One view per offer: a new view
   * of it (or `show()`) ends an earlier one not yet opened (`closed`, nothing reported).
   *
   * @throws {OfferError} `unknown-offer`, `bad-offer-id`, `not-usable`, `shut-down`,
   *   `child-directed` (always with `childDirected`).
   * @throws {OfferStateError} the offer cannot be opened from its state.
   */
  view(offerId: number): Promise<OfferView>;
  /**
   * Reports a reaction for a game that draws its own UI: checks it against the offer's state,
   * queues a `players_offers` record (for the first `open`, also the first-open update), and
   * resolves once both are saved. A `dismiss` with `detail` {@link DO_NOT_SHOW_AGAIN} hides the
   * offer for good.
   *
   * @param detail `message_detail`: the id of the advertised content, e.g. a `purchasable_slug`.
   * @throws {OfferError} `unknown-offer`, `bad-offer-id`, `shut-down`, `bad-status` for a status
   *   outside the spec's four, `not-usable` for an `impress` or `open` of an offer not usable now,
   *   or `child-directed` (always with `childDirected`: nothing is reported).
   * @throws {OfferStateError} the table does not allow this reaction now; nothing was reported.
   */
  report(offerId: number, status: MessageStatus, detail?: string): Promise<void>;
  /**
   * Shows the offer that fits `placement` now, at a natural break, as `offerRules` says
   * (placements, caps, order: `pickOffer`). Resolves as `show()` of the offer picked, or with
   * `{ action: 'skipped', placement, reason, candidates }` and an `offer:skipped` event: it never
   * rejects for a reason to show nothing.
   *
   * Offers: the known ones (the last refresh, or the device's copy), used at once and refreshed
   * in the background when older than `offersAutoRefresh.minIntervalMs` (300000 ms). With nothing
   * ever fetched for the player it waits for one refresh. `offerRules.waitMs` (3000 ms) bounds
   * that wait and the image's together.
   *
   * Nothing is shown in gameplay (`gameplayStart()`), on a hidden page, or while another offer is
   * on screen or another `showAt` decides. After the waits the decision is made again before
   * anything is drawn or reported.
   *
   * Caps: every open counts (from `show()`, `view()` and `report()` too), on this device, across
   * reloads and tabs. The decision and the reservation of its offer are one critical section
   * across the game's tabs: two tabs calling at once open one offer. What a placement's `accept`
   * or the rules' `priority` threw is an `error` event.
   *
   * @param placement A name of `offerRules.placements` (any name without a map).
   * @param options.signal As `show()`'s; aborting during the refresh's or the image's wait draws nothing.
   * @throws {ConfigError} `placement` is not a string.
   * @throws {OfferError} `no-ui` (no adapter) and `shut-down`, as `show()`.
   * @throws the signal's `reason` when it aborted.
   */
  showAt(placement: P, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome | OfferSkipped<P>>;
  /**
   * The decision `showAt(placement)` would make now, synchronous and dry: nothing is reserved,
   * reported, emitted or drawn. For the game's own UI and QA.
   *
   * @throws {ConfigError} `placement` is not a string.
   */
  explain(placement: P): PlacementDecision<P>;
  /**
   * The identified player's purchase attempts whose end is not known yet (`pending`, or the
   * handler's signal aborted), on this device, from any page or tab, oldest first.
   * @throws {ConfigError | OfferError} no player identified; `OfferError` as `refresh()`.
   */
  purchases(): Promise<PurchaseAttempt[]>;
  /**
   * Ends a pending purchase attempt with what the store says now: `purchased` tracks one
   * `characters_purchases` record (its fields as after a Buy: docs/decisions.md, "Purchase
   * records"), `cancelled` and `failed` track nothing; each removes the attempt. `pending` leaves
   * it. Emits `offer:purchase` and resolves with what it came to.
   * @param attemptId An `attemptId` of {@link purchases} (or of an outcome's `purchase`).
   * @throws {ConfigError} `result` is not a `PurchaseResult` (nothing changes).
   * @throws {OfferError} `unknown-purchase`: no unsettled attempt of that id (settled already,
   *   unknown, or another player's): nothing is tracked. `shut-down`, `child-directed`, `no-consent`.
   */
  settlePurchase(attemptId: string, result: PurchaseResult): Promise<OfferPurchase>;
}

/** A `players_offers` record: the reaction of `player_slug` to offer `offer_id`. */
export interface OfferReactionRecord {
  readonly player_slug: string;
  readonly offer_id: number;
  readonly message_status: MessageStatus;
  /** The id of the advertised content, or {@link DO_NOT_SHOW_AGAIN} with a `dismiss`. */
  readonly message_detail?: string;
}

/**
 * Where the engine's records go: the client's `track()`, which fills in the device's fields and
 * queues each record durably, as it does a game's.
 */
export interface RecordSink {
  track(objectName: 'players_offers', record: OfferReactionRecord): void;
  /** A purchase from an offer (purchase.ts); true when `track()` accepted it. */
  track(objectName: 'characters_purchases', record: PurchaseRecord): boolean;
}

/**
 * The natural breaks, as the game tells them on the client (`gameplayStart()`, `gameplayStop()`),
 * and the page's visibility: while the player plays, or while the page is hidden, the SDK presents
 * no offer of its own accord. The page becoming visible again is the engine's `kick('visible')`.
 */
export interface GameplayPort {
  /** True between `gameplayStart()` and `gameplayStop()`; false at start. */
  readonly inGameplay: boolean;
  /** True while the page is hidden (`document.visibilityState`); false outside a browser. */
  readonly pageHidden: boolean;
  /**
   * Calls `listener` with the new value each time `inGameplay` changes (before the client's
   * `gameplay` event); returns a function that stops. What the listener throws is reported as
   * uncaught, never thrown into the game's call. Nothing is called after `shutdown()`.
   */
  onChange(listener: (inGameplay: boolean) => void): () => void;
}

export interface OffersDeps {
  /** The `childDirected` option: offers are off (child-directed.ts), nothing else here is used. */
  readonly childDirected?: boolean;
  readonly transport: Transport;
  /** Prefix of the IndexedDB databases (`…/offer-states`, `…/offer-cache`, `…/offer-caps`); undefined: memory only. */
  readonly dbPrefix: string | undefined;
  /** How long each transaction of the offer stores may take, in milliseconds (the `storageTimeoutMs` option). @default 4000 */
  readonly storageTimeoutMs?: number;
  /** Stores to use instead (tests: two engines sharing them are two pages of one device). */
  readonly stores?: { readonly state: OfferStateStore; readonly cache: OfferCache };
  /** The client's emitter: the engine emits its `offer:*` events, `error`, `warning` and `retry`. */
  readonly emitter: OfferEmitter;
  /** The device clock; the engine estimates the service's time from it and the answers' `Date`. */
  readonly now: Clock;
  readonly store: PlatformStore;
  readonly validForUnitMs: number;
  readonly canPurchase?: (product: ProductCheck) => boolean;
  /** The `productInfo` option. */
  readonly productInfo?: ProductInfoSource;
  /** The `currencyCode` option. */
  readonly currencyCode?: string;
  readonly discountTolerance?: number;
  readonly ui: () => UiAdapter | undefined;
  /** The `offerImages` option. @default undefined */
  readonly images?: OfferImagesOptions;
  /** The most `show()` waits for the adapter's `prepare`, and `showAt()` for its first refresh and the image together, in milliseconds. @default DEFAULT_WAIT_MS */
  readonly waitMs?: number;
  readonly player: () => string | undefined;
  readonly languages: () => readonly string[];
  /** Takes the `players_offers` record of each reaction, into the durable queue. */
  readonly records: RecordSink;
  readonly autoRefresh?: AutoRefreshOptions;
  /** Backoff of the first-open updates (the uploads' policy). */
  readonly retry: RetryPolicy;
  /**
   * May a request start now (online, not paused, not unloading), and is this tab the one that
   * sends. A first-open update answered 403 `Invalid TPClientKey` pauses it, as uploads do.
   */
  readonly gate: SendGate;
  readonly onRetry: () => void;
  /** Called after each refresh with its offers, their verdicts and states (the debug log). @default undefined */
  readonly onRefreshed?: (listing: readonly OfferListing[]) => void;
  /** In gameplay or at a break, and the page hidden or not: when an offer may interrupt the player. */
  readonly gameplay: GameplayPort;
  /** The `offerRules` option. @default undefined */
  readonly offerRules?: OfferRules;
  /** The current session (`client.session`: `startedAt` in Unix seconds); undefined between sessions. @default none */
  readonly session?: () => { readonly id: string; readonly startedAt: number } | undefined;
  /**
   * The Web Locks of the game's tabs, where there are: `showAt` decides and reserves under one
   * (placement-lock.ts); without them, under a lease in IndexedDB `…/lease`. @default undefined
   */
  readonly locks?: LockManager;
  /** The caps ledger to use instead (tests: two engines sharing it are two pages of one device). @default by `dbPrefix` */
  readonly capsStore?: CapsStore;
  /** The `purchase` option. @default undefined */
  readonly purchase?: PurchaseHandler;
  /** The `characterSlug` option. @default undefined */
  readonly characterSlug?: string;
}

/** One trigger of `offerRules.triggers`, with its index there. */
export interface IndexedTrigger {
  readonly index: number;
  readonly trigger: OfferTrigger;
}

/**
 * What `track()` calls for an accepted record whose kind has triggers (one lookup by kind; the
 * offers' `triggerHooks` builds it once at `createClient`).
 */
export type TriggerHooks = ReadonlyMap<ObjectName, (record: Readonly<Record<string, unknown>>) => void>;

/** The offers API and the hooks the client drives it with. */
export interface OffersEngine {
  readonly api: OffersApi;
  /** Every answer of the service (any endpoint): its `Date` header feeds the service clock. */
  observeAnswer(sample: ClockSample): void;
  /** Something happened that may let first-open updates go out, or call for an automatic refresh. */
  kick(trigger: Trigger | 'visible' | 'others-wrote' | 'pagehide'): void;
  /** A `characters_purchases` record `track()` accepted (with the `purchase` option): the double-count check. */
  purchaseTracked(record: Readonly<Record<string, unknown>>): void;
  /** A record `track()` accepted, of a kind with `triggers` (offers/triggers.ts). */
  tracked(triggers: readonly IndexedTrigger[], record: Readonly<Record<string, unknown>>): void;
  /** The player changed (`identify`): their cached offers become the listed ones. */
  identified(): void;
  /** Stops timers and closes every offer on screen (shown, or drawn by the game from `view()`). */
  stop(): void;
}
