/**
 * The bridge's requests and results as TypeScript types, and what `call` checks of each op,
 * generated from the ops table (ops.ts) by `npm run docs:bridge`: do not edit. Results are JSON:
 * fields that are undefined are left out, NaN and Infinity are null (wire.ts).
 *
 * @module
 */
import type { ClientStats } from '../client/index.js';
import type { FlushResult } from '../delivery/index.js';
import type { Offer, OfferListing, OfferSkipped, PlacementDecision } from '../offers/index.js';
import type { Session } from '../session/index.js';
import type { OfferOutcome, OfferPurchase, PurchaseAttempt } from '../ui/index.js';
import type { OpCheck } from './ops.js';
import type { BridgeInitOptions, BridgeInitResult, BridgeView } from './types.js';

/** The arguments of each op (`args` of a request). */
export interface BridgeArgs {
  /** Creates the page’s one client from JSON options, plus `ui` (`dom`, `canvas`, `engine`), `canvasSelector`, `engineMarkup` and `purchase: true`. Function options are refused. */
  'init': BridgeInitOptions;
  /** Validates and queues a record. `false` when rejected (an `invalid` message says why), after `shutdown` or with consent denied. */
  'track': { readonly objectName: string; readonly record: Readonly<Record<string, unknown>> };
  /** Sets the player for the records tracked from now on and for offers. */
  'identify': { readonly playerSlug: string };
  /** Replaces the client key and resumes paused uploads. */
  'setClientKey': { readonly clientKey: string };
  /** Uploads everything queued before the call; the reply counts what the service accepted. */
  'flush': Readonly<Record<string, never>>;
  /** Changes the consent state (a `consent` message follows when it changed). */
  'setConsent': { readonly state: 'granted' | 'pending' | 'denied' };
  /** Erases everything the SDK stored on this device for the game. */
  'forget': Readonly<Record<string, never>>;
  /** The session now (`{ id, index, startedAt }`), or null. */
  'session': Readonly<Record<string, never>>;
  /** Health counters: queued, delivered, dropped, storage… */
  'stats': Readonly<Record<string, never>>;
  /** The player starts playing: nothing is presented of the SDK’s own accord until `gameplayStop`. */
  'gameplayStart': Readonly<Record<string, never>>;
  /** Play stops: a natural break, where an offer may be shown. */
  'gameplayStop': Readonly<Record<string, never>>;
  /** Fetches the player’s offers; the reply lists the usable ones. */
  'offers.refresh': Readonly<Record<string, never>>;
  /** The offers of the last refresh, usable or not, with their state. */
  'offers.list': Readonly<Record<string, never>>;
  /** Shows an offer through the `ui` of `init`; the reply comes when it left the screen. */
  'offers.show': { readonly offerId: number };
  /** Shows the offer that fits the placement now, or replies `skipped` with the reason. */
  'offers.showAt': { readonly placement: string };
  /** The decision `offers.showAt` would make now; nothing is shown or reported. */
  'offers.explain': { readonly placement: string };
  /** A view for the game to draw itself: a `viewId` and its content (spans, plain text, engine markup). Drive it with the `view.*` ops. */
  'offers.view': { readonly offerId: number; readonly markup?: 'tmp' | 'bbcode-godot' | 'bbcode-construct' | 'spans' };
  /** The player’s purchase attempts not settled yet, from any page (one left `pending`, or asked of the engine when its page went): settle each with `offers.settlePurchase`. */
  'offers.purchases': Readonly<Record<string, never>>;
  /** Ends a pending purchase attempt with what the store says now. */
  'offers.settlePurchase': { readonly attemptId: string; readonly result: Readonly<Record<string, unknown>> };
  /** Answers a `purchase:request` message (with `purchase: true` in `init`). */
  'purchase.settle': { readonly requestId: string; readonly result: Readonly<Record<string, unknown>> };
  /** The view is drawn: reports `open`. */
  'view.open': { readonly viewId: string };
  /** The player closed it: reports `dismiss`. */
  'view.dismiss': { readonly viewId: string };
  /** The player pressed Buy: reports `interact`. */
  'view.interact': { readonly viewId: string; readonly productId?: string };
  /** The do-not-show-again toggle, applied when the offer ends. */
  'view.setDoNotShowAgain': { readonly viewId: string; readonly value: boolean };
  /** The game takes the view off screen itself: nothing is reported. */
  'view.close': { readonly viewId: string };
  /** Finishes the client (a last upload). The bridge answers `shut-down` afterwards. */
  'shutdown': Readonly<Record<string, never>>;
}

