/**
 * `client.offers`: fetch, decide, show and report offers (spec: GET /offers, POST /offers,
 * States and transitions, Rules that hold). Every decision uses the service's time
 * (ServerClock); every reaction goes through the state machine (offer-states.ts) and the durable
 * queue; first opens are sent by the uploading tab (first-open.ts).
 *
 * @module
 */
import type { ClientEmitter } from '../bus/events.js';
import { UploadScheduler, type RetryPolicy, type Transport, type Trigger } from '../delivery/index.js';
import { ConfigError, isTpError, OfferError, ProtocolError, StorageError, toTpError, type ServiceError } from '../errors/index.js';
import type { PlatformStore } from '../internal/env.js';
import type { ServerClock } from '../internal/server-clock.js';
import { parseDateTime } from '../internal/time.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../records/index.js';
import { buildOfferView } from '../ui/offer-view.js';
import type { UiAdapter } from '../ui/types.js';
import { decodeOffer } from './decode.js';
import { FirstOpenSender } from './first-open.js';
import type { OfferStateStore } from './local-state.js';
import { createMemoryOfferCache, type OfferCache } from './offer-cache.js';
import { OfferStates } from './offer-states.js';
import { runShowSession, type OfferOutcome } from './show-session.js';
import type { OfferState } from './state-machine.js';
import type { Offer } from './types.js';
import { checkUsability, usableUntil, type ProductCheck, type UsabilityContext, type Verdict } from './usability.js';

export type { OfferOutcome } from './show-session.js';

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

/** The offer half of the client. */
export interface OffersApi {
  /**
   * GET /offers for the identified player. Decodes every offer (a malformed one is skipped with an
   * `error` event), reports `impress` once ever for each usable offer (in any tab), and resolves
   * with the usable offers, newest first. Concurrent calls share one request. When the service
   * cannot be reached (no answer, time-out, 5xx, 408, 429) and an earlier answer is cached on this
   * device, resolves from that copy instead, decided at the current time, and emits `warning`
   * with the failure.
   *
   * @throws {ConfigError} no player identified.
   * @throws {ServiceError | NetworkError | ProtocolError} the request failed and nothing is cached.
   */
  refresh(): Promise<Offer[]>;
  /** The offers of the last `refresh()` (or of the cache, at start), usable or not, with their verdict and state now. */
  list(): OfferListing[];
  /**
   * Shows a usable offer through the UI adapter and reports `open` (the first open is saved and
   * sent to the service as the first-open update), then `dismiss` or `interact` from what the
   * player does. After `interact` the SDK closes it (the game takes the next step). If it stops
   * being usable while on screen, the SDK closes it and emits `offer:expired`. Resolves with how
   * it ended.
   *
   * @throws {OfferError} `unknown-offer` (not in the last refresh), `not-usable`, `busy` (another
   * offer is on screen), `no-ui` (no adapter), `ui-failed` (the adapter threw).
   * @throws {OfferStateError} the offer cannot be opened from its state (docs/decisions.md, "Offer states").
   */
  show(offerId: number): Promise<OfferOutcome>;
  /**
   * Reports a reaction for a game that draws its own UI: checks it against the offer's state,
   * queues a `players_offers` record (for the first `open`, also the first-open update), and
   * resolves once both are saved. A `dismiss` with `detail` {@link DO_NOT_SHOW_AGAIN} hides the
   * offer for good.
   *
   * @param detail `message_detail`: the id of the advertised content, e.g. a `purchasable_slug`.
   * @throws {OfferError} `unknown-offer`, or `bad-status` for a status outside the spec's four.
   * @throws {OfferStateError} the table does not allow this reaction now; nothing was reported.
   */
  report(offerId: number, status: MessageStatus, detail?: string): Promise<void>;
}

