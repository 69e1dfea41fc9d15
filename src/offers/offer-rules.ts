/**
 * The `offerRules` option: where a game shows offers (placements), how often (caps across all
 * offers), in which order, and which tracked records ask for one (triggers). Types, defaults and
 * their resolution; the checks made at `createClient` are in offer-rules-check.ts, the decision
 * they drive in pick-offer.ts.
 *
 * @module
 */
import type { ObjectName, RecordOf } from '../records/index.js';
import type { Offer } from './types.js';
import type { Verdict } from './usability.js';

/** The kind of an offer: `'ai'` (AI in-game shop) or `'personalized'`. */
export type OfferKind = Offer['kind'];

/** One known offer as {@link pickOffer} weighs it. */
export interface PickListing {
  readonly offer: Offer;
  /** Usable now, or why not (`checkUsability`). */
  readonly verdict: Verdict;
  /**
   * When its usability ends if nothing else happens (`usableUntil`), in milliseconds since the
   * epoch; `Infinity` when nothing ends it.
   */
  readonly usableUntil: number;
  /** Opened at least once on this device (any tab, any session) for this player. */
  readonly opened: boolean;
}

/** One placement: a named moment of the game where offers may be shown. */
export interface PlacementRule {
  /** The kinds of offer shown here. @default both */
  readonly kinds?: readonly OfferKind[];
  /**
   * Whether this offer may be shown here. A function that throws passes the offer over (the
   * client reports an `error` event); never thrown into the game.
   * @default every offer
   */
  readonly accept?: (offer: Offer) => boolean;
  /** Least time between two opens at this placement, in milliseconds, besides the global one. @default none */
  readonly minIntervalMs?: number;
  /** Most opens at this placement in one session, besides the global cap. @default none */
  readonly maxPerSession?: number;
}

/**
 * A trigger: a record kind `on`, a `when` test of its record, and the `placement` it asks an offer
 * of. One member per record kind, so that `when` takes that kind's record.
 *
 * Once `track()` accepts a record of kind `on` (it returns true: the record is valid, `beforeSend`
 * kept it, and it is not held for the first `identify()`), the SDK asks `when`, then
 * `offers.showAt(placement)`, in a later microtask: never inside `track()`, and nothing is thrown
 * into the game. A record held for the first `identify()`, or tracked while consent is pending,
 * triggers nothing (offers need both). In gameplay or while the page is hidden the request waits: one per placement,
 * a newer one replacing it (the older is skipped `superseded`), dropped after 30 s (`stale`);
 * `gameplayStop()` or the page becoming visible runs it. Each skip of a triggered `showAt` emits
 * `offer:skipped` with `trigger` naming it ({@link OfferTriggerRef}).
 */
export type OfferTrigger<P extends string = string> = {
  [K in ObjectName]: {
    /** The record kind that triggers. */
    readonly on: K;
    /**
     * Whether this record triggers, asked with a copy of the record as queued (enriched, after
     * `beforeSend`). A function that throws does not trigger (an `error` event).
     * @default every record
     */
    readonly when?: (record: Readonly<RecordOf<K>>) => boolean;
    /** The placement asked for: a name of `placements` when a map is given. */
    readonly placement: P;
  };
}[ObjectName];

/** Which trigger asked for a `showAt`: the `trigger` of its `offer:skipped` events. */
export interface OfferTriggerRef {
  /** Its index in `offerRules.triggers`. */
  readonly index: number;
  /** The record kind that triggered. */
  readonly on: ObjectName;
  /** The placement it asked for. */
  readonly placement: string;
}

/**
 * When and how often offers are shown by placements and triggers (`offerRules` option). Caps
 * hold across every offer, per player on this device, and count every open (from `show()`,
 * `view()` or `report()` too); device time, where a clock set back counts as no time passed.
 *
 * `P` is the placement names: given an object literal (or `as const`), the names of `placements`,
 * so a placement name elsewhere (`triggers`, {@link pickOffer}) that is not one of them is a
 * compile error.
 */
export interface OfferRules<P extends string = string> {
  /** Least time between two opens, in milliseconds. @default 180000 (3 minutes) */
  readonly minIntervalMs?: number;
  /** Time after a session starts with no offer, in milliseconds. @default 60000 (1 minute) */
  readonly sessionGraceMs?: number;
  /** Most opens in one session. @default 3 */
  readonly maxPerSession?: number;
  /** Most opens in one UTC day. @default 6 */
  readonly maxPerDay?: number;
  /** Longest wait for the offer's image before `show()` draws it without it, in milliseconds. @default 3000 */
  readonly waitMs?: number;
  /**
   * The placements by name (1-64 letters, digits, `-`, `_`, `.` or `:`). With a map, a name not
   * in it shows nothing (`unknown-placement`); without one, any name shows any offer.
   * @default none
   */
  readonly placements?: { readonly [K in P]: PlacementRule };
  /**
   * Orders the candidates, as `Array.prototype.sort` does: negative puts `a` first. A function
   * that throws passes over the offer it throws for (an `error` event).
   * @default never opened first, then the one whose usability ends soonest, then the newest
   * `create_datetime`, then the smaller `offer_id`
   */
  readonly priority?: (a: PickListing, b: PickListing) => number;
  /** Record kinds that ask for an offer of a placement once tracked: see {@link OfferTrigger}. @default none */
  readonly triggers?: ReadonlyArray<OfferTrigger<NoInfer<P>>>;
}

/** The defaults of the caps and of `waitMs`. */
export const OFFER_RULE_DEFAULTS = {
  minIntervalMs: 180_000,
  sessionGraceMs: 60_000,
  maxPerSession: 3,
  maxPerDay: 6,
  waitMs: 3_000,
} as const satisfies OfferRules;

/** Offer rules with the defaults applied. */
export type ResolvedOfferRules<P extends string = string> = Omit<OfferRules<P>, keyof typeof OFFER_RULE_DEFAULTS> & {
  readonly [K in keyof typeof OFFER_RULE_DEFAULTS]: number;
};

/** `rules` (undefined: none given) with the defaults applied. */
export function resolveOfferRules<P extends string>(rules: OfferRules<P> | undefined): ResolvedOfferRules<P> {
  const given = Object.fromEntries(Object.entries(rules ?? {}).filter(([, value]) => value !== undefined));
  return { ...OFFER_RULE_DEFAULTS, ...given } as ResolvedOfferRules<P>;
}

/** The rule of `placement` in `rules`' map: undefined when there is a map without it, `{}` without a map. */
export function placementRule(rules: Pick<OfferRules, 'placements'>, placement: string): PlacementRule | undefined {
  const map = rules.placements as Readonly<Record<string, PlacementRule>> | undefined;
  if (!map) return {};
  // Own names only: a placement named like an Object.prototype member ('constructor') is unknown.
  return Object.hasOwn(map, placement) ? map[placement] : undefined;
}
