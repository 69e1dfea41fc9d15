/**
 * `offers.showAt()` and `offers.explain()`: the decision of a placement (pick-offer.ts) made from
 * the known offers, their verdicts and the caps ledger, then, when an offer fits and nothing
 * stands in the way (gameplay, a hidden page, another offer on screen), `show()` of it.
 *
 * @module
 */
import { ConfigError, OfferError } from '../errors/index.js';
import type { OfferOutcome } from '../ui/index.js';
import type { CapsLedgerKeeper } from './caps-ledger.js';
import type { OfferSkipped, OffersDeps, PlacementDecision } from './contract.js';
import type { SkipReason } from './events.js';
import { shutDown, type EngineCore } from './core.js';
import type { KnownOffers } from './known-offers.js';
import type { PickListing } from './offer-rules.js';
import { pickOffer, type PickResult } from './pick-offer.js';
import { usableUntil } from './usability.js';

/** What `showAt` reads: the rules, the breaks, the adapter, the player, the device clock and the emitter. */
export type ShowAtDeps = Pick<OffersDeps, 'offerRules' | 'gameplay' | 'ui' | 'player' | 'now' | 'emitter'>;

/** The `show()` of the engine, and whether an offer is on screen through it. */
export interface Shows {
  show(offerId: number, options?: { readonly signal?: AbortSignal }): Promise<OfferOutcome>;
  busy(): boolean;
}

/** `showAt` and `explain` of one engine: see the module's description. */
export function createShowAt(core: EngineCore, deps: ShowAtDeps, known: Pick<KnownOffers, 'loadCached' | 'of'>, ledger: CapsLedgerKeeper, shows: Shows) {
  /** A `showAt` is deciding or showing. */
  let deciding = false;
  /** Unknown placements already warned of. */
  const warned = new Set<string>();

  /** The identified player's known offers, as `pickOffer` weighs them now. */
  const listings = (): PickListing[] => {
    const now = core.clock.now();
    return [...(known.of(deps.player())?.values() ?? [])].map((offer) => ({
      offer,
      verdict: core.verdictOf(offer, now),
      usableUntil: usableUntil(offer, core.context(offer, now)),
      opened: core.states.local(offer.offer_id).opens > 0,
    }));
  };

  /** The decision at `placement` now (`busy`: another offer is on screen or being decided). */
  const decide = (placement: string, busy: boolean): { pick: PickResult; decision: PlacementDecision } => {
    if (typeof placement !== 'string') throw new ConfigError('placement', `must be a string, not a ${typeof placement}`);
    const pick = pickOffer(listings(), deps.offerRules, ledger.snapshot(), placement, deps.now());
    const { candidates } = pick;
    const { inGameplay, pageHidden } = deps.gameplay;
    const reason: SkipReason | undefined = busy ? 'busy' : inGameplay ? 'in-gameplay' : pageHidden ? 'hidden' : pick.skipped;
    const decision: PlacementDecision = reason || !pick.offer ? { action: 'skipped', placement, reason: reason ?? 'no-offer', candidates } : { action: 'show', placement, offer: pick.offer, candidates };
    return { pick, decision };
  };

  /** Emits what the decision has to say: the rules' errors, an unknown placement (once), the skip. */
  const report = ({ pick, decision }: ReturnType<typeof decide>): void => {
    for (const { error } of pick.errors) core.fail(error);
    if (pick.skipped === 'unknown-placement' && !warned.has(pick.placement)) {
      warned.add(pick.placement);
      core.warn(new ConfigError('offerRules.placements', `no placement "${pick.placement}": showAt() shows nothing there`));
    }
    if (decision.action === 'skipped') deps.emitter.emit('offer:skipped', { placement: decision.placement, reason: decision.reason, candidates: decision.candidates });
    else deps.emitter.emit('offer:placed', { placement: decision.placement, offer: decision.offer, candidates: decision.candidates });
  };

  const skipped = (decision: PlacementDecision, reason: SkipReason): OfferSkipped => ({ action: 'skipped', placement: decision.placement, reason, candidates: decision.candidates });

  return {
    /** See `OffersApi.explain`. */
    explain: (placement: string): PlacementDecision => decide(placement, deciding || shows.busy()).decision,
    /** See `OffersApi.showAt`. */
    async showAt(placement: string, { signal }: { readonly signal?: AbortSignal } = {}): Promise<OfferOutcome | OfferSkipped> {
      if (signal?.aborted) throw signal.reason;
      if (core.stopped) throw shutDown();
      if (typeof placement !== 'string') throw new ConfigError('placement', `must be a string, not a ${typeof placement}`);
      if (!deps.ui()) throw new OfferError(undefined, 'no-ui', 'no `ui` adapter (or draw offers.view() yourself)');
      if (deciding || shows.busy()) {
        const busy = decide(placement, true);
        report(busy);
        return busy.decision as OfferSkipped;
      }
      deciding = true;
      try {
        // What other tabs and earlier pages counted, and the device's copy of the offers.
        await known.loadCached();
        await ledger.load();
        if (signal?.aborted) throw signal.reason;
        if (core.stopped) throw shutDown();
        const decided = decide(placement, shows.busy());
        report(decided);
        const { decision } = decided;
        if (decision.action === 'skipped') return decision;
        ledger.placing({ offerId: decision.offer.offer_id, placement });
        try {
          return await shows.show(decision.offer.offer_id, { signal });
        } catch (error) {
          // Another offer came on screen meanwhile (`show()` of the game's own).
          if (error instanceof OfferError && error.reason === 'busy') {
            const busy = skipped(decision, 'busy');
            deps.emitter.emit('offer:skipped', { placement, reason: 'busy', candidates: busy.candidates });
            return busy;
          }
          throw error;
        } finally {
          ledger.placing(undefined);
        }
      } finally {
        deciding = false;
      }
    },
  };
}
