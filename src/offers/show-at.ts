/**
 * `offers.showAt()` and `offers.explain()`: the decision of a placement (pick-offer.ts) made from
 * the known offers, their verdicts and the caps ledger, then, when an offer fits and nothing
 * stands in the way (gameplay, a hidden page, another offer on screen), `show()` of it. One wait
 * covers a first refresh and the image, and the decision is made again before anything is drawn
 * (show-at-wait.ts). The decision and the reservation of the offer picked are one critical
 * section across the game's tabs (placement-lock.ts); a reservation not followed by `open` is
 * released.
 *
 * @module
 */
import { ConfigError, OfferError } from '../errors/index.js';
import type { OfferOutcome } from '../ui/index.js';
import type { CapsLedgerKeeper } from './caps-ledger.js';
import type { LedgerOpen } from './caps.js';
import type { createShows } from './show.js';
import type { OfferSkipped, OffersDeps, PlacementDecision } from './contract.js';
import { placementDecision } from './decision.js';
import { shutDown, type EngineCore } from './core.js';
import type { KnownOffers } from './known-offers.js';
import type { OfferTriggerRef, PickListing } from './offer-rules.js';
import { DEFAULT_WAIT_MS } from './defaults.js';
import { listingOf, pickOffer, type PickResult } from './pick-offer.js';
import type { PlacementLock } from './placement-lock.js';
import type { Refresher } from './refresh.js';
import { offersForDecision, showGate, waitBudget } from './show-at-wait.js';

/** What `showAt` reads: the rules, the breaks, the adapter, the player, the device clock and the emitter. */
export type ShowAtDeps = Pick<OffersDeps, 'offerRules' | 'gameplay' | 'ui' | 'player' | 'now' | 'emitter' | 'waitMs'>;

/**
 * How long a reservation counts past the wait for the image, in milliseconds: the time `show()`
 * takes besides, with room to spare. A tab that died before `open` holds the caps no longer.
 */
const RESERVATION_MARGIN_MS = 10_000;
/** What a `showAt` not yet open is aborted with at `pagehide` or `shutdown()`. */
const RESET = new DOMException('the page is going away or the client shut down', 'AbortError');

/** The `show()` of the engine for `showAt` (show.ts), and whether an offer is on screen through it. */
export type Shows = Pick<ReturnType<typeof createShows>, 'showGated' | 'busy'>;

/** One `showAt` under way: see `current` below. */
interface Call {
  readonly stop: AbortController;
  decided?: boolean;
  reserved?: LedgerOpen;
  why?: 'hidden' | 'stop';
}

