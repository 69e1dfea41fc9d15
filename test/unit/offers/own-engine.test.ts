/**
 * A game that draws offers with its own engine (Phaser, PixiJS): it takes views from the headless
 * adapter or from `offers.view()`, draws them, and calls their actions. Each test guards a path
 * such a game takes that the SDK's own dialogs never do (a view held, drawn twice, or closed by
 * the game).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type HeadlessAdapter, type OfferOutcome } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

/** A client with the headless adapter whose GET /offers answers `records`, its clock, and what it reported. */
function setup(records: unknown[]) {
  let now = T0;
  const options = memoryClientOptions(async () => okEnvelope(records));
  const tp = createClient({ ...options, now: () => now });
  const reported: string[] = [];
  for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) tp.on(`offer:${status}`, (e) => reported.push(`${status}:${e.offer.offer_id}`));
  tp.on('offer:close', (e) => reported.push(`close:${e.offer.offer_id}:${e.cause}`));
  tp.on('error', (e) => reported.push(`error:${e.message}`));
  return { tp, ui: options.ui as HeadlessAdapter, reported, setNow: (ms: number) => (now = ms) };
}

/** What a promise settled with so far (`pending` while it has not). */
function settled<T>(promise: Promise<T>): () => T | 'pending' {
  let value: T | 'pending' = 'pending';
  void promise.then((v) => (value = v));
  return () => value;
}

