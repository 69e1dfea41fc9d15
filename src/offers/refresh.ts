/**
 * `offers.refresh()` (spec: GET /offers): one request on the wire per player (the device's copy
 * stands in when the service cannot be reached, device-copy.ts), the first opens the service
 * already has, the impressions of the usable offers; and the automatic refreshes
 * (`offersAutoRefresh`).
 *
 * @module
 */
import { parseDateTime, slices } from '../internal/index.js';
import type { OfferListing, OffersDeps } from './contract.js';
import { shutDown, type EngineCore } from './core.js';
import type { DeviceCopy } from './device-copy.js';
import type { FirstOpens } from './first-open.js';
import type { KnownOffers } from './known-offers.js';
import type { Reactions } from './reactions.js';
import type { Offer } from './types.js';

/**
 * `offers` ordered newest first: by creation time (an unreadable one counts as the oldest), then
 * by id. Each creation time is read once, not at each comparison: 1 MiB of offers is some 40,000
 * comparisons.
 */
export function newestFirst(offers: readonly Offer[]): Offer[] {
  return offers
    .map((offer) => [parseDateTime(offer.create_datetime) ?? 0, offer] as const)
    .sort(([a, x], [b, y]) => b - a || y.offer_id - x.offer_id)
    .map(([, offer]) => offer);
}

/** What the refreshes read: the identified player, the device clock, `offersAutoRefresh`, the debug log's hook. */
export type RefreshDeps = Pick<OffersDeps, 'player' | 'now' | 'autoRefresh' | 'onRefreshed'>;

/** The refreshes of one engine: `offers.refresh()`, the automatic ones and `showAt`'s. */
export type Refresher = ReturnType<typeof createRefresher>;

export function createRefresher(
  core: EngineCore,
  deps: RefreshDeps,
  copy: Pick<DeviceCopy, 'fetch'>,
  known: Pick<KnownOffers, 'adopt'>,
  react: Reactions['react'],
  firstOpens: Pick<FirstOpens, 'kick'>,
  /** Given the usable offers of each refresh (`offerImages.prefetch`). */
  warmImages: (usable: readonly Offer[]) => void = () => undefined,
) {
  const { clock, states } = core;
  /** The refresh on the wire, and the player it is for. */
  let refreshing: { player: string | undefined; run: Promise<Offer[]> } | undefined;
  let lastAutoRefresh = -Infinity;
  /** Device time each player's last refresh started on this page (the game's, automatic or `showAt`'s). */
  const startedAt = new Map<string, number>();

  /**
   * Fetches and adopts the offers of the identified player, then impresses the usable ones. When
   * `identify()` changed the player while the request was on the wire, the answer is not theirs:
   * resolves with `again()`, the refresh for the new player.
   */
  const fetchAndAdopt = async (again: () => Promise<Offer[]>): Promise<Offer[]> => {
    const player = core.requirePlayer();
    const [records, receivedAt] = await copy.fetch(player);
    if (deps.player() !== player) return again();
    const offers = await known.adopt(player, records, receivedAt);
    // Each pass over the offers goes in slices (internal/slices.ts): 1 MiB of offers is thousands.
    const slice = slices();
    for (const offer of offers) {
      if (slice.due()) await slice.pause();
      // The service has a first open (from this device or another): none is to be sent.
      if (offer.first_opened_at != null && states.local(offer.offer_id).firstOpenSent !== true) {
        await states.update(player, offer.offer_id, (s) => (s.firstOpenSent ? undefined : { ...s, firstOpenSent: true }));
      }
    }
    const now = clock.now();
    const unsorted: Offer[] = [];
    for (const offer of offers) {
      if (slice.due()) await slice.pause();
      if (core.verdictOf(offer, now).usable) unsorted.push(offer);
    }
    // `identify()` changed the player between two slices: the verdicts were not all theirs.
    if (deps.player() !== player) return again();
    const usable = newestFirst(unsorted);
    // Stops impressing once `identify()` changed the player (the states are then the new player's).
    for (const offer of usable) if (deps.player() === player && states.state(offer.offer_id) === 'received') await react(offer, 'impress');
    firstOpens.kick('threshold');
    warmImages(usable);
    // Only for the debug log: no verdict is decided again without it.
    if (deps.onRefreshed) {
      const at = clock.now();
      const decided: OfferListing[] = [];
      for (const offer of offers) {
        if (slice.due()) await slice.pause();
        decided.push({ offer, verdict: core.verdictOf(offer, at), state: states.state(offer.offer_id) });
      }
      deps.onRefreshed(decided);
    }
    return usable;
  };

  /** One refresh on the wire per player: a second call for the same player joins it. */
  const refresh = (): Promise<Offer[]> => {
    if (core.stopped) return Promise.reject(shutDown());
    const player = deps.player();
    if (refreshing && refreshing.player === player) return refreshing.run;
    if (player !== undefined) startedAt.set(player, deps.now());
    const run = fetchAndAdopt(refresh).finally(() => {
      if (refreshing?.run === run) refreshing = undefined;
    });
    refreshing = { player, run };
    return run;
  };

  return {
    refresh,
    /** An automatic refresh when `enabled`, a player is identified, and the last one is old enough. */
    auto(enabled: boolean | undefined): void {
      // Device time: the interval must not jump when the service's clock is learned.
      const now = deps.now();
      if (!enabled || deps.player() === undefined || now - lastAutoRefresh < (deps.autoRefresh?.minIntervalMs ?? 300_000)) return;
      lastAutoRefresh = now;
      refresh().catch(core.fail);
    },
    /**
     * A refresh in the background when the identified player's last one started at least
     * `offersAutoRefresh.minIntervalMs` ago (device time), or never on this page: `showAt`'s
     * stale-while-revalidate. Its failure is an `error` event.
     */
    revalidate(): void {
      const player = deps.player();
      const last = player === undefined ? undefined : startedAt.get(player);
      if (player === undefined || (last !== undefined && deps.now() - last < (deps.autoRefresh?.minIntervalMs ?? 300_000))) return;
      refresh().catch((error: unknown) => core.stopped || core.fail(error));
    },
  };
}
