/**
 * The offer state machine, property-based: random sequences of what players and games do (refresh,
 * show and close or buy or hide, manual reports of any status, page reloads) against the offer
 * engine, compared with a model that reads only the transition table. Every report must be a move
 * the table allows from the offer's state, `impress` at most once per offer ever, and the reports
 * exactly those the model expects; every refused move is an `OfferStateError` (or `not-usable` for
 * an `open` or `impress` of an offer not usable) and reports nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTpError, type OfferStateError } from '../../../src/errors/index.js';
import {
  createMemoryOfferCache,
  createMemoryOfferStateStore,
  DO_NOT_SHOW_AGAIN,
  nextState,
  OFFER_TRANSITIONS,
  restoredState,
  type OfferState,
} from '../../../src/offers/index.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../../../src/records/index.js';
import { createHeadlessAdapter } from '../../../src/ui/headless.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { testOffersEngine } from '../../support/offers-engine.js';
import { PROPERTY_TIME_LIMIT_MS } from '../../support/time-limits.js';

const OFFERS = [
  offerRecord(1, personalizedBody, { valid_open_count: null }),
  offerRecord(2, personalizedBody, { valid_open_count: 2 }),
  offerRecord(3, personalizedBody, { is_offer_active: 0 }),
];

type Action =
  | { readonly kind: 'refresh' }
  | { readonly kind: 'reload' }
  | { readonly kind: 'report'; readonly offer: number; readonly status: MessageStatus; readonly hide: boolean }
  | { readonly kind: 'show'; readonly offer: number; readonly end: 'dismiss' | 'interact' | 'hide' };

const offerIndex = fc.integer({ min: 0, max: OFFERS.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ kind: 'refresh' } as const),
  fc.constant({ kind: 'reload' } as const),
  fc.record({ kind: fc.constant('report' as const), offer: offerIndex, status: fc.constantFrom(...MESSAGE_STATUSES), hide: fc.boolean() }),
  fc.record({ kind: fc.constant('show' as const), offer: offerIndex, end: fc.constantFrom('dismiss' as const, 'interact' as const, 'hide' as const) }),
);

/** What the table says: the state of each offer, its opens, hidden, and the reports expected. */
class Model {
  readonly state = new Map<number, OfferState>();
  readonly opens = new Map<number, number>();
  readonly hidden = new Set<number>();
  readonly impressed = new Set<number>();
  readonly reports: string[] = [];
  known = false;

  stateOf(id: number): OfferState {
    return this.state.get(id) ?? 'received';
  }
  usable(id: number): boolean {
    const record = OFFERS.find((o) => o.offer_id === id)!;
    if (record.is_offer_active !== 1 || this.hidden.has(id)) return false;
    return record.valid_open_count === null || (this.opens.get(id) ?? 0) < record.valid_open_count;
  }
  /** Applies a move if the table allows it; returns whether it did. */
  move(id: number, move: MessageStatus | 'close', detail?: string): boolean {
    const to = nextState(this.stateOf(id), move);
    if (!to || (move === 'impress' && this.impressed.has(id))) return false;
    this.state.set(id, to);
    if (move === 'impress') this.impressed.add(id);
    if (move === 'open') this.opens.set(id, (this.opens.get(id) ?? 0) + 1);
    if (move === 'dismiss' && detail === DO_NOT_SHOW_AGAIN) this.hidden.add(id);
    if (move !== 'close') this.reports.push(`${move}:${id}${detail ? `:${detail}` : ''}`);
    return true;
  }
  /** A new page: offers left open are closed; the offers of the last refresh come back from the cache. */
  reload(): void {
    for (const [id, s] of this.state) this.state.set(id, restoredState(s));
  }
}

function world(now = () => Date.UTC(2026, 0, 1)) {
  const stateStore = createMemoryOfferStateStore();
  const cache = createMemoryOfferCache();
  const reports: string[] = [];
  const ui = createHeadlessAdapter();
  const fetchOffers: typeof fetch = async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: OFFERS }), { status: 200 });
  // Offline for first-open updates (not what this test is about); the answers carry no `Date`.
  const page = () =>
    testOffersEngine(
      {
        fetch: fetchOffers,
        now,
        stores: { state: stateStore, cache },
        onReaction: (r) => void reports.push(`${r.message_status}:${r.offer_id}${r.message_detail ? `:${r.message_detail}` : ''}`),
      },
      { ui: () => ui },
    );
  return { page, reports, ui, stateStore };
}