describe('a game drawing offers with its own engine', () => {
  it('shutdown() takes a view the game draws off screen too: closed, and a later tap reports and buys nothing', async () => {
    const { tp, reported } = setup([offerRecord(1, personalizedBody)]);
    await tp.offers.refresh();
    const view = await tp.offers.view(1);
    view.open();
    const outcome = settled(view.closed);
    await tp.shutdown();
    await Promise.resolve();
    // The game removes what it drew when `closed` resolves. A regression never resolves it, and a
    // tap on the Buy button still on screen resolves `interact` (the game runs a purchase) with
    // nothing reported.
    expect(outcome()).toEqual({ action: 'closed', offerId: 1 });
    view.interact();
    await Promise.resolve();
    expect(outcome()).toEqual({ action: 'closed', offerId: 1 });
    expect(reported).toEqual(['impress:1', 'open:1', 'close:1:closed']);
  });

  it('shutdown() while show() or view() prepares the offer draws nothing: both reject shut-down', async () => {
    const { tp, ui } = setup([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]);
    await tp.offers.refresh();
    const shown = tp.offers.show(1);
    const viewed = tp.offers.view(2);
    await tp.shutdown(); // the player left the game's page of a single-page site
    await expect(viewed).rejects.toMatchObject({ reason: 'shut-down' });
    expect([ui.current, ui.drawn]).toEqual([undefined, []]);
    await expect(shown).rejects.toMatchObject({ reason: 'shut-down' });
  });

  it('open() of a view the game held until the offer expired reports nothing: closed resolves expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { tp, reported, setNow } = setup([offerRecord(1, personalizedBody, { valid_until: '2026-01-01 13:00:00' })]);
    await tp.offers.refresh();
    const view = await tp.offers.view(1); // the game loads the offer's image before drawing it
    setNow(T0 + 2 * HOUR);
    view.open();
    await vi.runOnlyPendingTimersAsync();
    expect(await view.closed).toEqual({ action: 'expired', offerId: 1 });
    // A regression reports `open:1` (counted against the offer, and its first open sent to the
    // service), then closes it.
    expect(reported).toEqual(['impress:1']);
    expect(tp.offers.list()[0]).toMatchObject({ state: 'impressed', verdict: { usable: false } });
    await tp.shutdown();
  });

  it('show() of an offer that expires between the check and the drawing takes the drawing away again', async () => {
    const { tp, ui, reported, setNow } = setup([offerRecord(1, personalizedBody, { valid_until: '2026-01-01 13:00:00' })]);
    await tp.offers.refresh();
    ui.onPresent(() => setNow(T0 + 2 * HOUR)); // the clock passes valid_until while the game draws
    expect(await tp.offers.show(1)).toEqual({ action: 'expired', offerId: 1 });
    expect([ui.current, reported]).toEqual([undefined, ['impress:1']]);
    await tp.shutdown();
  });

  it('a second view of an offer ends the first one not yet opened: one open, valid_open_count holds', async () => {
    const { tp, reported } = setup([offerRecord(1, personalizedBody, { valid_open_count: 1 })]);
    await tp.offers.refresh();
    // Taken at level start for the shop, and again at level end for a pop-up (or twice by a scene restarted).
    const shop = await tp.offers.view(1);
    const shopOutcome = settled(shop.closed);
    const popup = await tp.offers.view(1);
    await Promise.resolve();
    expect(shopOutcome()).toEqual({ action: 'closed', offerId: 1 });
    shop.open(); // ended: ignored
    popup.open();
    popup.dismiss();
    expect(await popup.closed).toMatchObject({ action: 'dismiss' });
    // A regression reports `open:1` twice (the second past valid_open_count), or, opened together,
    // refuses the second open by an `error` event and leaves that view's buttons reporting.
    expect(reported).toEqual(['impress:1', 'open:1', 'dismiss:1']);
    expect(tp.offers.list()[0]!.verdict).toEqual({ usable: false, reason: 'open-count-reached' });
    await tp.shutdown();
  });

  it("the game's close() on the headless adapter (a scene change) ends the offer: show() resolves closed, the next can be shown", async () => {
    const { tp, ui, reported } = setup([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]);
    await tp.offers.refresh();
    const first = settled(tp.offers.show(1));
    await vi.waitFor(() => expect(ui.current?.offerId).toBe(1));
    ui.close(); // the game leaves the shop scene
    await vi.waitFor(() => expect(first()).toEqual({ action: 'closed', offerId: 1 }));
    // A regression never settles show(), leaves the offer `opened`, and answers every later show() busy.
    const second = tp.offers.show(2);
    await vi.waitFor(() => expect(ui.current?.offerId).toBe(2));
    ui.current!.dismiss();
    expect(await second).toMatchObject({ action: 'dismiss', offerId: 2 });
    expect(reported).toEqual(['impress:2', 'impress:1', 'open:1', 'close:1:closed', 'open:2', 'dismiss:2']);
    expect(tp.offers.list().map((l) => l.state)).toEqual(['closed', 'dismissed']);
    await tp.shutdown();
  });

  // The first offer ends by the player (dismiss), or by the game's own close() on the adapter (a
  // scene change: its onClose listeners must run once the offer is off screen, not while it is on).
  for (const [how, end, outcome] of [
    ['the player dismissed it', (ui: HeadlessAdapter) => ui.current!.dismiss(), 'dismiss'],
    ["the game's close() took it off screen", (ui: HeadlessAdapter) => ui.close(), 'closed'],
  ] as const) {
    it(`shows the next offer from the headless adapter's onClose when ${how}, not OfferError busy`, async () => {
      const { tp, ui } = setup([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]);
      await tp.offers.refresh();
      let next: Promise<OfferOutcome> | undefined;
      ui.onClose((view) => {
        if (view.offerId === 1) next = tp.offers.show(2);
      });
      const first = tp.offers.show(1);
      await vi.waitFor(() => expect(ui.current?.offerId).toBe(1));
      end(ui);
      expect(await first).toMatchObject({ action: outcome, offerId: 1 });
      await vi.waitFor(() => expect(ui.current?.offerId).toBe(2));
      // One offer on screen at a time still holds: the first show() ending does not let a third in.
      await expect(tp.offers.show(1)).rejects.toMatchObject({ reason: 'busy' });
      ui.current!.dismiss();
      expect(await next).toMatchObject({ action: 'dismiss', offerId: 2 });
      await tp.shutdown();
    });
  }
});
