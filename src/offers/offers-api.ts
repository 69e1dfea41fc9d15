/**
 * `client.offers`: fetch, decide, show and report offers (spec: GET /offers, POST /offers,
 * States and transitions, Rules that hold). Every decision uses the service's time
 * (ServerClock); every reaction goes through the state machine (offer-states.ts) and the durable
 * queue; first opens are sent by the uploading tab (first-open.ts).
 *
 * @module
 */
import { ConfigError, isTpError, NetworkError, OfferError, ProtocolError, toTpError, type ServiceError, type TpError } from '../errors/index.js';
import { createServerClock } from '../internal/server-clock.js';
import { parseDateTime } from '../internal/time.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../records/index.js';
import { buildOfferContent } from '../ui/content.js';
import type { OfferView } from '../ui/types.js';
import { DO_NOT_SHOW_AGAIN, type OffersDeps, type OffersEngine } from './contract.js';
import { decodeOffer } from './decode.js';
import { createFirstOpens } from './first-open.js';
import { createIndexedDbOfferStateStore, createMemoryOfferStateStore } from './local-state.js';
import { createIndexedDbOfferCache, createMemoryOfferCache, type CachedOffers } from './offer-cache.js';
import { createOfferStates, isUnreported } from './offer-states.js';
import { createOfferView } from './show-session.js';
import { withMemoryFallback } from './store.js';
import type { OfferState } from './state-machine.js';
import type { Offer } from './types.js';
import { checkUsability, usableUntil, type Verdict } from './usability.js';

/**
 * How long (milliseconds, device time) an impression may stay decided but unreported before
 * another page reports it: the page that decided it died. A live page reports within a few
 * milliseconds; this leaves room for one that is busy, so that it is not reported twice.
 */
const PENDING_IMPRESSION_MS = 10_000;

