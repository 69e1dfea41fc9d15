/**
 * The report: what the panel shows, read from the client's public API and the model, as data.
 * The panel draws from it and "copy report as JSON" copies it. No DOM besides `location` and
 * `navigator`, read when present.
 *
 * @module
 */
import type { InspectorModel } from './model.js';
import type { InspectedClient, InspectorReport, OfferRow } from './types.js';

/** The offers of `offers.list()` as rows; undefined for a client without offers. */
export function offerRows(client: InspectedClient): OfferRow[] | undefined {
  if (typeof client.offers?.list !== 'function') return undefined;
  return client.offers.list().map(({ offer, verdict, state }) => ({
    offerId: offer.offer_id,
    kind: offer.kind,
    verdict: verdict.usable ? 'usable' : verdict.reason,
    state,
  }));
}

/** The page's address without query and fragment: they may carry tokens. */
function pageAddress(): string {
  return typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`;
}

/** `read()`, or `fallback` with the failure noted in the model: an optional read never breaks the report. */
function attempt<T>(model: InspectorModel, where: string, read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    model.fault(where, error);
    return fallback;
  }
}

/** Builds the report now. */
export function buildReport(client: InspectedClient, model: InspectorModel, now: () => number = Date.now): InspectorReport {
  const { relay: _relay, ...stats } = client.stats();
  return {
    at: new Date(now()).toISOString(),
    page: pageAddress(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    consent: client.consent,
    stats,
    droppedByReason: { ...model.droppedByReason },
    uploads: model.uploads.map((u) => ({ ...u, kinds: { ...u.kinds } })),
    invalid: model.invalid.map((row) => ({ ...row })),
    offers: attempt(model, 'reading offers.list()', () => offerRows(client), []),
    decisions: model.decisions.map((row) => ({ ...row, candidates: row.candidates.map((c) => ({ ...c })) })),
    inGameplay: client.inGameplay === true,
    session: attempt(model, 'reading the session', () => client.session, undefined),
    sessionEvents: [...model.sessionEvents],
    inspectorErrors: [...model.faults],
  };
}
