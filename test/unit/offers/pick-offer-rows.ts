/**
 * The decision of a placement written out: known offers, rules, ledger and time in; the offer
 * picked (or why none), the cap that held, and each offer's reason out. pick-offer.test.ts runs
 * every row through `pickOffer`.
 */
import { decodeOffer, type CandidateReason, type CapName, type CapsLedger, type LedgerOpen, type Offer, type OfferRules, type PickListing, type PickSkipReason } from '../../../src/offers/index.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

export const MINUTE = 60_000;
const DAY = 86_400_000;
/** 2026-01-01 12:00:00 UTC, device time. */
export const NOW = Date.UTC(2026, 0, 1, 12);
/** 2026-01-01 00:00:00 UTC: the start of NOW's UTC day. */
const MIDNIGHT = Date.UTC(2026, 0, 1);

function offer(id: number, kind: 'ai' | 'personalized', created = '2025-12-31 12:00:00'): Offer {
  const result = decodeOffer(offerRecord(id, kind === 'ai' ? aiBody : personalizedBody, { create_datetime: created }));
  if (!result.ok) throw result.error;
  return result.offer;
}

/** A usable listing, never opened, whose usability never ends, unless told. */
export function listing(id: number, kind: 'ai' | 'personalized', more: Partial<Omit<PickListing, 'offer'>> & { created?: string } = {}): PickListing {
  const { created, ...rest } = more;
  return { offer: offer(id, kind, created), verdict: { usable: true }, usableUntil: Infinity, opened: false, ...rest };
}

/** Opens `ago` milliseconds before NOW, in the current session unless told. */
export const opened = (ago: number, placement?: string, sessionId = 's-now'): LedgerOpen => ({ at: NOW - ago, sessionId, ...(placement && { placement }) });

/** A reservation made `ago` milliseconds before NOW in the current session, expiring `left` milliseconds after NOW. */
const reserved = (ago: number, left: number): LedgerOpen => ({ ...opened(ago, 'game-over'), reservation: { owner: 'other-tab', offerId: 9, expiresAt: NOW + left } });

/** A session started 10 minutes ago, nothing opened, bought or dismissed, unless told. */
export function ledger(more: Partial<CapsLedger> = {}): CapsLedger {
  return { opens: [], sessionId: 's-now', sessionStart: NOW - 10 * MINUTE, boughtThisSession: new Set(), dismissedThisSession: new Set(), ...more };
}

const AI = listing(1, 'ai');
const PERSONAL = listing(2, 'personalized');
const BOTH = [AI, PERSONAL];
/** Placements as a game writes them. */
const PLACEMENTS = {
  'game-over': {},
  'stage-clear': { kinds: ['ai'] },
  shop: { kinds: ['personalized'], maxPerSession: 1, minIntervalMs: 10 * MINUTE },
  'no-even': { accept: (o: Offer) => o.offer_id % 2 === 1 },
} as const satisfies OfferRules['placements'];

export interface PickRow {
  readonly name: string;
  readonly listings: readonly PickListing[];
  readonly rules?: OfferRules;
  readonly ledger?: CapsLedger;
  readonly placement?: string;
  /** Device time; NOW unless told. */
  readonly now?: number;
  /** The offer picked, or why none. */
  readonly expect: number | PickSkipReason;
  readonly cap?: CapName;
  /** The reason of each offer by id (`undefined`: picked). */
  readonly reasons: Readonly<Record<number, CandidateReason | undefined>>;
}