export function createOffersEngine(deps: OffersDeps): OffersEngine {
  const { emitter, dbPrefix, stores } = deps;
  /** Emits a failure nobody awaits. */
  const fail = (error: unknown): void => void emitter.emit('error', toTpError(error));
  // The service's time, from its answers (docs/decisions.md, "Clock"): every decision uses it.
  const clock = createServerClock(deps.now);
  const warn = (error: TpError): void => void emitter.emit('warning', error);
  const states = createOfferStates(
    stores?.state ?? (dbPrefix ? createIndexedDbOfferStateStore(`${dbPrefix}/offer-states`) : createMemoryOfferStateStore()),
    warn,
    deps.now,
  );
  const cache = withMemoryFallback(
    stores?.cache ?? (dbPrefix ? createIndexedDbOfferCache(`${dbPrefix}/offer-cache`) : createMemoryOfferCache()),
    'offer-cache',
    warn,
  );
  const firstOpens = createFirstOpens(deps, states, fail);
  /** The offers of the last refresh (or of the cache), of `knownPlayer`. */
  let known = new Map<number, Offer>();
  let knownPlayer: string | undefined;
  /** The refresh on the wire, and the player it is for. */
  let refreshing: { player: string | undefined; run: Promise<Offer[]> } | undefined;
  let showing: { offerId: number; view?: OfferView } | undefined;
  /** After the client's `shutdown()`: every call rejects at once. */
  let stopped = false;
  const shutDown = (offerId?: number): OfferError => new OfferError(offerId, 'shut-down', 'the client was shut down');
  /** The views not yet closed (shown, or drawn by the game): the player each is for, and its recheck. */
  const views = new Map<OfferView, [player: string, recheck: () => void]>();
  let lastAutoRefresh = -Infinity;

  const requirePlayer = (): string => {
    const player = deps.player();
    if (player === undefined) throw new ConfigError('playerSlug', 'call identify() first');
    return player;
  };

  /** What the verdict (and the content) of `offer` depends on, at `now` (service time): the options in `deps`, the player, the device's memory. */
  const context = (offer: Offer, now = clock.now()) => ({ ...deps, now, playerSlug: deps.player() ?? '', local: states.local(offer.offer_id) });
  const verdictOf = (offer: Offer, now?: number): Verdict => checkUsability(offer, context(offer, now));
  /** The service's time now, if `offer` is usable then; else throws `OfferError` `not-usable`. */
  const requireUsable = (offer: Offer): number => {
    const now = clock.now();
    const verdict = verdictOf(offer, now);
    if (!verdict.usable) throw new OfferError(offer.offer_id, 'not-usable', `not usable now (${verdict.reason})`);
    return now;
  };

  /** Queues the reaction's `players_offers` record and emits its event. */
  const report = (offer: Offer, status: MessageStatus, detail: string | undefined, state: OfferState, now: number): void => {
    deps.trackReaction({
      player_slug: offer.player_slug,
      offer_id: offer.offer_id,
      message_status: status,
      ...(detail !== undefined && { message_detail: detail }),
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
    const { state, written } = states.apply(offer.offer_id, status, now, status === 'dismiss' && detail === DO_NOT_SHOW_AGAIN);
    if (status !== 'impress') report(offer, status, detail, state, now);
    // Waits for the write whatever the move; an impression is reported only once the store took it.
    if ((await written) && status === 'impress') {
      report(offer, status, detail, state, now);
      await states.update(offer.player_slug, offer.offer_id, (s) => ({ ...s, impressPending: false }));
    }
    if (status === 'open') firstOpens.opened();
  };

  /**
   * The offline copy of `player`'s last answer (undefined when none, or unreadable), with the
   * clock set from the offset learned then: its records are decided in the service's time.
   */
  const readCache = async (player: string): Promise<CachedOffers | undefined> => {
    const cached = await cache.get(player).catch(() => undefined);
    clock.restore(cached?.offsetMs);
    return cached;
  };

  /**
   * The GET /offers records for `player`, and the device time their answer arrived; else (the
   * service cannot be reached) those of the cache, with no time.
   */
  const fetchRecords = async (player: string): Promise<[records: readonly unknown[], receivedAt?: number]> => {
    try {
      // Offline: no request (it would fail, and the browser would log it); the device's copy at once.
      if (!deps.gate.online()) throw new NetworkError('offers', new Error('the browser is offline'));
      const { data } = await deps.transport.getOffers(player);
      if (!Array.isArray(data)) throw new ProtocolError('offers', 'data is not an array');
      const receivedAt = deps.now();
      await cache.change(player, () => ({ fetchedAt: clock.now(), offsetMs: clock.learnedOffsetMs, records: data }));
      return [data, receivedAt];
    } catch (error) {
      if (!unreachable(error)) throw error;
      const cached = await readCache(player);
      if (!cached) throw error;
      warn(toTpError(error));
      return [cached.records];
    }
  };

  /**
   * Makes `records` the known offers of `player` (a malformed one is skipped with an `error`
   * event), with their states, and reports the impressions a page decided and died before
   * queueing (`impressPending`). `receivedAt` (device time) is given for records the service just
   * sent, not for cached ones: their creation times then bound the service's clock.
   */
  const adopt = async (player: string, records: readonly unknown[], receivedAt?: number): Promise<Offer[]> => {
    await states.load(player);
    const offers: Offer[] = [];
    for (const raw of records) {
      const result = decodeOffer(raw);
      if (result.ok) offers.push(result.offer);
      else fail(result.error);
    }
    // The service's time was at least the newest creation time of an answer (docs/decisions.md,
    // "Clock"): of the offers that decode (a malformed record's time says nothing).
    if (receivedAt !== undefined) clock.observeAtLeast(Math.max(...offers.map((o) => parseDateTime(o.create_datetime) ?? -Infinity)), receivedAt);
    known = new Map(offers.map((o) => [o.offer_id, o]));
    knownPlayer = player;
    // Pending for a while: the page that decided it died before reporting it. Device time, as
    // the mark's (another tab's estimate of the service's time may differ from this one's).
    const before = deps.now() - PENDING_IMPRESSION_MS;
    for (const offerId of states.unreportedImpressions(before)) {
      const offer = known.get(offerId);
      // Claimed in one write, so that of two tabs loading at once only one reports it.
      if (offer && (await states.update(player, offerId, (s) => (isUnreported(s, before) ? { ...s, impressPending: false } : undefined)))) {
        report(offer, 'impress', undefined, states.state(offerId), clock.now());
      }
    }
    // The offers on screen are decided again by their new records: switched off (`is_offer_active`
    // 0), shortened, or no longer listed, an open one closes (`expired`).
    for (const [, [, recheck]] of views) recheck();
    return offers;
  };

  const doRefresh = async (): Promise<Offer[]> => {
    const player = requirePlayer();
    const [records, receivedAt] = await fetchRecords(player);
    // `identify()` changed the player while the request was on the wire: the answer is not theirs.
    if (deps.player() !== player) return refresh();
    const offers = await adopt(player, records, receivedAt);
    for (const offer of offers) {
      // The service has a first open (from this device or another): none is to be sent.
      if (offer.first_opened_at != null && states.local(offer.offer_id).firstOpenSent !== true) {
        await states.update(player, offer.offer_id, (s) => (s.firstOpenSent ? undefined : { ...s, firstOpenSent: true }));
      }
    }
    const now = clock.now();
    const usable = offers.filter((o) => verdictOf(o, now).usable).sort(newestFirst);
    // Stops impressing once `identify()` changed the player (the states are then the new player's).
    for (const offer of usable) if (deps.player() === player && states.state(offer.offer_id) === 'received') await react(offer, 'impress');
    firstOpens.kick('threshold');
    return usable;
  };

  /** One refresh on the wire per player: a second call for the same player joins it. */
  const refresh = (): Promise<Offer[]> => {
    if (stopped) return Promise.reject(shutDown());
    const player = deps.player();
    if (refreshing && refreshing.player === player) return refreshing.run;
    const run = doRefresh().finally(() => {
      if (refreshing?.run === run) refreshing = undefined;
    });
    refreshing = { player, run };
    return run;
  };

  /** The offers of the cache, at start and at `identify`: `show()` works offline before any refresh. */
  const loadCached = async (): Promise<void> => {
    const player = deps.player();
    if (player === undefined || knownPlayer === player) return;
    known = new Map();
    knownPlayer = undefined;
    const cached = await readCache(player);
    if (cached && knownPlayer !== player && deps.player() === player) await adopt(player, cached.records);
  };
  void loadCached();

  const find = async (offerId: number): Promise<Offer> => {
    if (stopped) throw shutDown(offerId);
    // An id read from a `data-*` attribute is a string: said as such, not as an unknown offer.
    if (typeof offerId != 'number') throw new OfferError(undefined, 'bad-offer-id', `offerId must be a number, not a ${typeof offerId}`);
    await loadCached();
    const player = requirePlayer();
    const offer = knownPlayer === player ? known.get(offerId) : undefined;
    if (!offer) throw new OfferError(offerId, 'unknown-offer', 'not in the last refresh()');
    await states.load(player);
    return offer;
  };

  /** A view of the offer (usable now, openable); `onEnded` runs when it ended. */
  const openView = async (offerId: number, onEnded: () => void): Promise<OfferView> => {
    const player = deps.player();
    const offer = await find(offerId);
    const now = requireUsable(offer);
    // Usable since the last refresh (a sale that started since): it reaches the player now.
    if (states.state(offerId) === 'received') await react(offer, 'impress');
    if (deps.player() !== player) throw new OfferError(offerId, 'unknown-offer', 'identify() changed the player');
    // `shutdown()` while it prepared: nothing is drawn.
    if (stopped) throw shutDown(offerId);
    states.check(offerId, 'open');
    // One view per offer: an earlier one not opened (taken and never drawn, say) ends here, unopened
    // (`closed`): both opened would count two opens, past `valid_open_count`.
    for (const earlier of views.keys()) if (earlier.offerId === offerId) earlier.close();
    const content = buildOfferContent(offer, { ...context(offer, now), languages: deps.languages() });
    // The first sale end among the products on screen: the view ends there (a product no longer on
    // sale cannot be bought from it), even if the offer stays usable for the others.
    const saleEnd = Math.min(...content.products.map((p) => p.saleEndsAt ?? Infinity));
    /** The offer as the last refresh of its player lists it (undefined: no longer listed), or as the view was made. */
    const latest = (): Offer | undefined => (knownPlayer === player ? known.get(offerId) : offer);
    const [view, recheck] = createOfferView({
      content,
      msLeft: () => {
        const at = clock.now();
        const current = latest() ?? offer;
        return Math.min(usableUntil(current, context(current, at)), saleEnd) - at;
      },
      // `valid_open_count` counts opens: it does not close an offer already open (the open that
      // reached the count is this one).
      stillUsable: () => {
        const current = latest();
        const ctx = current && context(current);
        return !!ctx && ctx.now < saleEnd && checkUsability(current, { ...ctx, local: { ...ctx.local, opens: 0 } }).usable;
      },
      onOpened: () => void react(offer, 'open').catch(fail),
      onEnd: (outcome, productId) => {
        // Whatever happens here (a move the table refuses, because the player changed while it
        // was on screen, say), the offer leaves the screen: the failure is an `error` event.
        try {
          if (outcome.action === 'dismiss') {
            void react(offer, 'dismiss', outcome.doNotShowAgain ? DO_NOT_SHOW_AGAIN : undefined).catch(fail);
          } else {
            const cause = outcome.action === 'interact' ? 'interacted' : outcome.action;
            if (outcome.action === 'interact') void react(offer, 'interact', outcome.product?.id ?? productId).catch(fail);
            // The SDK closes it, without a reaction (applied now, written next); its events fire now,
            // after `offer:interact`. With the toggle set, a purchase hides it on this device too.
            void states.apply(offer.offer_id, 'close', clock.now(), outcome.action === 'interact' && outcome.doNotShowAgain).written.catch(fail);
            const event = { offer, cause, verdict: verdictOf(offer) } as const;
            emitter.emit('offer:close', event);
            if (cause === 'expired') emitter.emit('offer:expired', event);
          }
        } catch (error) {
          fail(error);
        }
        // What was drawn is taken away. An adapter that throws there (a game's own) is an `error`
        // event, not a failure of what ended the offer (a refresh, a timer, the player's press).
        try {
          onEnded();
        } catch (error) {
          fail(error);
        }
      },
    });
    views.set(view, [player!, recheck]);
    void view.closed.then(() => views.delete(view));
    return view;
  };

  const autoRefresh = (enabled: boolean | undefined): void => {
    // Device time: the interval must not jump when the service's clock is learned.
    const now = deps.now();
    if (!enabled || deps.player() === undefined || now - lastAutoRefresh < (deps.autoRefresh?.minIntervalMs ?? 300_000)) return;
    lastAutoRefresh = now;
    refresh().catch(fail);
  };
  if (deps.autoRefresh?.onStart) queueMicrotask(() => autoRefresh(true));

  return {
    api: {
      refresh,
      list() {
        const now = clock.now();
        return [...known.values()].map((offer) => ({ offer, verdict: verdictOf(offer, now), state: states.state(offer.offer_id) }));
      },
      async show(offerId, { signal } = {}) {
        const stopIfAborted = (): void => {
          if (signal?.aborted) throw signal.reason;
        };
        stopIfAborted();
        const ui = deps.ui();
        if (!ui) throw new OfferError(offerId, 'no-ui', 'no `ui` adapter (or draw offers.view() yourself)');
        if (showing) throw new OfferError(offerId, 'busy', `offer ${showing.offerId} is on screen`);
        const shown: { offerId: number; view?: OfferView } = { offerId };
        showing = shown;
        const onAbort = (): void => shown.view?.close();
        try {
          // Ended: another offer may be shown at once (from the adapter's `close`, say).
          const view = (shown.view = await openView(offerId, () => {
            showing = undefined;
            ui.close();
          }));
          stopIfAborted();
          try {
            ui.present(view);
          } catch (cause) {
            // What the adapter drew before it threw is taken away, and the view ends (never open:
            // nothing was reported).
            view.close();
            try {
              ui.close();
            } catch {
              // The adapter's first failure is the one reported.
            }
            throw new OfferError(offerId, 'ui-failed', 'the UI adapter threw', { cause });
          }
          view.open();
          signal?.addEventListener('abort', onAbort);
          const outcome = await view.closed;
          // It ended unopened (it expired as it was drawn): what the adapter drew goes too.
          if (showing === shown) ui.close();
          if (outcome.action === 'closed') stopIfAborted();
          return outcome;
        } finally {
          signal?.removeEventListener('abort', onAbort);
          if (showing === shown) showing = undefined;
        }
      },
      view: (offerId) => openView(offerId, () => undefined),
      async report(offerId, status, detail) {
        if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) {
          throw new OfferError(offerId, 'bad-status', `"${String(status)}" is not one of ${MESSAGE_STATUSES.join(', ')}`);
        }
        const offer = await find(offerId);
        if (status === 'impress' || status === 'open') requireUsable(offer);
        await react(offer, status, detail);
      },
    },
    observeAnswer: (sample) => clock.observe(sample),
    kick(trigger) {
      if (trigger === 'visible') autoRefresh(deps.autoRefresh?.onVisible);
      else if (trigger === 'others-wrote') firstOpens.opened();
      else firstOpens.kick(trigger);
    },
    identified() {
      // The previous player's offers leave the screen (nothing reported: they did not dismiss
      // them), before the states of the new player are loaded.
      for (const [view, [player]] of views) if (player !== deps.player()) view.close();
      void loadCached().catch(fail);
    },
    stop() {
      stopped = true;
      firstOpens.stop();
      // Every offer on screen leaves it, shown or drawn by the game (`closed`); nothing is reported.
      for (const view of views.keys()) view.close();
      if (showing) deps.ui()?.close();
    },
  };
}

/** A failure after which the cached offers stand in: no answer, or an answer worth retrying. */
function unreachable(error: unknown): boolean {
  return isTpError(error, 'network') || (isTpError(error, 'service') && (error as ServiceError).retryable);
}

function newestFirst(a: Offer, b: Offer): number {
  return (parseDateTime(b.create_datetime) ?? 0) - (parseDateTime(a.create_datetime) ?? 0) || b.offer_id - a.offer_id;
}