export interface OffersDeps {
  readonly transport: Transport;
  readonly stateStore: OfferStateStore;
  readonly cache?: OfferCache;
  readonly emitter: ClientEmitter;
  /** The service's time (validity decisions, first-open times). */
  readonly clock: ServerClock;
  readonly store: PlatformStore;
  readonly validForUnitMs: number;
  readonly canPurchase?: (product: ProductCheck) => boolean;
  readonly discountTolerance?: number;
  readonly ui: () => UiAdapter | undefined;
  readonly player: () => string | undefined;
  readonly languages: () => readonly string[];
  /** Queues a players_offers record through the durable queue. */
  readonly trackReaction: (record: { player_slug: string; offer_id: number; message_status: MessageStatus; message_detail?: string }) => void;
  readonly autoRefresh?: AutoRefreshOptions;
  /** Backoff of the first-open updates (the uploads' policy). */
  readonly retry: RetryPolicy;
  readonly isOnline: () => boolean;
  /** Whether this tab is the one that sends (the uploading tab). */
  readonly isLeader: () => boolean;
  /** Uploads are paused (403 `Invalid TPClientKey`). */
  readonly isPaused: () => boolean;
  /** A first-open update got 403 `Invalid TPClientKey`: pause like uploads. */
  readonly pause: (error: ServiceError) => void;
  readonly onRetry: () => void;
}

/** The offers API and the hooks the client drives it with. */
export interface OffersEngine {
  readonly api: OffersApi;
  /** Something happened that may let first-open updates go out, or call for an automatic refresh. */
  kick(trigger: Trigger | 'visible' | 'others-wrote'): void;
  /** The player changed (`identify`): their cached offers become the listed ones. */
  identified(): void;
  /** Stops timers and closes an offer on screen. */
  stop(): void;
}

