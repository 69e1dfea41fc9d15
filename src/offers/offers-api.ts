/**
 * `client.offers`: fetch, decide, show and report offers (spec: GET /offers, POST /offers,
 * States and transitions, Rules that hold).
 *
 * @module
 */
import type { ClientEmitter } from '../bus/events.js';
import { ConfigError, OfferError, ProtocolError, StorageError, toTpError } from '../errors/index.js';
import type { PlatformStore } from '../internal/env.js';
import { parseDateTime, type Clock } from '../internal/time.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../records/index.js';
import type { Transport } from '../delivery/index.js';
import { buildOfferView } from '../ui/offer-view.js';
import type { ProductView, UiAdapter } from '../ui/types.js';
import { decodeOffer } from './decode.js';
import { createMemoryOfferStateStore, type OfferLocalState, type OfferStateStore, type PlayerOfferStates } from './local-state.js';
import type { Offer } from './types.js';
import { checkUsability, type Verdict } from './usability.js';

/** `message_detail` of the `dismiss` reported when the player ticked do-not-show-again. */
export const DO_NOT_SHOW_AGAIN = 'do_not_show_again';

/** How a shown offer ended. */
export type OfferOutcome =
  | { readonly action: 'dismiss'; readonly offerId: number; readonly doNotShowAgain: boolean }
  | { readonly action: 'interact'; readonly offerId: number; readonly product: ProductView | undefined };

/** The offer half of the client. */
export interface OffersApi {
  /**
   * GET /offers for the identified player. Decodes every offer (a malformed one is skipped with an
   * `error` event), reports `impress` once ever for each usable offer, and resolves with the
   * usable offers, newest first. Concurrent calls share one request.
   *
   * @throws {ConfigError} no player identified.
   * @throws {ServiceError | NetworkError | ProtocolError} the request failed.
   */
  refresh(): Promise<Offer[]>;
  /** The offers of the last `refresh()` (usable or not) and their verdict now. */
  list(): Array<{ readonly offer: Offer; readonly verdict: Verdict }>;
  /**
   * Shows a usable offer through the UI adapter and reports `open` (and, for an offer never opened,
   * sends the first-open update), then `dismiss` or `interact` from what the player does.
   * Resolves when the player closed it or took the next step.
   *
   * @throws {OfferError} `unknown-offer` (not in the last refresh), `not-usable`, `busy` (another
   * offer is on screen), `no-ui` (no adapter).
   */
  show(offerId: number): Promise<OfferOutcome>;
  /**
   * Reports a reaction for a game that draws its own UI: queues a `players_offers` record (and,
   * for the first `open`, the first-open update). Resolves once the reaction is queued and the
   * offer's local state saved.
   *
   * @param detail `message_detail`: the id of the advertised content, e.g. a `purchasable_slug`.
   * @throws {OfferError} `unknown-offer`, or `bad-status` for a status outside the spec's four.
   */
  report(offerId: number, status: MessageStatus, detail?: string): Promise<void>;
}

export interface OffersDeps {
  readonly transport: Transport;
  readonly stateStore: OfferStateStore;
  readonly emitter: ClientEmitter;
  readonly clock: Clock;
  readonly store: PlatformStore;
  readonly validForUnitMs: number;
  readonly ui: () => UiAdapter | undefined;
  readonly player: () => string | undefined;
  readonly languages: () => readonly string[];
  /** Queues a players_offers record through the durable queue. */
  readonly trackReaction: (record: {
    player_slug: string;
    offer_id: number;
    message_status: MessageStatus;
    message_detail?: string;
  }) => void;
}

