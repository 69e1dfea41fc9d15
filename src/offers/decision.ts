/**
 * What a placement's decision gives the game: `showAt`'s result when it showed nothing, and
 * `explain()`'s answer.
 *
 * @module
 */
import type { CapName } from './caps.js';
import type { SkipReason } from './events.js';
import type { PickCandidate, PickResult } from './pick-offer.js';
import type { Offer } from './types.js';

/** How `showAt` ended when it showed nothing (also the `offer:skipped` event's payload, with `action`). */
export interface OfferSkipped<P extends string = string> {
  readonly action: 'skipped';
  /** The placement asked for. */
  readonly placement: P;
  /**
   * `no-offer`: none of the known offers fits; `unknown-placement`: `offerRules.placements` has no
   * such name; `capped`: a cap of `offerRules` holds every offer back; `in-gameplay`: between
   * `gameplayStart()` and `gameplayStop()`; `hidden`: the page is hidden; `busy`: another offer is
   * on screen, or another `showAt` is deciding; `no-consent`: no consent (yet); `child-directed`:
   * offers are off. `superseded` and `stale` come only in `offer:skipped`, for a trigger's request
   * that waited (see `OfferTrigger`).
   */
  readonly reason: SkipReason;
  /**
   * With `capped`: the first cap that held, in the order checked (`max-per-day`,
   * `max-per-session`, `placement-max-per-session`, `session-grace`, `min-interval`,
   * `placement-min-interval`). A game can say "more offers tomorrow" or "in a few minutes".
   */
  readonly cap?: CapName;
  /** Each known offer, with why it was passed over (none for the one that was to be shown). */
  readonly candidates: readonly PickCandidate[];
}

/** The decision `explain()` gives: the offer `showAt` would show now, or why none. */
export type PlacementDecision<P extends string = string> =
  | OfferSkipped<P>
  | { readonly action: 'show'; readonly placement: P; readonly offer: Offer; readonly candidates: readonly PickCandidate[] };

/** What stands in the way of showing anything at a placement, besides the decision itself. */
export interface PlacementHold {
  /** Another offer is on screen, or another `showAt` is deciding. */
  readonly busy: boolean;
  /** Between `gameplayStart()` and `gameplayStop()`. */
  readonly inGameplay: boolean;
  /** The page is hidden. */
  readonly pageHidden: boolean;
}

/**
 * The decision at a placement from `pick` (pickOffer's result) and what holds the placement now:
 * `busy`, then `in-gameplay`, then `hidden` come before the pick's own skip reason.
 */
export function placementDecision(pick: PickResult, { busy, inGameplay, pageHidden }: PlacementHold): PlacementDecision {
  const { placement, candidates } = pick;
  const reason: SkipReason | undefined = busy ? 'busy' : inGameplay ? 'in-gameplay' : pageHidden ? 'hidden' : pick.skipped;
  const cap = reason === 'capped' ? pick.cap : undefined;
  return reason || !pick.offer ? { action: 'skipped', placement, reason: reason ?? 'no-offer', ...(cap && { cap }), candidates } : { action: 'show', placement, offer: pick.offer, candidates };
}
