/**
 * An offer on screen when a refresh changes it. The service switches a campaign off
 * (`is_offer_active` 0), withdraws an offer, or shortens its validity: the player must not go on
 * buying from it (research: in-app messaging, item 5, "a paused message keeps showing until the
 * app is killed"). A regression keeps the view on the record it was made from, on screen until its
 * own time runs out or the player closes it; only the next `show()` is refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type HeadlessAdapter } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const T0 = Date.UTC(2026, 0, 1, 12);

afterEach(() => {
  vi.useRealTimers();
});

/** A client with the headless adapter whose GET /offers answers `answer.records` at each call, and what it reported. */
function setup(records: unknown[]) {
  const answer = { records };
  const options = memoryClientOptions(async () => okEnvelope(answer.records));
  const tp = createClient({ ...options, now: () => T0 });
  const reported: string[] = [];
  for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) tp.on(`offer:${status}`, (e) => reported.push(`${status}:${e.offer.offer_id}`));
  tp.on('offer:close', (e) => reported.push(`close:${e.offer.offer_id}:${e.cause}`));
  tp.on('error', (e) => reported.push(`error:${e.message}`));
  return { tp, ui: options.ui as HeadlessAdapter, reported, answer };
}

describe('a refresh while an offer is on screen', () => {
  it('switched off (is_offer_active 0): the offer closes expired, and the Buy button on screen buys nothing', async () => {
    const { tp, ui, reported, answer } = setup([offerRecord(1, personalizedBody)]);
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    const view = ui.current!;
    answer.records = [offerRecord(1, personalizedBody, { is_offer_active: 0 })];
    await tp.offers.refresh();
    expect(await shown).toEqual({ action: 'expired', offerId: 1 });
    expect(ui.current).toBeUndefined();
    view.interact(); // a tap that was on its way
    await Promise.resolve();
    expect(reported).toEqual(['impress:1', 'open:1', 'close:1:expired']);
    await tp.shutdown();
  });

  it('no longer listed: the offer closes expired', async () => {
    const { tp, ui, reported, answer } = setup([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]);
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    answer.records = [offerRecord(2, personalizedBody)];
    await tp.offers.refresh();
    expect(await shown).toEqual({ action: 'expired', offerId: 1 });
    expect(reported).toEqual(['impress:2', 'impress:1', 'open:1', 'close:1:expired']);
    await tp.shutdown();
  });

  it('its validity shortened: the offer closes at the new end, not the old one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = T0;
    const answer = { records: [offerRecord(1, personalizedBody, { valid_until: '2026-01-01 18:00:00' })] };
    const options = memoryClientOptions(async () => okEnvelope(answer.records));
    const tp = createClient({ ...options, now: () => now });
    const ui = options.ui as HeadlessAdapter;
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    answer.records = [offerRecord(1, personalizedBody, { valid_until: '2026-01-01 13:00:00' })];
    await tp.offers.refresh();
    now = T0 + 61 * 60_000; // 13:01, hours before the old end
    await vi.advanceTimersByTimeAsync(61 * 60_000);
    expect(await shown).toEqual({ action: 'expired', offerId: 1 });
    await tp.shutdown();
  });

  it('a view the game holds undrawn ends expired when a refresh withdraws its offer (nothing reported; it is let go)', async () => {
    const { tp, reported, answer } = setup([offerRecord(1, personalizedBody)]);
    await tp.offers.refresh();
    const view = await tp.offers.view(1); // the game loads the offer's image before drawing it
    answer.records = [offerRecord(1, personalizedBody, { is_offer_active: 0 })];
    await tp.offers.refresh();
    expect(await view.closed).toEqual({ action: 'expired', offerId: 1 });
    view.open(); // drawn anyway: nothing is reported
    expect(reported).toEqual(['impress:1']);
    await tp.shutdown();
  });

  it("a game's own adapter that throws as it takes the offer away: the refresh still resolves, the error is an event", async () => {
    const answer = { records: [offerRecord(1, personalizedBody)] };
    const drawn: number[] = [];
    let broken = true;
    const ui = {
      present: (view: { offerId: number }) => void drawn.push(view.offerId),
      close: () => {
        if (broken) throw new Error('the scene is gone');
      },
    };
    const tp = createClient({ ...memoryClientOptions(async () => okEnvelope(answer.records)), ui, now: () => T0 });
    const errors: string[] = [];
    tp.on('error', (e) => errors.push(String((e.cause as Error | undefined)?.message ?? e.message)));
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(drawn).toEqual([1]));
    answer.records = [offerRecord(1, personalizedBody, { is_offer_active: 0 })];
    await expect(tp.offers.refresh()).resolves.toEqual([]);
    expect(await shown).toEqual({ action: 'expired', offerId: 1 });
    expect(errors).toContain('the scene is gone');
    broken = false;
    await tp.shutdown();
  });

  it('still usable: the offer stays on screen, and the player can buy', async () => {
    const { tp, ui, reported } = setup([offerRecord(1, personalizedBody)]);
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    await vi.waitFor(() => expect(ui.current).toBeDefined());
    await tp.offers.refresh();
    expect(ui.current?.offerId).toBe(1);
    ui.current!.interact();
    expect(await shown).toMatchObject({ action: 'interact', offerId: 1 });
    expect(reported).toEqual(['impress:1', 'open:1', 'interact:1', 'close:1:interacted']);
    await tp.shutdown();
  });
});
