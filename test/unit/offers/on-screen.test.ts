/**
 * An offer on screen, with the device clock and the timers in the test's hands (happy-dom, memory
 * storage, the headless adapter): what closes it, and what does not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type HeadlessAdapter } from '../../../src/index.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('an offer on screen', () => {
  it('reaching valid_open_count with this open does not close it early: only its time does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = T0;
    const record = offerRecord(1, personalizedBody, { valid_open_count: 1, valid_until: '2026-01-01 13:00:00' });
    const options = memoryClientOptions(async () => okEnvelope([record]));
    const tp = createClient({ ...options, now: () => now });
    const ui = options.ui as HeadlessAdapter;
    await tp.offers.refresh();
    let outcome: unknown;
    void tp.offers.show(1).then((o) => (outcome = o));
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    // The expiry timer fires while the clock reads earlier than valid_until (the service clock
    // estimate moved back meanwhile): the open count reached by this open is no reason to close.
    await vi.advanceTimersByTimeAsync(HOUR);
    expect([outcome, ui.current?.offerId]).toEqual([undefined, 1]);
    now = T0 + HOUR;
    await vi.advanceTimersByTimeAsync(0);
    await vi.runOnlyPendingTimersAsync();
    expect(outcome).toEqual({ action: 'expired', offerId: 1 });
    await tp.shutdown();
  });

  it('the sale of one of its products ends: it leaves the screen (expired), and shown again lists the products still on sale', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = T0;
    const product = aiBody.recommendations[0]!.product_list[0]!;
    const body = {
      ...aiBody,
      recommendations: [
        {
          store: 'ios',
          product_list: [
            { ...product, purchasable_slug: 'flash_deal', end_datetime: '2026-01-01 13:00:00' },
            { ...product, purchasable_slug: 'golden_sword', end_datetime: '2026-01-01 18:00:00' },
          ],
        },
      ],
    };
    const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, body)]));
    const tp = createClient({ ...options, platform: 'ios', now: () => now });
    const ui = options.ui as HeadlessAdapter;
    const interacts: unknown[] = [];
    tp.on('offer:interact', (e) => interacts.push(e.detail));
    await tp.offers.refresh();
    const first = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    expect(ui.current!.products.map((p) => p.id)).toEqual(['flash_deal', 'golden_sword']);
    now = T0 + 2 * HOUR;
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(await first).toEqual({ action: 'expired', offerId: 1 });
    expect(tp.offers.list()[0]!.verdict).toEqual({ usable: true }); // golden_sword is still on sale
    const second = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    expect(ui.current!.products.map((p) => p.id)).toEqual(['golden_sword']);
    ui.current!.interact(ui.current!.products[0]);
    expect(await second).toMatchObject({ action: 'interact', product: { id: 'golden_sword' } });
    expect(interacts).toEqual(['golden_sword']);
    await tp.shutdown();
  });

  it('shutdown() takes the offer off screen and settles show(): closed, nothing reported', async () => {
    const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody)]));
    const tp = createClient({ ...options, now: () => T0 });
    const ui = options.ui as HeadlessAdapter;
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    await tp.shutdown();
    expect(await shown).toEqual({ action: 'closed', offerId: 1 });
    expect(ui.current).toBeUndefined();
  });
  it("identify() with another player takes the previous player's offers off screen: closed, nothing reported", async () => {
    const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]));
    const tp = createClient({ ...options, now: () => T0 });
    const ui = options.ui as HeadlessAdapter;
    const reported: string[] = [];
    for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) tp.on(`offer:${status}`, (e) => reported.push(`${e.offer.offer_id} ${status}`));
    const closes: string[] = [];
    tp.on('offer:close', (e) => closes.push(`${e.offer.offer_id} ${e.cause}`));
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    const drawn = await tp.offers.view(2);
    drawn.open();
    // The same player again changes nothing.
    tp.identify('p-1');
    await Promise.resolve();
    expect(ui.current?.offerId).toBe(1);
    tp.identify('p-2');
    expect(await shown).toEqual({ action: 'closed', offerId: 1 });
    expect(await drawn.closed).toEqual({ action: 'closed', offerId: 2 });
    expect(ui.current).toBeUndefined();
    expect(closes).toEqual(['1 closed', '2 closed']);
    expect(reported).toEqual(['2 impress', '1 impress', '1 open', '2 open']);
    await tp.shutdown();
  });
});
