/**
 * The bridge's operations, as data: each op's arguments (names and JSON types), whether its reply
 * comes later through the listener, and what it returns. This one table generates protocol.ts
 * (the TypeScript types, and `OP_CHECKS`: what `call` checks, without the docs) and the ops of
 * docs/bridge.md: `npm run docs:bridge` writes both, and a test fails when they differ from it.
 *
 * @module
 */

/** The JSON type of an argument: checked by `call` before the op runs (code `bad-args`). */
export type ArgType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'object'
  | { readonly enum: readonly string[] };

/** One argument of an op. */
export interface ArgSpec {
  readonly type: ArgType;
  /** Left out, the API's default applies. */
  readonly optional?: boolean;
  /** What it is, for docs/bridge.md. */
  readonly doc: string;
}

/** One op of the bridge. */
export interface OpSpec {
  /** The API it calls, for docs/bridge.md (`client.track`). */
  readonly calls: string;
  /** True when its reply is `pending` and the final one comes through the listener. */
  readonly async: boolean;
  /**
   * Its arguments by name, or `'options'`: the whole `args` object is the `createClient` options
   * (checked by `createClient`).
   */
  readonly args: Readonly<Record<string, ArgSpec>> | 'options';
  /** The TypeScript type of `result` in protocol.ts (wire forms: see wire.ts). */
  readonly result: string;
  /** What it does, in one or two sentences, for docs/bridge.md. */
  readonly doc: string;
}

const offerId: ArgSpec = { type: 'integer', doc: 'The offer’s `offer_id`.' };
const viewId: ArgSpec = { type: 'string', doc: 'The `viewId` of a view (from `offers.view`, or the `view:present` message).' };
const placement: ArgSpec = { type: 'string', doc: 'A placement of `offerRules.placements`.' };
const markup: ArgSpec = {
  type: { enum: ['tmp', 'bbcode-godot', 'bbcode-construct', 'spans'] },
  optional: true,
  doc: 'Adds the message as this engine’s markup (`toEngineMarkup`) in `content.markup`.',
};

