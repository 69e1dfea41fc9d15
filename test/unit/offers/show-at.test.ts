/**
 * `offers.showAt()` and `offers.explain()`: the decision of a placement from the known offers and
 * the caps ledger, then `show()` of the offer picked; each skip resolves with its reason and emits
 * `offer:skipped`. Memory client, happy-dom, fake timers, the headless adapter.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, createClient, createHeadlessAdapter, type OfferRules, type OfferSkipped, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
const NO_GRACE = { sessionGraceMs: 0 } as const;

let tp: TpClient | undefined;
function client(offerRules?: OfferRules) {
  const ui = createHeadlessAdapter();
  const made = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), ui, ...(offerRules && { offerRules }) });
  tp = made as TpClient;
  const skipped: unknown[] = [];
  const warnings: unknown[] = [];
  made.on('offer:skipped', (event) => void skipped.push(event));
  made.on('warning', (error) => void warnings.push(error));
  return { tp: made, ui, skipped, warnings };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  await tp?.shutdown();
  tp = undefined;
});

describe('showAt', () => {
  it('shows the first offer in order and resolves with its outcome', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    const shown = c.tp.offers.showAt('game-over');
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    c.ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss', offerId: 1 });
  });

  it('is capped within minIntervalMs of an open, then shows another offer than the one dismissed', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    const first = c.tp.offers.showAt('game-over');
    await vi.waitFor(() => expect(c.ui.current).toBeDefined());
    c.ui.current!.dismiss();
    await first;
    await vi.advanceTimersByTimeAsync(179_000);
    const capped = await c.tp.offers.showAt('game-over');
    expect(capped).toEqual({ action: 'skipped', placement: 'game-over', reason: 'capped', cap: 'min-interval', candidates: [{ offerId: 1, reason: 'dismissed-this-session' }, { offerId: 2, reason: 'capped' }] });
    expect(c.skipped).toEqual([{ placement: 'game-over', reason: 'capped', cap: 'min-interval', candidates: (capped as OfferSkipped).candidates }]);
    await vi.advanceTimersByTimeAsync(1_000);
    const second = c.tp.offers.showAt('game-over');
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(2));
    c.ui.current!.dismiss();
    await second;
  });

  it('counts an open of show() too', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    const shown = c.tp.offers.show(2);
    await vi.waitFor(() => expect(c.ui.current).toBeDefined());
    c.ui.current!.dismiss();
    await shown;
    await expect(c.tp.offers.showAt('any')).resolves.toMatchObject({ reason: 'capped' });
  });

  it('holds back offers within sessionGraceMs of the session start', async () => {
    const c = client();
    await c.tp.offers.refresh();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(c.tp.offers.showAt('game-over')).resolves.toMatchObject({ action: 'skipped', reason: 'capped', cap: 'session-grace' });
    expect(c.tp.offers.explain('game-over')).toMatchObject({ action: 'skipped', reason: 'capped', cap: 'session-grace' });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(c.tp.offers.explain('game-over')).toMatchObject({ action: 'show', offer: { offer_id: 1 } });
  });

  it('shows nothing in gameplay, and shows once play stops', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    c.tp.gameplayStart();
    await expect(c.tp.offers.showAt('stage-clear')).resolves.toMatchObject({ action: 'skipped', reason: 'in-gameplay' });
    expect(c.ui.current).toBeUndefined();
    c.tp.gameplayStop();
    void c.tp.offers.showAt('stage-clear');
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
  });

  it('resolves busy while another showAt decides or shows, and while show() shows', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    const first = c.tp.offers.showAt('a');
    await expect(c.tp.offers.showAt('b')).resolves.toMatchObject({ action: 'skipped', placement: 'b', reason: 'busy' });
    await vi.waitFor(() => expect(c.ui.current).toBeDefined());
    await expect(c.tp.offers.showAt('b')).resolves.toMatchObject({ reason: 'busy' });
    expect(c.tp.offers.explain('b')).toMatchObject({ reason: 'busy' });
    c.ui.current!.dismiss();
    await expect(first).resolves.toMatchObject({ action: 'dismiss' });
  });

  it('skips an unknown placement of a map, with one warning', async () => {
    const c = client({ ...NO_GRACE, placements: { 'game-over': {} } });
    await c.tp.offers.refresh();
    const skipped = await c.tp.offers.showAt('gameover');
    expect(skipped).toMatchObject({ action: 'skipped', reason: 'unknown-placement' });
    await c.tp.offers.showAt('gameover');
    const warned = c.warnings.filter((w) => w instanceof ConfigError);
    expect(warned).toHaveLength(1);
    expect((warned[0] as ConfigError).option).toBe('offerRules.placements');
  });

  it('explain makes the same decision as showAt, dry: nothing reserved, opened or emitted', async () => {
    const c = client(NO_GRACE);
    const opens: unknown[] = [];
    c.tp.on('offer:open', (e) => void opens.push(e));
    await c.tp.offers.refresh();
    const explained = c.tp.offers.explain('x');
    expect(explained).toMatchObject({ action: 'show', placement: 'x', offer: { offer_id: 1 }, candidates: [{ offerId: 1 }, { offerId: 2, reason: 'outranked' }] });
    expect(c.tp.offers.explain('x')).toEqual(explained);
    expect(opens).toEqual([]);
    expect(c.skipped).toEqual([]);
    expect(c.ui.current).toBeUndefined();
    void c.tp.offers.showAt('x');
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    c.ui.current!.dismiss();
    await vi.advanceTimersByTimeAsync(0);
    const capped = c.tp.offers.explain('x');
    await expect(c.tp.offers.showAt('x')).resolves.toEqual(capped);
  });

  it('does not pick an offer bought in the session again', async () => {
    const c = client({ ...NO_GRACE, minIntervalMs: 0 });
    await c.tp.offers.refresh();
    const first = c.tp.offers.showAt('shop');
    await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
    c.ui.current!.interact();
    await expect(first).resolves.toMatchObject({ action: 'interact' });
    expect(c.tp.offers.explain('shop')).toMatchObject({ action: 'show', offer: { offer_id: 2 }, candidates: [{ offerId: 1, reason: 'bought-this-session' }, { offerId: 2 }] });
  });

  it('rejects a placement that is not a string, and with the signal’s reason', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    await expect(c.tp.offers.showAt(7 as unknown as string)).rejects.toBeInstanceOf(ConfigError);
    const reason = new Error('scene change');
    await expect(c.tp.offers.showAt('x', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('shows nothing while the page is hidden', async () => {
    const c = client(NO_GRACE);
    await c.tp.offers.refresh();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await expect(c.tp.offers.showAt('x')).resolves.toMatchObject({ action: 'skipped', reason: 'hidden' });
      expect(c.ui.current).toBeUndefined();
    } finally {
      visibility.mockRestore();
    }
  });

  it('skips without consent and for a child-directed client, never rejecting', async () => {
    const pending = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), consent: 'pending' });
    await expect(pending.offers.showAt('x')).resolves.toEqual({ action: 'skipped', placement: 'x', reason: 'no-consent', candidates: [] });
    expect(pending.offers.explain('x')).toMatchObject({ reason: 'no-consent' });
    await pending.shutdown();
    const child = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), childDirected: true });
    await expect(child.offers.showAt('x')).resolves.toMatchObject({ action: 'skipped', reason: 'child-directed' });
    await child.shutdown();
  });
});
