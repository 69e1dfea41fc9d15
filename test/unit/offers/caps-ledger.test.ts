/**
 * The caps ledger (caps-ledger.ts): a reservation counts as an open for every page sharing the
 * store, `open` replaces it, a release removes it, it expires by itself; purchases and dismissals
 * of the session are kept in the store for the next page of that session. Two ledgers on one
 * memory store stand for two pages of one device.
 */
import { describe, expect, it } from 'vitest';
import { createCapsLedger, createMemoryCapsStore, type CapsStore } from '../../../src/offers/caps-ledger.js';
import { capAt } from '../../../src/offers/caps.js';
import { resolveOfferRules } from '../../../src/offers/offer-rules.js';
import type { Offer } from '../../../src/offers/types.js';

const START = Date.UTC(2026, 0, 1, 12);
const RULES = resolveOfferRules({ sessionGraceMs: 0 });
const OFFER = { offer_id: 1, player_slug: 'p-1' } as Offer;

function page(store: CapsStore, clock: { now: number }, sessionId = 's-1') {
  const errors: unknown[] = [];
  const ledger = createCapsLedger(
    { now: () => clock.now, player: () => 'p-1', session: () => ({ id: sessionId, startedAt: START / 1000 }) },
    store,
    (error) => void errors.push(error),
  );
  /** The cap holding back an open at `game-over` now, after reading the store. */
  const cap = async () => {
    await ledger.load();
    return capAt(RULES, {}, ledger.snapshot(), 'game-over', clock.now);
  };
  return { ledger, cap, errors };
}

/** Lets the store's writes (promises) settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reservations', () => {
  it('a reservation counts as an open for another page as soon as it is stored', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const [a, b] = [page(store, clock), page(store, clock)];
    expect(await b.cap()).toBeUndefined();
    await a.ledger.reserve(1, 'game-over', 13_000);
    expect(await b.cap()).toBe('min-interval');
    expect((await store.get(['p-1']))?.opens).toEqual([{ at: START, sessionId: 's-1', placement: 'game-over', reservation: { owner: expect.any(String), offerId: 1, expiresAt: START + 13_000 } }]);
  });

  it('open replaces the reservation with one open at its placement', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const a = page(store, clock);
    const reservation = await a.ledger.reserve(1, 'game-over', 13_000);
    clock.now += 2_000;
    a.ledger.reacted(OFFER, 'open');
    await settled();
    expect((await store.get(['p-1']))?.opens).toEqual([{ at: START + 2_000, sessionId: 's-1', placement: 'game-over' }]);
    expect(a.ledger.snapshot().opens).toEqual([{ at: START + 2_000, sessionId: 's-1', placement: 'game-over' }]);
    expect(a.ledger.holds(reservation!)).toBe(false);
    a.ledger.release(reservation); // after open: nothing to release
    await settled();
    expect((await store.get(['p-1']))?.opens).toHaveLength(1);
  });

  it('a released reservation lets another page show, even one that read it before', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const [a, b] = [page(store, clock), page(store, clock)];
    const reservation = await a.ledger.reserve(1, 'game-over', 13_000);
    expect(await b.cap()).toBe('min-interval');
    a.ledger.release(reservation);
    await settled();
    expect((await store.get(['p-1']))?.opens).toEqual([]);
    expect(a.ledger.snapshot().opens).toEqual([]);
    expect(await b.cap()).toBeUndefined();
  });

  it('release() without one releases every reservation of the page, and only of that page', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const [a, b] = [page(store, clock), page(store, clock)];
    await a.ledger.reserve(1, 'game-over', 13_000);
    clock.now += 1;
    await b.ledger.reserve(2, 'shop', 13_000);
    a.ledger.release();
    await settled();
    expect((await store.get(['p-1']))?.opens.map((open) => open.placement)).toEqual(['shop']);
  });

  it('a reservation never opened nor released (a tab that died) expires by itself', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const [a, b] = [page(store, clock), page(store, clock)];
    await a.ledger.reserve(1, 'game-over', 13_000);
    clock.now += 12_999;
    expect(await b.cap()).toBe('min-interval');
    clock.now += 1;
    expect(await b.cap()).toBeUndefined();
    b.ledger.reacted({ ...OFFER, offer_id: 2 }, 'open'); // the next write drops it from the store
    await settled();
    expect((await store.get(['p-1']))?.opens).toEqual([{ at: START + 13_000, sessionId: 's-1' }]);
  });
});

describe('purchases and dismissals of the session', () => {
  it('are read by the next page of the session, not by a page of another session', async () => {
    const store = createMemoryCapsStore();
    const clock = { now: START };
    const first = page(store, clock);
    first.ledger.reacted(OFFER, 'interact');
    first.ledger.reacted({ ...OFFER, offer_id: 2 }, 'dismiss');
    await settled();
    const next = page(store, clock);
    await next.ledger.load();
    expect([...next.ledger.snapshot().boughtThisSession]).toEqual([1]);
    expect([...next.ledger.snapshot().dismissedThisSession]).toEqual([2]);
    const later = page(store, clock, 's-2');
    await later.ledger.load();
    expect(later.ledger.snapshot()).toMatchObject({ boughtThisSession: new Set(), dismissedThisSession: new Set() });
    later.ledger.reacted({ ...OFFER, offer_id: 3 }, 'interact');
    await settled();
    expect((await store.get(['p-1']))?.session).toEqual({ id: 's-2', bought: [3], dismissed: [] });
  });
});