/** The result of each op (`result` of its reply). */
export interface BridgeResults {
  /** The result of `init`. */
  'init': BridgeInitResult;
  /** The result of `track`. */
  'track': boolean;
  /** The result of `identify`. */
  'identify': null;
  /** The result of `setClientKey`. */
  'setClientKey': null;
  /** The result of `flush`. */
  'flush': FlushResult;
  /** The result of `setConsent`. */
  'setConsent': null;
  /** The result of `forget`. */
  'forget': null;
  /** The result of `session`. */
  'session': Session | null;
  /** The result of `stats`. */
  'stats': ClientStats;
  /** The result of `gameplayStart`. */
  'gameplayStart': null;
  /** The result of `gameplayStop`. */
  'gameplayStop': null;
  /** The result of `offers.refresh`. */
  'offers.refresh': Offer[];
  /** The result of `offers.list`. */
  'offers.list': OfferListing[];
  /** The result of `offers.show`. */
  'offers.show': OfferOutcome;
  /** The result of `offers.showAt`. */
  'offers.showAt': OfferOutcome | OfferSkipped;
  /** The result of `offers.explain`. */
  'offers.explain': PlacementDecision;
  /** The result of `offers.view`. */
  'offers.view': BridgeView;
  /** The result of `offers.purchases`. */
  'offers.purchases': PurchaseAttempt[];
  /** The result of `offers.settlePurchase`. */
  'offers.settlePurchase': OfferPurchase;
  /** The result of `purchase.settle`. */
  'purchase.settle': null;
  /** The result of `view.open`. */
  'view.open': null;
  /** The result of `view.dismiss`. */
  'view.dismiss': null;
  /** The result of `view.interact`. */
  'view.interact': null;
  /** The result of `view.setDoNotShowAgain`. */
  'view.setDoNotShowAgain': null;
  /** The result of `view.close`. */
  'view.close': null;
  /** The result of `shutdown`. */
  'shutdown': null;
}

/** The name of an op. */
export type BridgeOp = keyof BridgeArgs;

/** The ops whose reply is `pending`: the final one comes through the listeners. */
export type BridgeAsyncOp = 'flush' | 'forget' | 'offers.refresh' | 'offers.show' | 'offers.showAt' | 'offers.view' | 'offers.purchases' | 'offers.settlePurchase' | 'shutdown';

/** What `call` checks of each op: whether its reply is `pending`, and its arguments' JSON types. */
export const OP_CHECKS: { readonly [O in BridgeOp]: OpCheck } = {
  'init': { async: false, args: 'options' },
  'track': { async: false, args: { objectName: { type: 'string' }, record: { type: 'object' } } },
  'identify': { async: false, args: { playerSlug: { type: 'string' } } },
  'setClientKey': { async: false, args: { clientKey: { type: 'string' } } },
  'flush': { async: true, args: {} },
  'setConsent': { async: false, args: { state: { type: { enum: ['granted', 'pending', 'denied'] } } } },
  'forget': { async: true, args: {} },
  'session': { async: false, args: {} },
  'stats': { async: false, args: {} },
  'gameplayStart': { async: false, args: {} },
  'gameplayStop': { async: false, args: {} },
  'offers.refresh': { async: true, args: {} },
  'offers.list': { async: false, args: {} },
  'offers.show': { async: true, args: { offerId: { type: 'integer' } } },
  'offers.showAt': { async: true, args: { placement: { type: 'string' } } },
  'offers.explain': { async: false, args: { placement: { type: 'string' } } },
  'offers.view': { async: true, args: { offerId: { type: 'integer' }, markup: { type: { enum: ['tmp', 'bbcode-godot', 'bbcode-construct', 'spans'] }, optional: true } } },
  'offers.purchases': { async: true, args: {} },
  'offers.settlePurchase': { async: true, args: { attemptId: { type: 'string' }, result: { type: 'object' } } },
  'purchase.settle': { async: false, args: { requestId: { type: 'string' }, result: { type: 'object' } } },
  'view.open': { async: false, args: { viewId: { type: 'string' } } },
  'view.dismiss': { async: false, args: { viewId: { type: 'string' } } },
  'view.interact': { async: false, args: { viewId: { type: 'string' }, productId: { type: 'string', optional: true } } },
  'view.setDoNotShowAgain': { async: false, args: { viewId: { type: 'string' }, value: { type: 'boolean' } } },
  'view.close': { async: false, args: { viewId: { type: 'string' } } },
  'shutdown': { async: true, args: {} },
};

/** A request of op `O`, as `call` takes it (as JSON text). */
export interface BridgeRequest<O extends BridgeOp = BridgeOp> {
  readonly v: 1;
  readonly id: string;
  readonly op: O;
  readonly args: BridgeArgs[O];
}
