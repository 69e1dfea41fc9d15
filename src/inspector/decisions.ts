/**
 * The inspector's list of placement decisions: each `offer:skipped` and `offer:placed` of
 * `showAt` as a row (the newest first, at most {@link DECISION_LIMIT}), a picked offer marked shown
 * when its `offer:open` follows. Rows hold copies of primitive values only: what the events carry
 * (placement names from the game, offer ids from the service) is never kept by reference.
 *
 * @module
 */
import type { OfferPlacedEvent, OfferSkippedEvent } from '../index.js';
import type { DecisionCandidate, DecisionRow } from './types.js';

/** How many decisions the list keeps (the oldest go first), and how many candidates each keeps. */
export const DECISION_LIMIT = 50;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The list, and what feeds it (each called from a guarded listener). */
export interface DecisionLog {
  readonly rows: readonly DecisionRow[];
  skipped(event: OfferSkippedEvent): void;
  placed(event: OfferPlacedEvent): void;
  /** An offer was opened: the newest row that picked it and is not yet shown is now shown. */
  opened(offerId: number): void;
}

/** What set off a decision, when its event says: the record kind (`on`) of its trigger. */
function triggerText(event: OfferSkippedEvent | OfferPlacedEvent): string | undefined {
  const on: unknown = event.trigger?.on;
  return typeof on === 'string' ? on : undefined;
}

/** At most {@link DECISION_LIMIT} candidates, copied to plain values. */
function copyCandidates(candidates: OfferSkippedEvent['candidates']): { candidates: DecisionCandidate[]; moreCandidates: number } {
  const list = Array.isArray(candidates) ? candidates : [];
  return {
    candidates: list.slice(0, DECISION_LIMIT).map((c) => ({ offerId: Number(c.offerId), ...(typeof c.reason === 'string' ? { reason: c.reason } : {}) })),
    moreCandidates: Math.max(0, list.length - DECISION_LIMIT),
  };
}

/** A list that keeps the last {@link DECISION_LIMIT} decisions; `now` gives milliseconds since the epoch. */
export function createDecisionLog(now: () => number): DecisionLog {
  const rows: Array<Mutable<DecisionRow>> = [];
  const add = (row: Mutable<DecisionRow>): void => {
    rows.unshift(row);
    if (rows.length > DECISION_LIMIT) rows.length = DECISION_LIMIT;
  };
  const common = (event: OfferSkippedEvent | OfferPlacedEvent) => {
    const trigger = triggerText(event);
    return { at: now(), placement: String(event.placement), ...(trigger === undefined ? {} : { trigger }), ...copyCandidates(event.candidates) };
  };
  return {
    rows,
    skipped: (event) => add({ ...common(event), outcome: 'skipped', reason: String(event.reason), ...(typeof event.cap === 'string' ? { cap: event.cap } : {}) }),
    placed: (event) => add({ ...common(event), outcome: 'picked', offerId: Number(event.offer.offer_id) }),
    opened: (offerId) => {
      const row = rows.find((r) => r.outcome === 'picked' && r.offerId === offerId);
      if (row) row.outcome = 'shown';
    },
  };
}
