/**
 * The states of an offer on this device and the moves between them: one table, read by the offer
 * engine and printed in docs/decisions.md ("Offer states"). A move the table does not list is
 * refused with an `OfferStateError`, and nothing is reported.
 *
 * The spec names four reactions and no order (States and transitions: "not shown"). The table
 * adds `closed`: the offer's UI went away without the player's close button (the SDK closed it
 * after an interaction or when the offer expired on screen, or the page was left while it was
 * open). `close` is never reported: `dismiss` means the player closed it.
 *
 * @module
 */
import type { MessageStatus } from '../records/index.js';

/** Where an offer is, for one player on this device. */
export type OfferState = 'received' | 'impressed' | 'opened' | 'dismissed' | 'interacted' | 'closed';

/** A move: one of the four reactions (reported), or `close` (not reported). */
export type OfferMove = MessageStatus | 'close';

/** The allowed moves: state → move → next state. */
export const OFFER_TRANSITIONS: Readonly<Record<OfferState, Readonly<Partial<Record<OfferMove, OfferState>>>>> = {
  received: { impress: 'impressed' },
  impressed: { open: 'opened' },
  opened: { dismiss: 'dismissed', interact: 'interacted', close: 'closed' },
  dismissed: { open: 'opened' },
  interacted: { dismiss: 'dismissed', close: 'closed' },
  closed: { open: 'opened' },
};

/** The state after `move`, or undefined when the table does not allow it. */
export function nextState(state: OfferState, move: OfferMove): OfferState | undefined {
  return OFFER_TRANSITIONS[state][move];
}

/**
 * The state an offer starts in when a page loads it from storage: an offer left open (or just
 * interacted with) by an earlier page has no UI any more, so it is `closed`.
 */
export function restoredState(saved: OfferState | undefined): OfferState {
  return saved === 'opened' || saved === 'interacted' ? 'closed' : (saved ?? 'received');
}