/** `showAt` and `explain` of one engine: see the module's description. */
export function createShowAt(
  core: EngineCore,
  deps: ShowAtDeps,
  known: Pick<KnownOffers, 'loadCached' | 'of'>,
  ledger: CapsLedgerKeeper,
  shows: Shows,
  refresher: Pick<Refresher, 'refresh' | 'revalidate'>,
  section: PlacementLock,
) {
  /** The `showAt` deciding or showing (`reserved`: the reservation of its offer); `reset` aborts it with {@link RESET}. */
  let current: Call | undefined;
  /** Unknown placements already warned of. */
  const warned = new Set<string>();

  /** The identified player's known offers, as `pickOffer` weighs them now. */
  const listings = (): PickListing[] => {
    const now = core.clock.now();
    return [...(known.of(deps.player())?.values() ?? [])].map((offer) => listingOf(offer, core.context(offer, now)));
  };

  /** The decision at `placement` now (`busy`: another offer is on screen or being decided). */
  const decide = (placement: string, busy: boolean): { pick: PickResult; decision: PlacementDecision } => {
    if (typeof placement !== 'string') throw new ConfigError('placement', `must be a string, not a ${typeof placement}`);
    const pick = pickOffer(listings(), deps.offerRules, ledger.snapshot(), placement, deps.now());
    const { inGameplay, pageHidden } = deps.gameplay;
    return { pick, decision: placementDecision(pick, { busy, inGameplay, pageHidden }) };
  };

  /** Emits what the decision has to say: the rules' errors, an unknown placement (once), the skip. */
  const report = ({ pick, decision }: ReturnType<typeof decide>, trigger: OfferTriggerRef | undefined): void => {
    for (const { error } of pick.errors) core.fail(error);
    if (pick.skipped === 'unknown-placement' && !warned.has(pick.placement)) {
      warned.add(pick.placement);
      core.warn(new ConfigError('offerRules.placements', `no placement "${pick.placement}": showAt() shows nothing there`));
    }
    if (decision.action === 'skipped') skip(decision, trigger);
    else deps.emitter.emit('offer:placed', { placement: decision.placement, offer: decision.offer, candidates: decision.candidates, ...(trigger && { trigger }) });
  };

  /** A skip: `offer:skipped` (naming the trigger that asked), and the result. */
  const skip = (skipped: OfferSkipped, trigger: OfferTriggerRef | undefined): OfferSkipped => {
    const { action, ...event } = skipped;
    deps.emitter.emit('offer:skipped', { ...event, ...(trigger && { trigger }) });
    return skipped;
  };

  return {
    /** See `OffersApi.explain`. */
    explain: (placement: string): PlacementDecision => decide(placement, current !== undefined || shows.busy()).decision,
    /**
     * The page is going away (`pagehide`: `hidden`) or the client shut down (`stop`): a `showAt`
     * whose offer is not open yet ends (`hidden` resolves it skipped `hidden`, `stop` rejects it
     * `shut-down`), every reservation of this tab is released, and the next `showAt` is not busy.
     * An offer already open stays on screen.
     */
    reset(why: 'hidden' | 'stop'): void {
      const call = current;
      if (call && (!call.decided || (call.reserved && ledger.holds(call.reserved)))) {
        current = undefined;
        call.why = why;
        call.stop.abort(RESET);
      }
      ledger.release();
    },
    /** See `OffersApi.showAt`; `trigger`: the trigger that asked (offers/triggers.ts), named in `offer:skipped`. */
    async showAt(placement: string, { signal, trigger }: { readonly signal?: AbortSignal; readonly trigger?: OfferTriggerRef } = {}): Promise<OfferOutcome | OfferSkipped> {
      if (signal?.aborted) throw signal.reason;
      if (core.stopped) throw shutDown();
      if (typeof placement !== 'string') throw new ConfigError('placement', `must be a string, not a ${typeof placement}`);
      if (!deps.ui()) throw new OfferError(undefined, 'no-ui', 'no `ui` adapter (or draw offers.view() yourself)');
      if (current || shows.busy()) {
        const busy = decide(placement, true);
        report(busy, trigger);
        return busy.decision as OfferSkipped;
      }
      const call: Call = { stop: new AbortController() };
      current = call;
      // The game's abort and `reset` end the call alike; `show()` hears both.
      const abort = (): void => call.stop.abort(signal?.reason);
      signal?.addEventListener('abort', abort);
      const stopIfAborted = (): void => {
        if (call.stop.signal.aborted) throw call.stop.signal.reason;
        if (core.stopped) throw shutDown();
      };
      // One wait for the refresh and the image together (show-at-wait.ts).
      const left = waitBudget(deps.waitMs ?? DEFAULT_WAIT_MS);
      let decision: PlacementDecision | undefined;
      try {
        // The device's copy of the offers, refreshed in the background or, never fetched, within the wait.
        await known.loadCached();
        stopIfAborted();
        const fail = (error: unknown): void => void (core.stopped || core.fail(error));
        await offersForDecision({ ...deps, known, refresher, fail }, placement, left, call.stop.signal);
        stopIfAborted();
        // One tab at a time: what other tabs and earlier pages counted, the decision, the reservation.
        const decided = await section(deps.player() ?? '', async () => {
          await ledger.load();
          stopIfAborted();
          const made = decide(placement, shows.busy());
          const forMs = left() + RESERVATION_MARGIN_MS;
          if (made.decision.action === 'show') call.reserved = await ledger.reserve(made.decision.offer.offer_id, placement, forMs);
          return made;
        });
        call.decided = true;
        report(decided, trigger);
        decision = decided.decision;
        if (decision.action === 'skipped') return decision;
        stopIfAborted();
        const { offer } = decision;
        const usable = (): boolean => {
          const listed = known.of(deps.player())?.get(offer.offer_id);
          return !!listed && core.verdictOf(listed).usable;
        };
        try {
          const shown = await shows.showGated(offer.offer_id, call.stop.signal, showGate(deps.gameplay, left, usable));
          if (typeof shown === 'object') return shown;
          // No longer wanted after the wait: nothing was drawn or reported.
          return skip({ action: 'skipped', placement, reason: shown, candidates: decision.candidates }, trigger);
        } catch (error) {
          // Another offer came on screen meanwhile (`show()` of the game's own).
          if (error instanceof OfferError && error.reason === 'busy') {
            return skip({ action: 'skipped', placement, reason: 'busy', candidates: decision.candidates }, trigger);
          }
          throw error;
        }
      } catch (error) {
        if (error !== RESET) throw error;
        if (call.why === 'stop') throw shutDown(decision?.action === 'show' ? decision.offer.offer_id : undefined);
        // The page went away before the offer was drawn.
        return skip({ action: 'skipped', placement, reason: 'hidden', candidates: decision?.candidates ?? [] }, trigger);
      } finally {
        signal?.removeEventListener('abort', abort);
        // Not opened (the showing failed, was aborted, or ended first): the caps count it no longer.
        if (call.reserved) ledger.release(call.reserved);
        if (current === call) current = undefined;
      }
    },
  };
}
