/**
 * The known offers: those of the last refresh, or of the device's copy (device-copy.ts) at start
 * and at `identify()`, so that `show()` works offline before any refresh. Adopting offers decodes
 * them, feeds the service clock, reports the impressions a page decided and died before queueing,
 * and decides again the offers on screen.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import { parseDateTime, slices } from '../internal/index.js';
import type { OffersDeps } from './contract.js';
import { shutDown, type EngineCore } from './core.js';
import { decodeOffer } from './decode.js';
import type { DeviceCopy } from './device-copy.js';
import { isUnreported } from './offer-states.js';
import type { OnScreen } from './on-screen.js';
import type { Reactions } from './reactions.js';
import type { Offer } from './types.js';

/**
 * How long (milliseconds, device time) an impression may stay decided but unreported before
 * another page reports it: the page that decided it died. A live page reports within a few
 * milliseconds; this leaves room for one that is busy, so that it is not reported twice.
 */
const PENDING_IMPRESSION_MS = 10_000;

/** The known offers of one engine: see the module's description. */
export type KnownOffers = ReturnType<typeof createKnownOffers>;

/**
 * The offers of `records` that decode, in order; the error of each that does not goes to `onError`.
 * Decoded in slices that give the page its turn ({@link slices}): 1 MiB of offers (the default
 * `maxOffersBytes`) is thousands of them, a long task if decoded at once.
 */
export async function decodeRecords(records: readonly unknown[], onError: (error: OfferError) => void): Promise<Offer[]> {
  const offers: Offer[] = [];
  const slice = slices();
  for (const raw of records) {
    if (slice.due()) await slice.pause();
    const result = decodeOffer(raw);
    if (result.ok) offers.push(result.offer);
    else onError(result.error);
  }
  return offers;
}

/** What the known offers read: the identified player and the device clock. */
export type KnownOffersDeps = Pick<OffersDeps, 'player' | 'now'>;

export function createKnownOffers(
  core: EngineCore,
  deps: KnownOffersDeps,
  copy: Pick<DeviceCopy, 'read'>,
  report: Reactions['report'],
  onScreen: Pick<OnScreen, 'recheck'>,
) {
  const { clock, states } = core;
  /** The offers of the last refresh (or of the device's copy), of `knownPlayer`. */
  let known = new Map<number, Offer>();
  let knownPlayer: string | undefined;

  /**
   * Makes `records` the known offers of `player` (a malformed one is skipped with an `error`
   * event), with their states, and reports the impressions a page decided and died before
   * queueing (`impressPending`). `receivedAt` (device time) is given for records the service just
   * sent, not for cached ones: their creation times then bound the service's clock.
   */
  const adopt = async (player: string, records: readonly unknown[], receivedAt?: number): Promise<Offer[]> => {
    await states.load(player);
    const offers = await decodeRecords(records, core.fail);
    // The service's time was at least the newest creation time of an answer (docs/decisions.md,
    // "Clock"): of the offers that decode (a malformed record's time says nothing).
    let newest = -Infinity;
    const byId = new Map<number, Offer>();
    const slice = slices();
    for (const offer of offers) {
      if (slice.due()) await slice.pause();
      if (receivedAt !== undefined) newest = Math.max(newest, parseDateTime(offer.create_datetime) ?? -Infinity);
      byId.set(offer.offer_id, offer);
    }
    if (receivedAt !== undefined) clock.observeAtLeast(newest, receivedAt);
    known = byId;
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
    onScreen.recheck();
    return offers;
  };

  /** The offers of the device's copy, at start and at `identify`: `show()` works offline before any refresh. */
  const loadCached = async (): Promise<void> => {
    const player = deps.player();
    if (player === undefined || knownPlayer === player) return;
    known = new Map();
    knownPlayer = undefined;
    const cached = await copy.read(player);
    if (cached && knownPlayer !== player && deps.player() === player) await adopt(player, cached.records);
  };

  /** The known offers, by id, when they are `player`'s; else undefined. */
  const of = (player: string | undefined): ReadonlyMap<number, Offer> | undefined => (knownPlayer === player ? known : undefined);

  return {
    adopt,
    loadCached,
    of,
    /** Every known offer, whoever's. */
    all: (): Offer[] => [...known.values()],
  };
}

/**
 * The known offer `offerId` of the identified player (the device's copy adopted first, when
 * nothing is known of them yet), with its states loaded.
 *
 * @throws {OfferError} `shut-down`, `bad-offer-id` (not a number), `unknown-offer`.
 * @throws {ConfigError} no player identified.
 */
export async function findOffer(core: EngineCore, known: Pick<KnownOffers, 'loadCached' | 'of'>, offerId: number): Promise<Offer> {
  if (core.stopped) throw shutDown(offerId);
  // An id read from a `data-*` attribute is a string: said as such, not as an unknown offer.
  if (typeof offerId != 'number') throw new OfferError(undefined, 'bad-offer-id', `offerId must be a number, not a ${typeof offerId}`);
  await known.loadCached();
  const player = core.requirePlayer();
  const offer = known.of(player)?.get(offerId);
  if (!offer) throw new OfferError(offerId, 'unknown-offer', 'not in the last refresh()');
  await core.states.load(player);
  return offer;
}