export function createOffersEngine(deps: OffersDeps): OffersEngine {
  const { emitter, clock } = deps;
  const states = new OfferStates(deps.stateStore, (error) => void emitter.emit('warning', error));
  let cache = deps.cache ?? createMemoryOfferCache();
  let known = new Map<number, Offer>();
  let knownPlayer: string | undefined;
  let refreshing: Promise<Offer[]> | undefined;
  let showing: number | undefined;
  let lastAutoRefresh = -Infinity;

  const sender = new FirstOpenSender({
    transport: deps.transport,
    states,
    onRefused: (error) => void emitter.emit('error', error),
  });
  const firstOpens = new UploadScheduler({
    run: async () => {
      try {
        await sender.sendPending();
      } catch (error) {
        if (isTpError(error, 'service') && (error as ServiceError).status === 403) deps.pause(error as ServiceError);
        throw error;
      }
    },
    policy: deps.retry,
    isOnline: deps.isOnline,
    isPaused: deps.isPaused,
    hasWork: () => deps.isLeader() && sender.mayHaveWork,
    onFailure: (error) => void emitter.emit('error', error),
    onRetry: deps.onRetry,
  });

  const requirePlayer = (): string => {
    const player = deps.player();
    if (player === undefined) throw new ConfigError('playerSlug', 'identify the player (identify()) before using offers');
    return player;
  };

  const context = (offer: Offer, now: number): UsabilityContext => ({
    now,
    playerSlug: deps.player() ?? '',
    store: deps.store,
    local: states.local(offer.offer_id),
    validForUnitMs: deps.validForUnitMs,
    canPurchase: deps.canPurchase,
    discountTolerance: deps.discountTolerance,
  });
  const verdictOf = (offer: Offer, now = clock.now()): Verdict => checkUsability(offer, context(offer, now));

  /** Queues the reaction's `players_offers` record and emits its event. */
  const report = (offer: Offer, status: MessageStatus, detail: string | undefined, state: OfferState, now: number): void => {
    deps.trackReaction({
      player_slug: offer.player_slug,
      offer_id: offer.offer_id,
      message_status: status,
      ...(detail !== undefined ? { message_detail: detail } : {}),
    });
    emitter.emit(`offer:${status}`, { offer, status, detail, state, verdict: verdictOf(offer, now) });
  };

  /**
   * Makes a move and reports it. `open`, `dismiss` and `interact` are checked, applied and queued
   * before this returns (a page closed right after the click keeps them: the queue rescues what
   * it has not written); their state is written next. `impress` is reported only once the store
   * says no other tab impressed the offer first; its `impressPending` mark covers a page that dies
   * in between. Resolves once the state is written.
   *
   * @throws {OfferStateError} (before anything happens) the table does not allow the move.
   */
  const react = async (offer: Offer, status: MessageStatus, detail?: string): Promise<void> => {
    const now = clock.now();
    const { state, written } = states.apply(offer.offer_id, status, now, { hide: status === 'dismiss' && detail === DO_NOT_SHOW_AGAIN });
    if (status !== 'impress') report(offer, status, detail, state, now);
    const counts = await written;
    if (status === 'impress' && counts) {
      report(offer, status, detail, state, now);
      await states.update(offer.player_slug, offer.offer_id, (s) => ({ ...s, impressPending: false }));
    }
    if (status === 'open') {
      sender.noteOpen();
      firstOpens.kick('threshold');
    }
  };

  /** Reports the impressions a page decided and died before queueing (`impressPending`). */
  const reportUnreported = async (player: string): Promise<void> => {
    for (const offerId of states.unreportedImpressions()) {
      const offer = known.get(offerId);
      if (!offer) continue;
      // Claimed in one write, so that of two tabs loading at once only one reports it.
      let claimed = false;
      await states.update(player, offerId, (s) => (s.impressPending ? ((claimed = true), { ...s, impressPending: false }) : undefined));
      if (claimed) report(offer, 'impress', undefined, states.state(offerId), clock.now());
    }
  };

  /**
   * Closes a shown offer without a reaction (applied now, written next). Its events fire now: after
   * `offer:interact` when it follows one.
   */
  const closeShown = (offer: Offer, cause: 'interacted' | 'expired'): Promise<void> => {
    const { written } = states.apply(offer.offer_id, 'close', clock.now());
    const event = { offer, cause, verdict: verdictOf(offer) };
    emitter.emit('offer:close', event);
    if (cause === 'expired') emitter.emit('offer:expired', event);
    return written.then(() => undefined);
  };

  /** The GET /offers records for `player`: from the service, else (it cannot be reached) from the cache. */
  const fetchRecords = async (player: string): Promise<readonly unknown[]> => {
    try {
      const envelope = await deps.transport.getOffers(player);
      if (!Array.isArray(envelope.data)) throw new ProtocolError('offers', 'data is not an array');
      const records = envelope.data as unknown[];
      // The service's time is at least the newest creation time it sent (docs/decisions.md, "Clock").
      clock.observeAtLeast(Math.max(...records.map((r) => parseDateTime((r as { create_datetime?: unknown } | null)?.create_datetime) ?? -Infinity)));
      await cache.save(player, { fetchedAt: clock.now(), records }).catch((cause: unknown) => {
        cache = createMemoryOfferCache();
        emitter.emit('warning', new StorageError('offer-cache', cause));
        return cache.save(player, { fetchedAt: clock.now(), records });
      });
      return records;
    } catch (error) {
      if (!unreachable(error)) throw error;
      const cached = await cache.load(player).catch(() => undefined);
      if (!cached) throw error;
      emitter.emit('warning', toTpError(error));
      return cached.records;
    }
  };

  /** Decodes `records` into the known offers (a malformed one is skipped with an `error` event). */
  const learn = (player: string, records: readonly unknown[]): Offer[] => {
    const offers: Offer[] = [];
    for (const raw of records) {
      const result = decodeOffer(raw);
      if (result.ok) offers.push(result.offer);
      else emitter.emit('error', result.error);
    }
    known = new Map(offers.map((o) => [o.offer_id, o]));
    knownPlayer = player;
    return offers;
  };

  const doRefresh = async (): Promise<Offer[]> => {
    const player = requirePlayer();
    const records = await fetchRecords(player);
    await states.load(player);
    const offers = learn(player, records);
    await reportUnreported(player);
    for (const offer of offers) {
      // The service has a first open (from this device or another): none is to be sent.
      if (offer.first_opened_at != null && states.local(offer.offer_id).firstOpenSent !== true) {
        await states.update(player, offer.offer_id, (s) => (s.firstOpenSent ? undefined : { ...s, firstOpenSent: true }));
      }
    }
    const now = clock.now();
    const usable = offers.filter((o) => verdictOf(o, now).usable).sort(newestFirst);
    for (const offer of usable) if (states.state(offer.offer_id) === 'received') await react(offer, 'impress');
    firstOpens.kick('threshold');
    return usable;
  };

  const refresh = (): Promise<Offer[]> => {
    refreshing ??= doRefresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  /** The offers of the cache, at start and at `identify`: `show()` works offline before any refresh. */
  const loadCached = async (): Promise<void> => {
    const player = deps.player();
    if (player === undefined || knownPlayer === player) return;
    known = new Map();
    knownPlayer = undefined;
    const cached = await cache.load(player).catch(() => undefined);
    if (!cached || knownPlayer === player || deps.player() !== player) return;
    await states.load(player);
    learn(player, cached.records);
    await reportUnreported(player);
  };
  void loadCached();

  const find = async (offerId: number): Promise<Offer> => {
    await loadCached();
    const player = requirePlayer();
    const offer = knownPlayer === player ? known.get(offerId) : undefined;
    if (!offer) throw new OfferError(offerId, 'unknown-offer', 'not among the offers of the last refresh()');
    await states.load(player);
    return offer;
  };

  const show = async (offerId: number): Promise<OfferOutcome> => {
    const offer = await find(offerId);
    const now = clock.now();
    const verdict = verdictOf(offer, now);
    if (!verdict.usable) throw new OfferError(offerId, 'not-usable', `not usable now (${verdict.reason})`);
    const ui = deps.ui();
    if (!ui) throw new OfferError(offerId, 'no-ui', 'no UI adapter: pass the `ui` option, or draw it yourself and call offers.report()');
    if (showing !== undefined) throw new OfferError(offerId, 'busy', `offer ${showing} is on screen`);
    states.check(offerId, 'open');
    const view = buildOfferView(offer, { languages: deps.languages(), store: deps.store, now, canPurchase: deps.canPurchase });
    const failed = (error: unknown): void => void emitter.emit('error', toTpError(error));
    showing = offerId;
    try {
      return await runShowSession({
        ui,
        view,
        now: () => clock.now(),
        usableUntil: () => usableUntil(offer, context(offer, clock.now())),
        stillUsable: () => verdictOf(offer).usable,
        onOpened: () => void react(offer, 'open').catch(failed),
        onDismiss: (hide) => void react(offer, 'dismiss', hide ? DO_NOT_SHOW_AGAIN : undefined).catch(failed),
        onInteract: (product, productId) => {
          void react(offer, 'interact', product?.id ?? productId).catch(failed);
          void closeShown(offer, 'interacted').catch(failed);
        },
        onExpired: () => void closeShown(offer, 'expired').catch(failed),
      });
    } finally {
      showing = undefined;
    }
  };

  const api: OffersApi = {
    refresh,
    list() {
      const now = clock.now();
      return [...known.values()].map((offer) => ({ offer, verdict: verdictOf(offer, now), state: states.state(offer.offer_id) }));
    },
    show,
    async report(offerId, status, detail) {
      if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) {
        throw new OfferError(offerId, 'bad-status', `"${String(status)}" is not one of ${MESSAGE_STATUSES.join(', ')}`);
      }
      await react(await find(offerId), status, detail);
    },
  };

  const autoRefresh = (enabled: boolean | undefined): void => {
    const now = clock.now();
    if (!enabled || deps.player() === undefined || now - lastAutoRefresh < (deps.autoRefresh?.minIntervalMs ?? 300_000)) return;
    lastAutoRefresh = now;
    refresh().catch((error: unknown) => emitter.emit('error', toTpError(error)));
  };
  if (deps.autoRefresh?.onStart) queueMicrotask(() => autoRefresh(true));

  return {
    api,
    kick(trigger) {
      if (trigger === 'visible') return autoRefresh(deps.autoRefresh?.onVisible);
      if (trigger === 'others-wrote') sender.noteOpen();
      firstOpens.kick(trigger === 'others-wrote' ? 'threshold' : trigger);
    },
    identified() {
      void loadCached().catch((error: unknown) => emitter.emit('error', toTpError(error)));
    },
    stop() {
      firstOpens.stop();
      if (showing !== undefined) deps.ui()?.close();
    },
  };
}

/** A failure after which the cached offers stand in: no answer, or an answer worth retrying. */
function unreachable(error: unknown): boolean {
  if (isTpError(error, 'network')) return true;
  return isTpError(error, 'service') && (error as ServiceError).retryable;
}

function newestFirst(a: Offer, b: Offer): number {
  const ta = parseDateTime(a.create_datetime) ?? 0;
  const tb = parseDateTime(b.create_datetime) ?? 0;
  return tb - ta || b.offer_id - a.offer_id;
}

