/**
 * What every part of one offer engine shares: its dependencies, the service's clock (every
 * decision uses it), the offer states of the identified player, the usability verdicts they give,
 * how a failure nobody awaits is reported, and whether the client was shut down.
 *
 * @module
 */
import { ConfigError, OfferError, toTpError, type TpError } from '../errors/index.js';
import { createServerClock } from '../internal/index.js';
import type { OffersDeps } from './contract.js';
import { createIndexedDbOfferStateStore, createMemoryOfferStateStore } from './local-state.js';
import { createOfferStates } from './offer-states.js';
import type { Offer } from './types.js';
import { checkUsability, type Verdict } from './usability.js';

/** The shared part of one engine: see the module's description. */
export type EngineCore = ReturnType<typeof createEngineCore>;

/** `OfferError` `shut-down`: a call after the client's `shutdown()`. */
export const shutDown = (offerId?: number): OfferError => new OfferError(offerId, 'shut-down', 'the client was shut down');

export function createEngineCore(deps: OffersDeps) {
  const { emitter, dbPrefix, stores } = deps;
  const warn = (error: TpError): void => void emitter.emit('warning', error);
  // The service's time, from its answers (docs/decisions.md, "Clock"): every decision uses it.
  const clock = createServerClock(deps.now);
  const states = createOfferStates(
    stores?.state ?? (dbPrefix ? createIndexedDbOfferStateStore(`${dbPrefix}/offer-states`) : createMemoryOfferStateStore()),
    warn,
    deps.now,
  );
  /** What the verdict (and the content) of `offer` depends on, at `now` (service time): the options in `deps`, the player, the device's memory. */
  const context = (offer: Offer, now = clock.now()) => ({ ...deps, now, playerSlug: deps.player() ?? '', local: states.local(offer.offer_id) });
  const verdictOf = (offer: Offer, now?: number): Verdict => checkUsability(offer, context(offer, now));
  return {
    deps,
    clock,
    states,
    context,
    verdictOf,
    warn,
    /** Emits a failure nobody awaits. */
    fail: (error: unknown): void => void emitter.emit('error', toTpError(error)),
    /** The service's time now, if `offer` is usable then; else throws `OfferError` `not-usable`. */
    requireUsable(offer: Offer): number {
      const now = clock.now();
      const verdict = verdictOf(offer, now);
      if (!verdict.usable) throw new OfferError(offer.offer_id, 'not-usable', `not usable now (${verdict.reason})`);
      return now;
    },
    requirePlayer(): string {
      const player = deps.player();
      if (player === undefined) throw new ConfigError('playerSlug', 'call identify() first');
      return player;
    },
    /** Set at the client's `shutdown()`: every call rejects at once. */
    stopped: false,
  };
}
