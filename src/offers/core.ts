/**
 * What every part of one offer engine shares: the service's clock (every decision uses it), the
 * offer states of the identified player, the usability verdicts they give, how a failure nobody
 * awaits is reported, and whether the client was shut down. Each part takes the few dependencies
 * it reads besides (engine.ts hands them over).
 *
 * @module
 */
import { ConfigError, OfferError, toTpError, type TpError } from '../errors/index.js';
import { createServerClock } from '../internal/index.js';
import type { OffersDeps } from './contract.js';
import { createIndexedDbOfferStateStore, createMemoryOfferStateStore } from './local-state.js';
import { createOfferStates } from './offer-states.js';
import type { Offer } from './types.js';
import { checkUsability, type UsabilityContext, type Verdict } from './usability.js';

/** The options a verdict reads, as the engine's dependencies carry them. */
export type VerdictOptions = Pick<OffersDeps, 'store' | 'validForUnitMs' | 'canPurchase' | 'discountTolerance'>;

/**
 * What the core reads: the options of the verdicts, the identified player, the device clock, the
 * emitter (`warning`, `error`) and where the offer states are kept.
 */
export type CoreDeps = VerdictOptions & Pick<OffersDeps, 'player' | 'now' | 'emitter' | 'dbPrefix' | 'storageTimeoutMs' | 'stores'>;

/** The shared part of one engine: see the module's description. */
export type EngineCore = ReturnType<typeof createEngineCore>;

/** `OfferError` `shut-down`: a call after the client's `shutdown()`. */
export const shutDown = (offerId?: number): OfferError => new OfferError(offerId, 'shut-down', 'the client was shut down');

export function createEngineCore(deps: CoreDeps) {
  const { emitter, dbPrefix, stores, store, validForUnitMs, canPurchase, discountTolerance } = deps;
  const warn = (error: TpError): void => void emitter.emit('warning', error);
  // The service's time, from its answers (docs/decisions.md, "Clock"): every decision uses it.
  const clock = createServerClock(deps.now);
  const states = createOfferStates(
    stores?.state ?? (dbPrefix ? createIndexedDbOfferStateStore(`${dbPrefix}/offer-states`, deps.storageTimeoutMs) : createMemoryOfferStateStore()),
    warn,
    deps.now,
  );
  /** What the verdict (and the content) of `offer` depends on, at `now` (service time): the options, the player, the device's memory. */
  const context = (offer: Offer, now = clock.now()) =>
    ({ now, playerSlug: deps.player() ?? '', local: states.local(offer.offer_id), store, validForUnitMs, canPurchase, discountTolerance }) satisfies UsabilityContext;
  const verdictOf = (offer: Offer, now?: number): Verdict => checkUsability(offer, context(offer, now));
  return {
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