/** Every op, by name. The order is docs/bridge.md's. */
export const OPS = {
  init: {
    calls: 'createClient',
    async: false,
    args: 'options',
    result: 'BridgeInitResult',
    doc: 'Creates the page’s one client from JSON options, plus `ui` (`dom`, `canvas`, `engine`), `canvasSelector`, `engineMarkup` and `purchase: true`. Function options are refused.',
  },
  track: {
    calls: 'client.track',
    async: false,
    args: {
      objectName: { type: 'string', doc: 'One of the 43 upload object names (`players_stages`).' },
      record: { type: 'object', doc: 'The record’s fields, as the spec names them.' },
    },
    result: 'boolean',
    doc: 'Validates and queues a record. `false` when rejected (an `invalid` message says why), after `shutdown` or with consent denied.',
  },
  identify: {
    calls: 'client.identify',
    async: false,
    args: { playerSlug: { type: 'string', doc: 'The player’s slug (printable ASCII, 1 to 256 characters).' } },
    result: 'null',
    doc: 'Sets the player for the records tracked from now on and for offers.',
  },
  setClientKey: {
    calls: 'client.setClientKey',
    async: false,
    args: { clientKey: { type: 'string', doc: 'The new client key.' } },
    result: 'null',
    doc: 'Replaces the client key and resumes paused uploads.',
  },
  flush: {
    calls: 'client.flush',
    async: true,
    args: {},
    result: 'FlushResult',
    doc: 'Uploads everything queued before the call; the reply counts what the service accepted.',
  },
  setConsent: {
    calls: 'client.setConsent',
    async: false,
    args: { state: { type: { enum: ['granted', 'pending', 'denied'] }, doc: 'The player’s consent.' } },
    result: 'null',
    doc: 'Changes the consent state (a `consent` message follows when it changed).',
  },
  forget: {
    calls: 'client.forget',
    async: true,
    args: {},
    result: 'null',
    doc: 'Erases everything the SDK stored on this device for the game.',
  },
  session: {
    calls: 'client.session',
    async: false,
    args: {},
    result: 'Session | null',
    doc: 'The session now (`{ id, index, startedAt }`), or null.',
  },
  stats: {
    calls: 'client.stats',
    async: false,
    args: {},
    result: 'ClientStats',
    doc: 'Health counters: queued, delivered, dropped, storage…',
  },
  gameplayStart: {
    calls: 'client.gameplayStart',
    async: false,
    args: {},
    result: 'null',
    doc: 'The player starts playing: nothing is presented of the SDK’s own accord until `gameplayStop`.',
  },
  gameplayStop: {
    calls: 'client.gameplayStop',
    async: false,
    args: {},
    result: 'null',
    doc: 'Play stops: a natural break, where an offer may be shown.',
  },
  'offers.refresh': {
    calls: 'client.offers.refresh',
    async: true,
    args: {},
    result: 'Offer[]',
    doc: 'Fetches the player’s offers; the reply lists the usable ones.',
  },
  'offers.list': {
    calls: 'client.offers.list',
    async: false,
    args: {},
    result: 'OfferListing[]',
    doc: 'The offers of the last refresh, usable or not, with their state.',
  },
  'offers.show': {
    calls: 'client.offers.show',
    async: true,
    args: { offerId },
    result: 'OfferOutcome',
    doc: 'Shows an offer through the `ui` of `init`; the reply comes when it left the screen.',
  },
  'offers.showAt': {
    calls: 'client.offers.showAt',
    async: true,
    args: { placement },
    result: 'OfferOutcome | OfferSkipped',
    doc: 'Shows the offer that fits the placement now, or replies `skipped` with the reason.',
  },
  'offers.explain': {
    calls: 'client.offers.explain',
    async: false,
    args: { placement },
    result: 'PlacementDecision',
    doc: 'The decision `offers.showAt` would make now; nothing is shown or reported.',
  },
  'offers.view': {
    calls: 'client.offers.view',
    async: true,
    args: { offerId, markup },
    result: 'BridgeView',
    doc: 'A view for the game to draw itself: a `viewId` and its content (spans, plain text, engine markup). Drive it with the `view.*` ops.',
  },
  'offers.purchases': {
    calls: 'client.offers.purchases',
    async: true,
    args: {},
    result: 'PurchaseAttempt[]',
    doc: 'The player’s purchase attempts not settled yet, from any page (one left `pending`, or asked of the engine when its page went): settle each with `offers.settlePurchase`.',
  },
  'offers.settlePurchase': {
    calls: 'client.offers.settlePurchase',
    async: true,
    args: {
      attemptId: { type: 'string', doc: 'An `attemptId` of a pending purchase.' },
      result: { type: 'object', doc: 'A `PurchaseResult`: `{ status, … }`.' },
    },
    result: 'OfferPurchase',
    doc: 'Ends a pending purchase attempt with what the store says now.',
  },
  'purchase.settle': {
    calls: 'the `purchase` option',
    async: false,
    args: {
      requestId: { type: 'string', doc: 'The `requestId` of the `purchase:request` message.' },
      result: { type: 'object', doc: 'A `PurchaseResult`: `{ status: "purchased" | "cancelled" | "failed" | "pending", … }`.' },
    },
    result: 'null',
    doc: 'Answers a `purchase:request` message (with `purchase: true` in `init`).',
  },
  'view.open': {
    calls: 'view.open',
    async: false,
    args: { viewId },
    result: 'null',
    doc: 'The view is drawn: reports `open`.',
  },
  'view.dismiss': {
    calls: 'view.dismiss',
    async: false,
    args: { viewId },
    result: 'null',
    doc: 'The player closed it: reports `dismiss`.',
  },
  'view.interact': {
    calls: 'view.interact',
    async: false,
    args: { viewId, productId: { type: 'string', optional: true, doc: 'The product’s `id`; left out, the first product.' } },
    result: 'null',
    doc: 'The player pressed Buy: reports `interact`.',
  },
  'view.setDoNotShowAgain': {
    calls: 'view.setDoNotShowAgain',
    async: false,
    args: { viewId, value: { type: 'boolean', doc: 'The toggle’s state.' } },
    result: 'null',
    doc: 'The do-not-show-again toggle, applied when the offer ends.',
  },
  'view.close': {
    calls: 'view.close',
    async: false,
    args: { viewId },
    result: 'null',
    doc: 'The game takes the view off screen itself: nothing is reported.',
  },
  shutdown: {
    calls: 'client.shutdown',
    async: true,
    args: {},
    result: 'null',
    doc: 'Finishes the client (a last upload). The bridge answers `shut-down` afterwards.',
  },
} as const satisfies Readonly<Record<string, OpSpec>>;

/** What `call` checks of an op's arguments (generated into protocol.ts). */
export interface ArgCheck {
  readonly type: ArgType;
  readonly optional?: boolean;
}

/** What `call` checks of an op (generated into protocol.ts). */
export interface OpCheck {
  readonly async: boolean;
  readonly args: Readonly<Record<string, ArgCheck>> | 'options';
}
