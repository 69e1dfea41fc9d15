/**
 * A client used after `shutdown()` says so at once, against the reference service: `track()`
 * returns false and keeps nothing, `flush()` and the offer calls reject with a typed error. (In a
 * browser with other tabs, a flush after shutdown waited 60 s for a tab to answer, then blamed the
 * network; `track()` returned true for a record nobody would upload.) Also: an offer id passed
 * as a string is refused as such, not as an offer missing from the last refresh.
 */
import { describe, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, isTpError } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();

const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (isTpError(e) ? `${e.name} ${e.code}${'reason' in e ? ` ${String(e.reason)}` : ''}: ${e.message}` : String(e)),
  );

describe('after shutdown()', () => {
  it('track() keeps nothing, flush() and the offer calls reject at once with a typed error', async () => {
    const player = 'p-after-shutdown';
    const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0, ui: createHeadlessAdapter(), platform: 'web' });
    const [offer] = await tp.offers.refresh();
    expect(tp.track('characters_stages', { character_slug: 'knight', stage_slug: 'before' })).toBe(true);
    await tp.shutdown();

    expect(tp.track('characters_stages', { character_slug: 'knight', stage_slug: 'after' })).toBe(false);
    expect(await outcome(tp.flush())).toBe('TpError config: the client was shut down');
    expect(await outcome(tp.offers.refresh())).toBe('OfferError offer shut-down: Offer (unknown id): the client was shut down');
    expect(await outcome(tp.offers.show(offer!.offer_id))).toBe(`OfferError offer shut-down: Offer ${offer!.offer_id}: the client was shut down`);
    expect(await outcome(tp.offers.view(offer!.offer_id))).toMatch(/shut-down/);
    expect(await outcome(tp.offers.report(offer!.offer_id, 'open'))).toMatch(/shut-down/);

    // The record tracked before went out with shutdown()'s last upload; the one after, nowhere.
    const stages = (await received(service.current, 'characters_stages')).filter((r) => r.player_slug === player).map((r) => r.stage_slug);
    expect(stages).toEqual(['before']);
    expect(tp.stats().queued).toBe(0);
  });
});

describe('offer ids', () => {
  it('an id passed as a string (read from a data-* attribute) is refused as such', async () => {
    const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: 'p-string-id', flushIntervalMs: 0, ui: createHeadlessAdapter(), platform: 'web' });
    try {
      const [offer] = await tp.offers.refresh();
      const id = String(offer!.offer_id);
      expect(await outcome(tp.offers.show(id as never))).toBe('OfferError offer bad-offer-id: Offer (unknown id): offerId must be a number, not a string');
      expect(await outcome(tp.offers.report(id as never, 'dismiss'))).toMatch(/bad-offer-id/);
    } finally {
      await tp.shutdown();
    }
  });
});
