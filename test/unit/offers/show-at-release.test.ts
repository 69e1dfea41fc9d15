/**
 * A `showAt` whose offer is reserved but not yet open (its image loading) that ends unopened
 * releases the reservation, so the next allowed `showAt` shows instead of being capped: aborted by
 * the game, closed first, the page going away (`pagehide`), the client shut down, the player
 * changed (`identify()`). Memory client, happy-dom, fake timers, the headless adapter with a
 * `prepare` the test holds.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, OfferError, type OfferView, type TpClient } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const body = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', image: 'https://cdn.example.com/p.png', title: 'For you' } } };

let tp: TpClient | undefined;
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  await tp?.shutdown();
  tp = undefined;
});

/** A client whose adapter's `prepare` answers only when the test says (`views`: the views asked for). */
async function client() {
  const views: OfferView[] = [];
  const ui = createHeadlessAdapter({ prepare: (view) => new Promise<void>((resolve) => void views.push(Object.assign(view, { loaded: resolve }))) });
  tp = createClient({ ...memoryClientOptions(async () => okEnvelope([offerRecord(1, body)])), ui, offerRules: { sessionGraceMs: 0 } });
  await tp.offers.refresh();
  return { tp, ui, views };
}

/** Runs what is due now (promises, zero timers), without moving the clock. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

/** The next `showAt` shows offer 1 (it was not capped by a reservation left behind), and is dismissed. */
async function showsAgain(c: Awaited<ReturnType<typeof client>>): Promise<void> {
  const next = c.tp.offers.showAt('game-over');
  await flush();
  expect(c.views).toHaveLength(2);
  (c.views[1] as OfferView & { loaded: () => void }).loaded();
  await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
  c.ui.current!.dismiss();
  await expect(next).resolves.toMatchObject({ action: 'dismiss' });
}

it('aborted by the game before open: rejects with its reason, and the reservation is released', async () => {
  const c = await client();
  const stop = new AbortController();
  const shown = c.tp.offers.showAt('game-over', { signal: stop.signal });
  await flush();
  expect(c.tp.offers.explain('game-over')).toMatchObject({ reason: 'busy' });
  const reason = new Error('scene change');
  stop.abort(reason);
  await expect(shown).rejects.toBe(reason);
  expect(c.tp.offers.explain('game-over')).toMatchObject({ action: 'show' });
  await showsAgain(c);
});

it('closed before open: resolves closed, and the reservation is released', async () => {
  const c = await client();
  const shown = c.tp.offers.showAt('game-over');
  await flush();
  c.views[0]!.close();
  await expect(shown).resolves.toMatchObject({ action: 'closed', offerId: 1 });
  await showsAgain(c);
});

it('pagehide before open: resolves skipped hidden, draws nothing, and neither busy nor a reservation stays', async () => {
  const c = await client();
  const skipped: unknown[] = [];
  c.tp.on('offer:skipped', (event) => void skipped.push(event));
  const shown = c.tp.offers.showAt('game-over');
  await flush();
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  await expect(shown).resolves.toMatchObject({ action: 'skipped', placement: 'game-over', reason: 'hidden' });
  expect(skipped).toMatchObject([{ placement: 'game-over', reason: 'hidden' }]);
  (c.views[0] as OfferView & { loaded: () => void }).loaded();
  await flush();
  expect(c.ui.current).toBeUndefined();
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back from the back/forward cache
  await showsAgain(c);
});

it('pagehide leaves an offer already open on screen', async () => {
  const c = await client();
  const shown = c.tp.offers.showAt('game-over');
  await flush();
  (c.views[0] as OfferView & { loaded: () => void }).loaded();
  await vi.waitFor(() => expect(c.ui.current?.offerId).toBe(1));
  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  await flush();
  expect(c.ui.current?.offerId).toBe(1);
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  c.ui.current!.dismiss();
  await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
});

it('shutdown() before open: rejects shut-down', async () => {
  const c = await client();
  const shown = c.tp.offers.showAt('game-over');
  await flush();
  const rejected = expect(shown).rejects.toSatisfy((error) => error instanceof OfferError && error.reason === 'shut-down');
  await c.tp.shutdown();
  await rejected;
});

it('identify() before open: the previous player’s showAt ends closed, neither busy nor its reservation stays', async () => {
  const c = await client();
  const shown = c.tp.offers.showAt('game-over');
  await flush();
  c.tp.identify('p-2');
  await expect(shown).resolves.toMatchObject({ action: 'closed', offerId: 1 });
  (c.views[0] as OfferView & { loaded: () => void }).loaded();
  await flush();
  expect(c.ui.current).toBeUndefined();
  // Not busy for the new player (who has no offers yet)…
  expect(c.tp.offers.explain('game-over')).toMatchObject({ action: 'skipped', reason: 'no-offer', candidates: [] });
  // …and back to the first player, no reservation left to cap the next call.
  c.tp.identify('p-1');
  await c.tp.offers.refresh();
  await showsAgain(c);
});