export const PICK_ROWS: readonly PickRow[] = [
  // Nothing to show.
  { name: 'no known offer', listings: [], expect: 'no-offer', reasons: {} },
  {
    name: 'unusable offers keep their usability reason',
    listings: [listing(1, 'ai', { verdict: { usable: false, reason: 'expired' } }), listing(2, 'personalized', { verdict: { usable: false, reason: 'hidden-by-player' } })],
    expect: 'no-offer',
    reasons: { 1: 'expired', 2: 'hidden-by-player' },
  },
  { name: 'defaults and no session opens: the never-opened one shows', listings: [listing(1, 'ai', { opened: true }), PERSONAL], expect: 2, reasons: { 1: 'outranked', 2: undefined } },

  // Placements.
  { name: 'without a map any name shows any offer', listings: BOTH, placement: 'anything at all', expect: 1, reasons: { 1: undefined, 2: 'outranked' } },
  { name: 'with a map, an unknown name shows nothing', listings: BOTH, rules: { placements: PLACEMENTS }, placement: 'gameover', expect: 'unknown-placement', reasons: { 1: 'not-in-placement', 2: 'not-in-placement' } },
  { name: 'an unknown name keeps the usability reasons', listings: [listing(1, 'ai', { verdict: { usable: false, reason: 'inactive' } })], rules: { placements: PLACEMENTS }, placement: 'nope', expect: 'unknown-placement', reasons: { 1: 'inactive' } },
  { name: 'a name of Object.prototype is unknown', listings: BOTH, rules: { placements: PLACEMENTS }, placement: 'constructor', expect: 'unknown-placement', reasons: { 1: 'not-in-placement', 2: 'not-in-placement' } },
  { name: 'a placement without filters takes both kinds', listings: BOTH, rules: { placements: PLACEMENTS }, placement: 'game-over', expect: 1, reasons: { 1: undefined, 2: 'outranked' } },
  { name: 'kinds: ai', listings: [PERSONAL, AI], rules: { placements: PLACEMENTS }, placement: 'stage-clear', expect: 1, reasons: { 1: undefined, 2: 'not-in-placement' } },
  { name: 'kinds: personalized', listings: BOTH, rules: { placements: PLACEMENTS }, placement: 'shop', expect: 2, reasons: { 1: 'not-in-placement', 2: undefined } },
  { name: 'kinds leave nothing', listings: [AI], rules: { placements: PLACEMENTS }, placement: 'shop', expect: 'no-offer', reasons: { 1: 'not-in-placement' } },
  { name: 'accept refuses', listings: [PERSONAL, listing(3, 'ai', { opened: true })], rules: { placements: PLACEMENTS }, placement: 'no-even', expect: 3, reasons: { 2: 'not-in-placement', 3: undefined } },
  {
    name: 'accept returning a truthy non-boolean accepts (as a filter callback does)',
    listings: BOTH,
    rules: { placements: { p: { accept: ((o: Offer) => (o.kind === 'ai' ? 1 : 0)) as unknown as () => boolean } } },
    placement: 'p',
    expect: 1,
    reasons: { 1: undefined, 2: 'not-in-placement' },
  },
  {
    name: 'accept that throws passes that offer over',
    listings: BOTH,
    rules: { placements: { p: { accept: (o) => (o.kind === 'ai' ? (o.body as never as { x: { y: boolean } }).x.y : true) } } },
    placement: 'p',
    expect: 2,
    reasons: { 1: 'rule-error', 2: undefined },
  },

  // This session's purchases and dismissals.
  { name: 'bought this session', listings: BOTH, ledger: ledger({ boughtThisSession: new Set([1]) }), expect: 2, reasons: { 1: 'bought-this-session', 2: undefined } },
  { name: 'dismissed this session', listings: BOTH, ledger: ledger({ dismissedThisSession: new Set([1]) }), expect: 2, reasons: { 1: 'dismissed-this-session', 2: undefined } },
  {
    name: 'bought and dismissed: nothing left',
    listings: BOTH,
    ledger: ledger({ boughtThisSession: new Set([2]), dismissedThisSession: new Set([1]) }),
    expect: 'no-offer',
    reasons: { 1: 'dismissed-this-session', 2: 'bought-this-session' },
  },
  { name: 'not in the placement wins over bought', listings: [AI], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ boughtThisSession: new Set([1]) }), expect: 'no-offer', reasons: { 1: 'not-in-placement' } },

  // Global caps, each on both sides.
  { name: 'min interval: 179 s after the last open', listings: BOTH, ledger: ledger({ opens: [opened(179_000)] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'capped', 2: 'capped' } },
  { name: 'min interval: 180 s after the last open', listings: BOTH, ledger: ledger({ opens: [opened(180_000)] }), expect: 1, reasons: { 1: undefined, 2: 'outranked' } },
  { name: 'min interval counts opens of other sessions', listings: [AI], ledger: ledger({ opens: [opened(MINUTE, undefined, 's-old')] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'capped' } },
  // A reservation (another tab is drawing an offer) counts as an open until it expires.
  { name: 'a reservation holds the interval', listings: [AI], ledger: ledger({ opens: [reserved(0, 1)] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'capped' } },
  { name: 'an expired reservation counts for nothing', listings: [AI], ledger: ledger({ opens: [reserved(20_000, 0)] }), expect: 1, reasons: { 1: undefined } },
  { name: 'min interval 0: back to back', listings: [AI], rules: { minIntervalMs: 0 }, ledger: ledger({ opens: [opened(0)] }), expect: 1, reasons: { 1: undefined } },
  { name: 'capped keeps the other reasons', listings: [listing(1, 'ai', { verdict: { usable: false, reason: 'expired' } }), PERSONAL], ledger: ledger({ opens: [opened(MINUTE)] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'expired', 2: 'capped' } },
  { name: 'nothing to show is no-offer, not capped', listings: [listing(1, 'ai', { verdict: { usable: false, reason: 'expired' } })], ledger: ledger({ opens: [opened(MINUTE)] }), expect: 'no-offer', reasons: { 1: 'expired' } },
  { name: 'grace: 10 s into the session', listings: [AI], ledger: ledger({ sessionStart: NOW - 10_000 }), expect: 'capped', cap: 'session-grace', reasons: { 1: 'capped' } },
  { name: 'grace: 60 s into the session', listings: [AI], ledger: ledger({ sessionStart: NOW - 60_000 }), expect: 1, reasons: { 1: undefined } },
  { name: 'grace set to 0', listings: [AI], rules: { sessionGraceMs: 0 }, ledger: ledger({ sessionStart: NOW }), expect: 1, reasons: { 1: undefined } },
  { name: 'max per session: 3 opens this session', listings: [AI], ledger: ledger({ opens: [opened(30 * MINUTE), opened(20 * MINUTE), opened(10 * MINUTE)] }), expect: 'capped', cap: 'max-per-session', reasons: { 1: 'capped' } },
  { name: 'max per session: 2 opens this session, 1 in another', listings: [AI], ledger: ledger({ opens: [opened(30 * MINUTE, undefined, 's-old'), opened(20 * MINUTE), opened(10 * MINUTE)] }), expect: 1, reasons: { 1: undefined } },
  { name: 'max per session 0: never', listings: [AI], rules: { maxPerSession: 0 }, expect: 'capped', cap: 'max-per-session', reasons: { 1: 'capped' } },
  {
    name: 'max per day: 6 opens today over sessions',
    listings: [AI],
    ledger: ledger({ opens: [1, 2, 3, 4, 5].map((h) => opened(h * 60 * MINUTE, undefined, `s-${h}`)).concat(opened(10 * MINUTE)) }),
    expect: 'capped',
    cap: 'max-per-day',
    reasons: { 1: 'capped' },
  },
  {
    name: 'max per day: 5 today, 3 yesterday',
    listings: [AI],
    ledger: ledger({ opens: [13, 14, 15, 1, 2, 3, 4, 5].map((h) => opened(h * 60 * MINUTE, undefined, `s-${h}`)) }),
    expect: 1,
    reasons: { 1: undefined },
  },
  { name: 'the first cap checked is named: day before session before grace', listings: [AI], rules: { maxPerDay: 1, maxPerSession: 1 }, ledger: ledger({ opens: [opened(0)], sessionStart: NOW }), expect: 'capped', cap: 'max-per-day', reasons: { 1: 'capped' } },

  // The UTC day boundary.
  {
    name: 'UTC day: 6 opens up to 23:59:59.999 yesterday do not count at 00:00 today',
    listings: [AI],
    rules: { minIntervalMs: 0 },
    now: MIDNIGHT,
    ledger: ledger({ sessionStart: MIDNIGHT - 60 * MINUTE, opens: [1, 2, 3, 4, 5, 6].map((n) => ({ at: MIDNIGHT - n, sessionId: `s-${n}` })) }),
    expect: 1,
    reasons: { 1: undefined },
  },
  {
    name: 'UTC day: an open at 00:00:00.000 counts for that day',
    listings: [AI],
    rules: { minIntervalMs: 0, maxPerDay: 1 },
    now: MIDNIGHT + 1,
    ledger: ledger({ sessionStart: MIDNIGHT - 60 * MINUTE, opens: [{ at: MIDNIGHT, sessionId: 's-0' }] }),
    expect: 'capped',
    cap: 'max-per-day',
    reasons: { 1: 'capped' },
  },

  // A clock set back: no time has passed since.
  { name: 'clock set back: an open "in the future" holds the interval', listings: [AI], ledger: ledger({ opens: [opened(-60 * MINUTE)] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'capped' } },
  { name: 'clock set back: a session started "in the future" is in grace', listings: [AI], ledger: ledger({ sessionStart: NOW + 60 * MINUTE }), expect: 'capped', cap: 'session-grace', reasons: { 1: 'capped' } },
  {
    name: 'clock set back a day: opens "tomorrow" count for today',
    listings: [AI],
    rules: { minIntervalMs: 0, maxPerDay: 2 },
    ledger: ledger({ opens: [opened(-DAY, undefined, 's-a'), opened(-DAY - 1, undefined, 's-b')] }),
    expect: 'capped',
    cap: 'max-per-day',
    reasons: { 1: 'capped' },
  },

  // Each placement's own caps, besides the global ones.
  { name: 'placement max per session: 1 open here this session', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(20 * MINUTE, 'shop')] }), expect: 'capped', cap: 'placement-max-per-session', reasons: { 2: 'capped' } },
  { name: 'placement max per session: opens elsewhere do not count', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(20 * MINUTE, 'game-over')] }), expect: 2, reasons: { 2: undefined } },
  { name: 'placement max per session: an open here in another session does not count', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(20 * MINUTE, 'shop', 's-old')] }), expect: 2, reasons: { 2: undefined } },
  { name: 'placement min interval: 9 minutes after an open here', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(9 * MINUTE, 'shop', 's-old')] }), expect: 'capped', cap: 'placement-min-interval', reasons: { 2: 'capped' } },
  { name: 'placement min interval: 10 minutes after an open here', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(10 * MINUTE, 'shop', 's-old')] }), expect: 2, reasons: { 2: undefined } },
  { name: 'the global interval holds at a placement with its own', listings: [PERSONAL], rules: { placements: PLACEMENTS }, placement: 'shop', ledger: ledger({ opens: [opened(MINUTE, 'game-over')] }), expect: 'capped', cap: 'min-interval', reasons: { 2: 'capped' } },
  { name: 'show() opens (no placement) count for the global caps', listings: [AI], rules: { placements: PLACEMENTS }, placement: 'game-over', ledger: ledger({ opens: [opened(MINUTE)] }), expect: 'capped', cap: 'min-interval', reasons: { 1: 'capped' } },

  // The default order.
  { name: 'order: never opened first', listings: [listing(1, 'ai', { opened: true, usableUntil: NOW }), listing(2, 'ai', { usableUntil: Infinity })], expect: 2, reasons: { 1: 'outranked', 2: undefined } },
  { name: 'order: then usability ending soonest', listings: [listing(1, 'ai', { usableUntil: NOW + DAY }), listing(2, 'personalized', { usableUntil: NOW + MINUTE }), listing(3, 'ai')], expect: 2, reasons: { 1: 'outranked', 2: undefined, 3: 'outranked' } },
  {
    name: 'order: then the newest create_datetime',
    listings: [listing(1, 'ai', { created: '2025-12-30 00:00:00' }), listing(2, 'ai', { created: '2025-12-31 00:00:00' }), listing(3, 'ai', { created: 'not a date' })],
    expect: 2,
    reasons: { 1: 'outranked', 2: undefined, 3: 'outranked' },
  },
  { name: 'order: then the smaller offer_id', listings: [listing(9, 'ai'), listing(4, 'personalized'), listing(7, 'ai')], expect: 4, reasons: { 9: 'outranked', 4: undefined, 7: 'outranked' } },

  // priority replaces it.
  { name: 'priority: personalized first', listings: BOTH, rules: { priority: (a, b) => Number(b.offer.kind === 'personalized') - Number(a.offer.kind === 'personalized') }, expect: 2, reasons: { 1: 'outranked', 2: undefined } },
  { name: 'priority: the largest id first', listings: [listing(3, 'ai'), listing(5, 'ai'), listing(4, 'ai')], rules: { priority: (a, b) => b.offer.offer_id - a.offer.offer_id }, expect: 5, reasons: { 3: 'outranked', 4: 'outranked', 5: undefined } },
  { name: 'priority returning NaN keeps the default order', listings: [listing(5, 'ai'), listing(3, 'ai')], rules: { priority: () => NaN }, expect: 3, reasons: { 3: undefined, 5: 'outranked' } },
  {
    name: 'priority that throws for one offer passes it over, wherever it stands',
    listings: [listing(1, 'ai'), listing(2, 'personalized'), listing(3, 'ai')],
    rules: { priority: (a, b) => (a.offer.kind === 'personalized' || b.offer.kind === 'personalized' ? fail() : b.offer.offer_id - a.offer.offer_id) },
    expect: 3,
    reasons: { 1: 'outranked', 2: 'rule-error', 3: undefined },
  },
  {
    name: 'priority that throws for the first in the default order passes it over',
    listings: [listing(1, 'personalized'), listing(2, 'ai'), listing(3, 'ai')],
    rules: { priority: (a, b) => (a.offer.kind === 'personalized' || b.offer.kind === 'personalized' ? fail() : 0) },
    expect: 2,
    reasons: { 1: 'rule-error', 2: undefined, 3: 'outranked' },
  },
  {
    name: 'priority that throws for pairs only passes the challenger over',
    listings: [listing(1, 'ai'), listing(2, 'ai')],
    rules: { priority: (a, b) => (a === b ? 0 : fail()) },
    expect: 1,
    reasons: { 1: undefined, 2: 'rule-error' },
  },
  { name: 'priority that always throws: the one offer still shows (never compared)', listings: [AI], rules: { priority: () => fail() }, expect: 1, reasons: { 1: undefined } },
  {
    name: 'priority that always throws, two offers: both passed over',
    listings: BOTH,
    rules: { priority: () => fail() },
    expect: 'no-offer',
    reasons: { 1: 'rule-error', 2: 'rule-error' },
  },
];

function fail(): never {
  throw new Error('priority failed');
}
