/**
 * The offer events (name → listener arguments), part of the client's event map (`ClientEvents`,
 * bus/events.ts, is composed from {@link OfferEvents}), and the narrow emitter the offer engine
 * gets: its own events and the failures it reports.
 *
 * @module
 */
import type { RetryInfo } from '../delivery/index.js';
import type { TpError } from '../errors/index.js';
import type { MessageStatus, ObjectName } from '../records/index.js';
import type { OfferPurchase } from '../ui/index.js';
import type { CapName } from './caps.js';
import type { OfferTriggerRef } from './offer-rules.js';
import type { PickCandidate, PickSkipReason } from './pick-offer.js';
import type { OfferState } from './state-machine.js';
import type { Offer } from './types.js';
import type { Verdict } from './usability.js';

/** Payload of the `offer:impress`, `offer:open`, `offer:dismiss` and `offer:interact` events. */
export interface OfferReactionEvent {
  /** The offer reacted to. */
  readonly offer: Offer;
  /** The reaction, `message_status` on the wire: `impress`, `open`, `dismiss` or `interact`. */
  readonly status: MessageStatus;
  /** `message_detail` as reported. */
  readonly detail: string | undefined;
  /** The offer's state after the move (docs/decisions.md, "Offer states"). */
  readonly state: OfferState;
  /** The usability verdict at the move (service time). */
  readonly verdict: Verdict;
}

/** Payload of `offer:close` (the SDK closed an offer: nothing reported) and `offer:expired`. */
export interface OfferClosedEvent {
  /** The offer that left the screen. */
  readonly offer: Offer;
  /**
   * `interacted`: closed after the player took the next step; `expired`: it stopped being usable
   * on screen; `closed`: the game took it off screen (`view.close()`, `show()`'s signal aborted, or
   * `identify()` changed the player).
   */
  readonly cause: 'interacted' | 'expired' | 'closed';
  /** The usability verdict when it closed (service time). */
  readonly verdict: Verdict;
}

/**
 * Why `showAt` showed nothing: the decision's reason, or the client's state (see `OfferSkipped`);
 * for a trigger's request that waited, `superseded` (a newer one for its placement came) or
 * `stale` (it waited 30 s).
 */
export type SkipReason = PickSkipReason | 'in-gameplay' | 'hidden' | 'busy' | 'no-consent' | 'child-directed' | 'superseded' | 'stale';

/** Payload of `offer:skipped`: a placement showed nothing. */
export interface OfferSkippedEvent {
  /** The placement asked for. */
  readonly placement: string;
  /** Why nothing was shown. */
  readonly reason: SkipReason;
  /** With `capped`: the first cap that held (see `OfferSkipped.cap`). */
  readonly cap?: CapName;
  /** Each known offer, with why it was passed over (empty for `superseded` and `stale`: nothing was decided). */
  readonly candidates: readonly PickCandidate[];
  /** The trigger of `offerRules.triggers` that asked for this `showAt`; undefined for the game's own call. */
  readonly trigger?: OfferTriggerRef;
}

/**
 * Payload of `offer:placed`: `showAt` picked an offer at a placement and goes on to show it. The
 * outcome follows: `offer:open` once it is drawn, or `offer:skipped` for the same placement when
 * something stood in the way before it was drawn (play started, the page hidden, the offer no
 * longer usable, another offer came on screen).
 */
export interface OfferPlacedEvent {
  /** The placement asked for. */
  readonly placement: string;
  /** The offer picked. */
  readonly offer: Offer;
  /** The trigger of `offerRules.triggers` that asked for this `showAt`; undefined for the game's own call. */
  readonly trigger?: OfferTriggerRef;
  /** Each known offer, with why it was passed over (the one picked has no reason). */
  readonly candidates: readonly PickCandidate[];
}

/** Payload of `offer:purchase`: what a purchase from an offer came to (see `OfferPurchase`). */
export interface OfferPurchaseEvent extends OfferPurchase {
  /** The offer bought from. */
  readonly offerId: number;
  /** `purchasable_slug` (AI) or `product_id` (personalized) of the product, when it has one. */
  readonly productId: string | undefined;
}

/**
 * Payload of `offer:trigger-record`: `track()` accepted a record of a kind some trigger of
 * `offerRules.triggers` is on, and the triggers are about to be asked (before `when`).
 */
export interface OfferTriggerRecordEvent {
  /** The record kind. */
  readonly kind: ObjectName;
  /** A copy of the record as queued (what a listener does to it goes no further). */
  readonly record: Readonly<Record<string, unknown>>;
}

/** The offer events of a client: `client.on(name, listener)` (the listener gets the payload shown). */
export interface OfferEvents {
  /** An offer was impressed (reported once per offer, ever, by `offers.refresh()`), with its new state and verdict. */
  'offer:impress': [event: OfferReactionEvent];
  /** A shown offer was opened (reported; the first open also sends the first-open update). */
  'offer:open': [event: OfferReactionEvent];
  /** The player dismissed an offer (`detail` is `DO_NOT_SHOW_AGAIN` when they ticked the toggle). */
  'offer:dismiss': [event: OfferReactionEvent];
  /** The player pressed a product's purchase button (`detail` is its `purchasable_slug`, or the product id). */
  'offer:interact': [event: OfferReactionEvent];
  /**
   * A shown offer closed without a reaction: the SDK closed it after `interact`, or because it
   * expired on screen, or the game closed it (`view.close()`, an aborted signal, `identify()`).
   */
  'offer:close': [event: OfferClosedEvent];
  /** A shown offer stopped being usable on screen and was closed (`offer:close` fires too). */
  'offer:expired': [event: OfferClosedEvent];
  /** `offers.showAt()`, or a trigger's request, showed nothing at a placement, and why. */
  'offer:skipped': [event: OfferSkippedEvent];
  /** `offers.showAt()` picked an offer at a placement and goes on to show it. */
  'offer:placed': [event: OfferPlacedEvent];
  /**
   * A purchase from an offer came to an end, or to `pending`: from the `purchase` handler after
   * a Buy, or from `offers.settlePurchase()`.
   */
  'offer:purchase': [event: OfferPurchaseEvent];
  /** A record of a kind with triggers was accepted: the inspector's rehearsal script records it. */
  'offer:trigger-record': [event: OfferTriggerRecordEvent];
}

/**
 * What the offer engine emits: its own events, and the client's `error`, `warning` and `retry`
 * (documented with `ClientEvents`) for the failures nobody awaits. The client's emitter fits.
 */
export interface OfferEmitter {
  emit<E extends keyof OfferEvents>(event: E, ...args: OfferEvents[E]): boolean;
  emit(event: 'error' | 'warning', error: TpError): boolean;
  emit(event: 'retry', info: RetryInfo): boolean;
}
