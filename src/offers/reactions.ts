/**
 * The player's reactions to offers (spec: upload object `players_offers`; States and
 * transitions): each move is checked and applied through the offer states, queued as a
 * `players_offers` record and emitted as its `offer:*` event; an open counts against
 * `valid_open_count` and starts the first-open update; do-not-show-again hides the offer.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../records/index.js';
import type { OfferOutcome } from '../ui/index.js';
import { DO_NOT_SHOW_AGAIN, type OffersDeps } from './contract.js';
import type { EngineCore } from './core.js';
import type { FirstOpens } from './first-open.js';
import type { OfferState } from './state-machine.js';
import type { Offer } from './types.js';

/** The reactions of one engine: see the module's description. */
export interface Reactions {
  /**
   * Queues the reaction's `players_offers` record and emits its event. `state` is the state the
   * move led to; `now` is service time, in milliseconds.
   */
  report(offer: Offer, status: MessageStatus, detail: string | undefined, state: OfferState, now: number): void;
  /**
   * Makes a move and reports it. `open`, `dismiss` and `interact` are checked, applied and queued
   * before this returns (a page closed right after the click keeps them: the queue rescues what
   * it has not written); their state is written next. `impress` is reported only once the store
   * says no other tab impressed the offer first; its `impressPending` mark covers a page that dies
   * in between. Resolves once the state is written.
   *
   * @throws {OfferStateError} (before anything happens) the table does not allow the move.
   */
  react(offer: Offer, status: MessageStatus, detail?: string): Promise<void>;
  /**
   * Reports how an offer on screen ended (`productId`: the id `interact` was called with). Whatever
   * happens here (a move the table refuses, because the player changed while it was on screen,
   * say), the offer leaves the screen: a failure is an `error` event.
   */
  ended(offer: Offer, outcome: OfferOutcome, productId: string | undefined): void;
}

/** Throws `OfferError` `bad-status` unless `status` is one of the spec's four reactions. */
export function checkStatus(offerId: number, status: string): void {
  if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) {
    throw new OfferError(offerId, 'bad-status', `"${String(status)}" is not one of ${MESSAGE_STATUSES.join(', ')}`);
  }
}

/** What the reactions read: where their records go, and the emitter of their `offer:*` events. */
export type ReactionDeps = Pick<OffersDeps, 'records' | 'emitter'>;

/** The reactions of the engine whose shared part is `core`: see {@link Reactions}. */
export function createReactions(
  { clock, states, verdictOf, fail }: EngineCore,
  { records, emitter }: ReactionDeps,
  firstOpens: Pick<FirstOpens, 'opened'>,
  reacted: (offer: Offer, status: MessageStatus) => void = () => undefined,
): Reactions {
  const report: Reactions['report'] = (offer, status, detail, state, now) => {
    records.track('players_offers', {
      player_slug: offer.player_slug,
      offer_id: offer.offer_id,
      message_status: status,
      ...(detail !== undefined && { message_detail: detail }),
    });
    emitter.emit(`offer:${status}`, { offer, status, detail, state, verdict: verdictOf(offer, now) });
  };
  const react: Reactions['react'] = async (offer, status, detail) => {
    const now = clock.now();
    const { state, written } = states.apply(offer.offer_id, status, now, status === 'dismiss' && detail === DO_NOT_SHOW_AGAIN);
    if (status !== 'impress') {
      // Counted by the caps (an open) or for the session (a purchase, a dismissal) before the event.
      reacted(offer, status);
      report(offer, status, detail, state, now);
    }
    // Waits for the write whatever the move; an impression is reported only once the store took it.
    if ((await written) && status === 'impress') {
      report(offer, status, detail, state, now);
      await states.update(offer.player_slug, offer.offer_id, (s) => ({ ...s, impressPending: false }));
    }
    if (status === 'open') firstOpens.opened();
  };
  const ended: Reactions['ended'] = (offer, outcome, productId) => {
    try {
      if (outcome.action === 'dismiss') {
        void react(offer, 'dismiss', outcome.doNotShowAgain ? DO_NOT_SHOW_AGAIN : undefined).catch(fail);
      } else {
        const cause = outcome.action === 'interact' ? 'interacted' : outcome.action;
        if (outcome.action === 'interact') void react(offer, 'interact', outcome.product?.id ?? productId).catch(fail);
        // The SDK closes it, without a reaction (applied now, written next); its events fire now,
        // after `offer:interact`. With the toggle set, a purchase hides it on this device too.
        void states.apply(offer.offer_id, 'close', clock.now(), outcome.action === 'interact' && outcome.doNotShowAgain).written.catch(fail);
        const event = { offer, cause, verdict: verdictOf(offer) } as const;
        emitter.emit('offer:close', event);
        if (cause === 'expired') emitter.emit('offer:expired', event);
      }
    } catch (error) {
      fail(error);
    }
  };
  return { report, react, ended };
}
