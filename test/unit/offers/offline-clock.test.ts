/**
 * An offer the SDK judged expired in the service's time must not come back as usable
 * offline, on a device whose clock is behind (README: "an estimate from the `Date` of every
 * answer, so a device clock hours off does not show an expired offer"; docs/decisions.md, "Offline
 * offers": "can show an offer that is still usable (decided now, in the service's time)").
 */
import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from '../../../src/internal/time.js';
import { createMemoryOfferCache, createMemoryOfferStateStore, type OffersEngine } from '../../../src/offers/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { testOffersEngine } from '../../support/offers-engine.js';

const SERVICE_NOW = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('offline start on a device whose clock is three hours behind', () => {
  it('an offer that had expired when it was fetched stays expired', async () => {
    const stores = { state: createMemoryOfferStateStore(), cache: createMemoryOfferCache() };
    // The service still lists an offer whose valid_until passed ten minutes ago.
    const records = [offerRecord(1, personalizedBody, { valid_until: formatUtcDateTime(SERVICE_NOW - 10 * MINUTE) })];
    let online = true;
    let device = SERVICE_NOW - 3 * HOUR;
    const fetchImpl: typeof fetch = async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: records }), { status: 200, headers: { Date: new Date(SERVICE_NOW).toUTCString() } });
    };
    const reports: string[] = [];
    const page = (): OffersEngine =>
      testOffersEngine(
        { fetch: fetchImpl, now: () => device, stores, onReaction: (r) => void reports.push(`${r.message_status}:${r.offer_id}`) },
        { isOnline: () => online },
      );

    const first = page();
    expect(await first.api.refresh()).toEqual([]);
    expect(first.api.list().map((l) => l.verdict)).toEqual([{ usable: false, reason: 'expired' }]);
    first.stop();

    // A minute later the game starts again, offline: the offers come from the device's copy.
    online = false;
    device += MINUTE;
    const second = page();
    const usable = await second.api.refresh(); // from the cache, with a warning
    expect({ usable: usable.map((o) => o.offer_id), verdicts: second.api.list().map((l) => l.verdict), reports }).toEqual({
      usable: [],
      verdicts: [{ usable: false, reason: 'expired' }],
      reports: [],
    });
    second.stop();
  });
});