describe('offer state machine', () => {
  it('is the table documented in docs/decisions.md ("Offer states"), and nothing else', () => {
    expect(OFFER_TRANSITIONS).toEqual({
      received: { impress: 'impressed' },
      impressed: { open: 'opened' },
      opened: { dismiss: 'dismissed', interact: 'interacted', close: 'closed' },
      dismissed: { open: 'opened' },
      interacted: { dismiss: 'dismissed', close: 'closed' },
      closed: { open: 'opened' },
    });
    expect(nextState('opened', 'open')).toBeUndefined();
    expect(nextState('impressed', 'dismiss')).toBeUndefined();
    expect(nextState('received', 'open')).toBeUndefined();
    // A new page: an offer left open (or just bought from) has no UI any more.
    expect((['received', 'impressed', 'opened', 'dismissed', 'interacted', 'closed'] as OfferState[]).map(restoredState)).toEqual([
      'received',
      'impressed',
      'closed',
      'dismissed',
      'closed',
      'closed',
    ]);
  });

  it('random sequences of actions report exactly what the table allows, impress at most once per offer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        const w = world();
        const model = new Model();
        let engine = w.page();
        for (const a of actions) {
          if (a.kind === 'reload') {
            engine.stop();
            engine = w.page();
            model.reload();
          } else if (a.kind === 'refresh') {
            await engine.api.refresh();
            model.known = true;
            // Newest first (same creation time: the higher id), as refresh() returns them.
            for (const o of [...OFFERS].reverse()) if (model.usable(o.offer_id) && model.stateOf(o.offer_id) === 'received') model.move(o.offer_id, 'impress');
          } else if (a.kind === 'report') {
            const id = OFFERS[a.offer]!.offer_id;
            const detail = a.status === 'dismiss' && a.hide ? DO_NOT_SHOW_AGAIN : undefined;
            const outcome = await engine.api.report(id, a.status, detail).then(
              () => 'ok',
              (e: unknown) => e,
            );
            if (!model.known) {
              expect(outcome).toMatchObject({ reason: 'unknown-offer' });
            } else if ((a.status === 'open' || a.status === 'impress') && !model.usable(id)) {
              // An offer reaches the player, or opens, only while usable (like show()).
              expect(outcome).toMatchObject({ name: 'OfferError', reason: 'not-usable' });
            } else if (model.move(id, a.status, detail)) {
              expect(outcome).toBe('ok');
            } else {
              expect(isTpError(outcome, 'offer')).toBe(true);
              expect(outcome as OfferStateError).toMatchObject({ name: 'OfferStateError', offerId: id, move: a.status });
            }
          } else {
            const id = OFFERS[a.offer]!.offer_id;
            const presented = new Promise<void>((resolve) => {
              const stop = w.ui.onPresent(() => {
                stop();
                resolve();
              });
            });
            const shown = engine.api.show(id);
            const canOpen = model.known && model.usable(id) && nextState(model.stateOf(id), 'open') !== undefined;
            // Whichever comes first: the offer on screen, or show() refusing.
            const first = await Promise.race([presented.then(() => 'presented'), shown.then(() => 'resolved', (e: unknown) => e)]);
            if (!canOpen) {
              expect(isTpError(first, 'offer'), `show(${id}) from ${model.stateOf(id)}: ${String(first)}`).toBe(true);
              if (first === 'presented') w.ui.current!.dismiss();
              continue;
            }
            expect(first).toBe('presented');
            expect(w.ui.current?.offerId).toBe(id);
            model.move(id, 'open');
            const act = w.ui.current!;
            if (a.end === 'interact') {
              act.interact();
              model.move(id, 'interact');
              model.move(id, 'close');
            } else {
              if (a.end === 'hide') act.setDoNotShowAgain(true);
              act.dismiss();
              model.move(id, 'dismiss', a.end === 'hide' ? DO_NOT_SHOW_AGAIN : undefined);
            }
            await shown;
            await new Promise((resolve) => setTimeout(resolve, 0)); // the close after interact is written
          }
        }
        expect(w.reports).toEqual(model.reports);
        // Each offer's reports walk the table from `received`, across reloads; impress at most once.
        for (const o of OFFERS) {
          const mine = w.reports.filter((r) => r.split(':')[1] === String(o.offer_id)).map((r) => r.split(':')[0] as MessageStatus);
          expect(mine.filter((m) => m === 'impress').length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('an impression decided and not yet reported (impressPending)', () => {
  it('is reported by another page only once it is old enough for its page to have died, never while that page may still report it', async () => {
    let now = Date.UTC(2026, 0, 1);
    const w = world(() => now);
    // Another tab decided the impression of offer 1 a second ago and is about to report it.
    await w.stateStore.change(['p-1', 1], () => ({ opens: 0, state: 'impressed', impressedAt: now - 1000, impressPending: true }));
    const engine = w.page();
    await engine.api.refresh();
    expect(w.reports).toEqual(['impress:2']); // not 1: that tab reports it
    // It never did (it died): ten seconds on, this page reports it, once.
    now += 10_000;
    await engine.api.refresh();
    await engine.api.refresh();
    expect(w.reports).toEqual(['impress:2', 'impress:1']);
  });
});
