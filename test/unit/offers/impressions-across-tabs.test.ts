/**
 * An impression is reported at most once per offer and player, ever, across tabs, also when the
 * device clock is off (received → impressed happens once per offer per player, ever).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryOfferCache, createMemoryOfferStateStore, type OfferStateStore } from '../../../src/offers/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { testOffersEngine } from '../../support/offers-engine.js';

const SERVICE_NOW = Date.UTC(2026, 0, 1, 12);
const HOUR = 3_600_000;
/** The device clock is an hour ahead of the service (a player's clock can be wrong by hours). */
const deviceNow = () => SERVICE_NOW + HOUR;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `inner`, with writes that clear `impressPending` held until `gate` resolves (the page is between its report and that write). */
function holdingClears(inner: OfferStateStore, gate: Promise<void>): OfferStateStore {
  return {
    ...inner,
    async change(key, fn) {
      const current = await inner.get(key);
      const next = current && fn(current);
      if (current?.impressPending === true && next?.impressPending === false) await gate;
      return inner.change(key, fn);
    },
  };
}

describe('impress across two tabs of one device whose clock is an hour ahead', () => {
  it('a tab that starts while another is reporting its impression does not report it again', async () => {
    const shared = { state: createMemoryOfferStateStore(), cache: createMemoryOfferCache() };
    const reports: string[] = [];
    // The service's answers carry its Date (the reference service exposes it).
    const fetchOffers: typeof fetch = async () =>
      new Response(JSON.stringify({ status: 200, reason: 'OK', data: [offerRecord(1, personalizedBody)] }), {
        status: 200,
        headers: { Date: new Date(SERVICE_NOW).toUTCString() },
      });
    const page = (state: OfferStateStore, tab: string) =>
      testOffersEngine({
        fetch: fetchOffers,
        now: deviceNow,
        stores: { state, cache: shared.cache },
        onReaction: (r) => void reports.push(`${tab} ${r.message_status}:${r.offer_id}`),
      });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Tab A refreshes: learns the service's time from Date, decides and reports the impression of offer 1.
    const a = page(holdingClears(shared.state, gate), 'A');
    const refreshed = a.api.refresh();
    while (!reports.includes('A impress:1')) await tick();
    // Tab B opens in the few milliseconds before A has cleared its impressPending mark.
    const b = page(shared.state, 'B');
    for (let i = 0; i < 20; i++) await tick(); // B loads the cached offers and the states
    release();
    await refreshed;
    expect(b.api.list().map((l) => l.offer.offer_id)).toEqual([1]); // B did load them
    expect(reports).toEqual(['A impress:1']);
    a.stop();
    b.stop();
  });
});