export function createOffersApi(deps: OffersDeps): OffersApi {
  let stateStore = deps.stateStore;
  let known = new Map<number, Offer>();
  let states: PlayerOfferStates = {};
  let statesPlayer: string | undefined;
  let saving: Promise<void> = Promise.resolve();
  let refreshing: Promise<Offer[]> | undefined;
  let showing: number | undefined;
  const sendingFirstOpen = new Set<number>();

  const requirePlayer = (): string => {
    const player = deps.player();
    if (player === undefined) throw new ConfigError('playerSlug', 'identify the player (identify()) before using offers');
    return player;
  };

  const statesFor = async (player: string): Promise<PlayerOfferStates> => {
    if (statesPlayer === player) return states;
    let loaded: PlayerOfferStates;
    try {
      loaded = await stateStore.load(player);
    } catch (cause) {
      storageFailed('state', cause);
      loaded = {};
    }
    if (deps.player() === player) {
      states = loaded;
      statesPlayer = player;
    }
    return loaded;
  };

  const storageFailed = (operation: string, cause: unknown): void => {
    stateStore = createMemoryOfferStateStore();
    deps.emitter.emit('warning', new StorageError(operation, cause));
  };

  const update = (offer: Offer, patch: (s: OfferLocalState) => OfferLocalState): void => {
    if (statesPlayer !== offer.player_slug) return;
    states = { ...states, [offer.offer_id]: patch(states[offer.offer_id] ?? { opens: 0 }) };
    const player = statesPlayer;
    const snapshot = states;
    saving = saving.then(() => stateStore.save(player, snapshot)).catch((cause: unknown) => storageFailed('state', cause));
  };

  const verdictOf = (offer: Offer, now: number): Verdict =>
    checkUsability(offer, {
      now,
      playerSlug: deps.player() ?? '',
      store: deps.store,
      local: states[offer.offer_id],
      validForUnitMs: deps.validForUnitMs,
    });

  const sendFirstOpen = (offer: Offer): void => {
    const local = states[offer.offer_id];
    if (offer.first_opened_at != null || !local?.firstOpenedAt || local.firstOpenSent || sendingFirstOpen.has(offer.offer_id)) {
      return;
    }
    sendingFirstOpen.add(offer.offer_id);
    deps.transport
      .postFirstOpen(offer.offer_id, offer.player_slug, local.firstOpenedAt)
      .then(() => update(offer, (s) => ({ ...s, firstOpenSent: true })))
      .catch((error: unknown) => deps.emitter.emit('error', toTpError(error)))
      .finally(() => sendingFirstOpen.delete(offer.offer_id));
  };

  const react = (offer: Offer, status: MessageStatus, detail?: string): void => {
    deps.trackReaction({
      player_slug: offer.player_slug,
      offer_id: offer.offer_id,
      message_status: status,
      ...(detail !== undefined ? { message_detail: detail } : {}),
    });
    const now = deps.clock();
    if (status === 'impress') update(offer, (s) => ({ ...s, impressedAt: s.impressedAt ?? now }));
    if (status === 'open') {
      update(offer, (s) => ({ ...s, opens: s.opens + 1, firstOpenedAt: s.firstOpenedAt ?? now }));
      sendFirstOpen(offer);
    }
    if (status === 'dismiss' && detail === DO_NOT_SHOW_AGAIN) update(offer, (s) => ({ ...s, hidden: true }));
    deps.emitter.emit(`offer:${status}`, { offer, status, detail });
  };

  const doRefresh = async (): Promise<Offer[]> => {
    const player = requirePlayer();
    const envelope = await deps.transport.getOffers(player);
    if (!Array.isArray(envelope.data)) throw new ProtocolError('offers', 'data is not an array');
    await statesFor(player);
    const offers: Offer[] = [];
    for (const raw of envelope.data) {
      const result = decodeOffer(raw);
      if (result.ok) offers.push(result.offer);
      else deps.emitter.emit('error', result.error);
    }
    known = new Map(offers.map((o) => [o.offer_id, o]));
    const now = deps.clock();
    const usable = offers.filter((o) => verdictOf(o, now).usable).sort(newestFirst);
    for (const offer of usable) {
      if (states[offer.offer_id]?.impressedAt === undefined) react(offer, 'impress');
    }
    for (const offer of offers) sendFirstOpen(offer);
    await saving;
    return usable;
  };

  const find = (offerId: number): Offer => {
    const offer = known.get(offerId);
    if (!offer) throw new OfferError(offerId, 'unknown-offer', 'not among the offers of the last refresh()');
    return offer;
  };

  return {
    refresh() {
      refreshing ??= doRefresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },

    list() {
      const now = deps.clock();
      return [...known.values()].map((offer) => ({ offer, verdict: verdictOf(offer, now) }));
    },

    async show(offerId) {
      const offer = find(offerId);
      await statesFor(requirePlayer());
      const now = deps.clock();
      const verdict = verdictOf(offer, now);
      if (!verdict.usable) throw new OfferError(offerId, 'not-usable', `not usable now (${verdict.reason})`);
      const ui = deps.ui();
      if (!ui) throw new OfferError(offerId, 'no-ui', 'no UI adapter: pass the `ui` option, or draw it yourself and call offers.report()');
      if (showing !== undefined) throw new OfferError(offerId, 'busy', `offer ${showing} is on screen`);
      const view = buildOfferView(offer, { languages: deps.languages(), store: deps.store, now });
      showing = offerId;
      react(offer, 'open');
      return new Promise<OfferOutcome>((resolve, reject) => {
        let done = false;
        let doNotShowAgain = false;
        const finish = (outcome: OfferOutcome): void => {
          done = true;
          showing = undefined;
          ui.close();
          resolve(outcome);
        };
        try {
          ui.present(view, {
            dismiss() {
              if (done) return;
              react(offer, 'dismiss', doNotShowAgain ? DO_NOT_SHOW_AGAIN : undefined);
              finish({ action: 'dismiss', offerId, doNotShowAgain });
            },
            interact(productId) {
              if (done) return;
              const product = view.products.find((p) => p.id === productId) ?? (productId === undefined ? view.products[0] : undefined);
              react(offer, 'interact', product?.id ?? productId);
              finish({ action: 'interact', offerId, product });
            },
            setDoNotShowAgain(value) {
              doNotShowAgain = value === true;
            },
          });
        } catch (cause) {
          done = true;
          showing = undefined;
          reject(new OfferError(offerId, 'ui-failed', 'the UI adapter failed to present the offer', { cause }));
        }
      });
    },

    async report(offerId, status, detail) {
      if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) {
        throw new OfferError(offerId, 'bad-status', `"${String(status)}" is not one of ${MESSAGE_STATUSES.join(', ')}`);
      }
      const offer = find(offerId);
      await statesFor(requirePlayer());
      react(offer, status, detail);
      await saving;
    },
  };
}

function newestFirst(a: Offer, b: Offer): number {
  const ta = parseDateTime(a.create_datetime) ?? 0;
  const tb = parseDateTime(b.create_datetime) ?? 0;
  return tb - ta || b.offer_id - a.offer_id;
}
