/**
 * `showAt`'s wait, one budget (`offerRules.waitMs`) from the call: the known offers (the device's
 * copy included) are used at once and refreshed in the background when the last refresh is older
 * than `offersAutoRefresh.minIntervalMs` (stale-while-revalidate); a player of whom nothing was
 * ever fetched waits for one refresh within the budget; the offer's image gets what is left; and
 * after the waits the decision is made again before anything is drawn (`ShowGate`).
 *
 * @module
 */
import { MAX_TIMER_MS } from '../internal/index.js';
import type { GameplayPort } from './contract.js';
import type { SkipReason } from './events.js';
import type { KnownOffers } from './known-offers.js';
import { placementRule, type OfferRules } from './offer-rules.js';
import type { Refresher } from './refresh.js';
import type { ShowGate } from './show.js';

/** Milliseconds, monotonic where the platform has it: the budget must not jump with the device clock. */
const monotonic = (): number => (typeof performance === 'object' ? performance.now() : Date.now());

/** The milliseconds left of `waitMs` since this was called. */
export function waitBudget(waitMs: number): () => number {
  const start = monotonic();
  return () => Math.max(0, waitMs - (monotonic() - start));
}

/**
 * Resolves once `work` settled (how is not this wait's concern), `ms` passed, or gameplay started;
 * rejects with `signal`'s reason when it aborts.
 */
function waitWithin(work: Promise<unknown>, ms: number, signal: AbortSignal | undefined, gameplay: Pick<GameplayPort, 'onChange'>): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const end = (): void => {
      clearTimeout(timer);
      unwatch();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      end();
      reject(signal!.reason);
    };
    const done = (): void => {
      end();
      resolve();
    };
    const timer = setTimeout(done, Math.min(ms, MAX_TIMER_MS));
    const unwatch = gameplay.onChange((playing) => playing && done());
    signal?.addEventListener('abort', onAbort);
    work.then(done, done);
  });
}

/** What `showAt`'s wait reads: the identified player, the breaks, the rules, and how a failure nobody awaits is told. */
export interface ShowAtWaitDeps {
  readonly player: () => string | undefined;
  readonly gameplay: GameplayPort;
  readonly offerRules?: OfferRules;
  readonly known: Pick<KnownOffers, 'of'>;
  readonly refresher: Pick<Refresher, 'refresh' | 'revalidate'>;
  /** A refresh's failure (an `error` event); not called after `shutdown()`. */
  readonly fail: (error: unknown) => void;
}

/**
 * Before the decision at `placement`: known offers refreshed in the background when stale; none
 * ever fetched for the player, one refresh awaited within `left()` milliseconds, unless nothing
 * could be shown anyway (in gameplay, hidden, an unknown placement: the refresh goes on in the
 * background). A refresh's failure is `fail`'s, never the caller's.
 *
 * @throws the signal's reason when it aborts during the wait.
 */
export async function offersForDecision(deps: ShowAtWaitDeps, placement: string, left: () => number, signal: AbortSignal | undefined): Promise<void> {
  const player = deps.player();
  if (player === undefined) return;
  if (deps.known.of(player) !== undefined) return deps.refresher.revalidate();
  const first = deps.refresher.refresh();
  first.catch(deps.fail);
  const { inGameplay, pageHidden } = deps.gameplay;
  if (inGameplay || pageHidden || !placementRule(deps.offerRules ?? {}, placement)) return;
  await waitWithin(first, left(), signal, deps.gameplay);
}

/**
 * The gate `showAt` draws its offer through: the image gets what is `left()` of the wait, and the
 * offer is no longer wanted once gameplay started, the page is hidden, or `usable()` says it no
 * longer is (`no-offer`).
 */
export function showGate(gameplay: GameplayPort, left: () => number, usable: () => boolean): ShowGate {
  return {
    waitMs: left(),
    unwanted: (): SkipReason | undefined => (gameplay.inGameplay ? 'in-gameplay' : gameplay.pageHidden ? 'hidden' : usable() ? undefined : 'no-offer'),
    onChange: (listener) => gameplay.onChange(() => listener()),
  };
}
