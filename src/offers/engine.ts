/**
 * `client.offers`: fetch, decide, show and report offers (spec: GET /offers, POST /offers,
 * States and transitions, Rules that hold). This file only wires the parts, each built from
 * those above it: the shared core (core.ts: the service's clock, the offer states, the verdicts),
 * the first-open updates (first-open.ts), the reactions (reactions.ts), the views on screen
 * (on-screen.ts), the device's copy (device-copy.ts), the known offers (known-offers.ts), the
 * refreshes (refresh.ts), the views (views.ts), the offer shown through the adapter (show.ts), the
 * placements (show-at.ts) and the triggers (triggers.ts).
 * A child-directed client gets none of them (child-directed.ts).
 *
 * @module
 */
import { createCapsLedger, createIndexedDbCapsStore, createMemoryCapsStore } from './caps-ledger.js';
import { childDirectedOffers } from './child-directed.js';
import type { OffersDeps, OffersEngine } from './contract.js';
import { createEngineCore } from './core.js';
import { createDeviceCopy } from './device-copy.js';
import { createFirstOpens } from './first-open.js';
import { createImageWarmer } from './images.js';
import { createKnownOffers, findOffer } from './known-offers.js';
import { createOnScreen } from './on-screen.js';
import { createPlacementLock } from './placement-lock.js';
import { createPurchases } from './purchase.js';
import { checkStatus, createReactions } from './reactions.js';
import { createRefresher } from './refresh.js';
import { createShowAt } from './show-at.js';
import { createShows } from './show.js';
import { withMemoryFallback } from './store.js';
import { createTriggers } from './triggers.js';
import { createViewOpener } from './views.js';

export function createOffersEngine(deps: OffersDeps): OffersEngine {
  if (deps.childDirected) return childDirectedOffers();
  const core = createEngineCore(deps);
  const { clock, states } = core;
  const firstOpens = createFirstOpens(deps, states, core.fail);
  // Where IndexedDB is refused or fails (a sandboxed iframe), the caps are kept in memory, with a warning.
  const capsStore = withMemoryFallback(deps.capsStore ?? (deps.dbPrefix ? createIndexedDbCapsStore(`${deps.dbPrefix}/offer-caps`, deps.storageTimeoutMs) : createMemoryCapsStore()), 'offer-caps', core.warn);
  const ledger = createCapsLedger(deps, capsStore, core.fail);
  const reactions = createReactions(core, deps, firstOpens, ledger.reacted);
  const onScreen = createOnScreen();
  const copy = createDeviceCopy(core, deps);
  const known = createKnownOffers(core, deps, copy, reactions.report, onScreen);
  const warmImages = createImageWarmer(deps.images, deps.languages, core.fail);
  const refresher = createRefresher(core, deps, copy, known, reactions.react, firstOpens, warmImages);
  const openView = createViewOpener(core, deps, known, reactions, onScreen);
  const purchases = createPurchases(core, deps, capsStore);
  const offerOf = (offerId: number) => known.of(deps.player())?.get(offerId);
  const shows = createShows(deps, openView, core.fail, deps.purchase && (async (outcome, signal) => {
    const offer = offerOf(outcome.offerId);
    return offer ? purchases.run(offer, outcome, signal) : outcome;
  }));
  const placements = createShowAt(core, deps, known, ledger, shows, refresher, createPlacementLock(deps.locks, deps.dbPrefix));
  const triggers = createTriggers(deps, core.fail, placements.showAt);
  // explain() answers from what earlier pages and other tabs counted, with no showAt before it.
  void known.loadCached();
  void ledger.load();
  if (deps.autoRefresh?.onStart) queueMicrotask(() => refresher.auto(true));

  return {
    api: {
      refresh: refresher.refresh,
      list() {
        const now = clock.now();
        return known.all().map((offer) => ({ offer, verdict: core.verdictOf(offer, now), state: states.state(offer.offer_id) }));
      },
      show: shows.show,
      showAt: placements.showAt,
      explain: placements.explain,
      purchases: purchases.list,
      settlePurchase: purchases.settle,
      view: (offerId) => openView(offerId, () => undefined),
      async report(offerId, status, detail) {
        checkStatus(offerId, status);
        const offer = await findOffer(core, known, offerId);
        if (status === 'impress' || status === 'open') core.requireUsable(offer);
        await reactions.react(offer, status, detail);
      },
    },
    observeAnswer: (sample) => clock.observe(sample),
    tracked: triggers.tracked,
    purchaseTracked: purchases.tracked,
    kick(trigger) {
      if (trigger === 'pagehide') {
        placements.reset('hidden');
        purchases.abortAll();
      }
      else if (trigger === 'visible') {
        // What other tabs counted while this one was behind them, for explain() too.
        void ledger.load();
        refresher.auto(deps.autoRefresh?.onVisible);
        triggers.visible();
      } else if (trigger === 'others-wrote') firstOpens.opened();
      else firstOpens.kick(trigger);
    },
    identified() {
      // The previous player's offers leave the screen (nothing reported: they did not dismiss
      // them), before the states of the new player are loaded.
      onScreen.close((_, player) => player !== deps.player());
      ledger.release(); // the previous player's reservations
      triggers.identified();
      void known.loadCached().catch(core.fail);
      void ledger.load();
    },
    stop() {
      core.stopped = true;
      placements.reset('stop');
      firstOpens.stop();
      triggers.stop();
      purchases.abortAll();
      // Every offer on screen leaves it, shown or drawn by the game (`closed`); nothing is reported.
      onScreen.close(() => true);
      shows.stop();
    },
  };
}
