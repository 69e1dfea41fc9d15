/**
 * The offer engine against the reference service over real HTTP: durable first-open updates, the
 * offline cache, offers expiring on screen, `canPurchase`, decisions in the service's time, and
 * automatic refresh. "The network is down" is a `fetch` that fails as a browser's does; the
 * service itself is real. (IndexedDB durability across reloads: test/e2e/offers.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from '../../src/internal/time.js';
import type { StoredOffer } from '../../demo/service/data-store.js';
import { createClient, createHeadlessAdapter, type ClientOptions, type OfferClosedEvent, type TpError } from '../../src/index.js';
import { aiBody, personalizedBody } from '../fixtures/spec-samples.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
const HOUR = 3_600_000;

/** A fetch to the real service that can be cut, as a lost connection cuts a browser's. */
function network() {
  let up = true;
  const calls: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.split('/').at(-1)}`);
    return up ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
  };
  return { fetch: fetchImpl, calls, down: () => void (up = false), up: () => void (up = true) };
}

/** Gives `player` exactly these offers at the service (fields as the service stores them). */
function offersFor(player: string, ...offers: Array<Partial<StoredOffer> & { offer: string }>): number[] {
  const created = service.current.store.addOffers((nextId) =>
    offers.map((o) => ({
      offer_id: nextId(),
      player_slug: player,
      create_datetime: formatUtcDateTime(Date.now() - 60_000),
      valid_until: null,
      valid_for: null,
      valid_open_count: null,
      first_opened_at: null,
      is_offer_active: 1,
      first_open_updates: 0,
      ...o,
    })),
  );
  return created.map((o) => o.offer_id);
}

function client(player: string, options: Partial<ClientOptions> = {}) {
  const ui = createHeadlessAdapter();
  const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0, ui, platform: 'ios', storage: 'memory', ...options });
  const warnings: TpError[] = [];
  const errors: TpError[] = [];
  tp.on('warning', (e) => warnings.push(e));
  tp.on('error', (e) => errors.push(e));
  const serviceOffer = (offerId: number) => service.current.store.findOffer(offerId)!;
  const reactions = async () =>
    (await received(service.current, 'players_offers')).filter((r) => r.player_slug === player).map((r) => `${r.message_status}:${r.offer_id}`);
  return { tp, ui, warnings, errors, serviceOffer, reactions };
}

const personalized = JSON.stringify(personalizedBody);
const product = (slug: string) => ({ purchasable_slug: slug, product_index: slug, start_datetime: null, end_datetime: null, purchase_link: `https://store.example.com/${slug}` });
/** An AI offer for iOS whose products are on sale without an end. */
const alwaysOnSale = { ...aiBody, recommendations: [{ store: 'ios', product_list: [product('owned_sword'), product('new_shield')] }] };

describe('first-open update', () => {
  it('a first open made while the service cannot be reached is sent once it can: once, with the time of the open', async () => {
    const net = network();
    const [id] = offersFor('fo-offline', { offer: personalized });
    const { tp, ui, serviceOffer } = client('fo-offline', { fetch: net.fetch, retry: { baseMs: 20, capMs: 100 } });
    await tp.offers.refresh();
    net.down();
    const openedAt = Date.now();
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await shown;
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few retries fail meanwhile
    expect(serviceOffer(id!).first_open_updates).toBe(0);
    net.up();
    await expect.poll(() => serviceOffer(id!).first_opened_at, { timeout: 3000 }).not.toBeNull();
    const sentAt = Date.parse(`${serviceOffer(id!).first_opened_at!.replace(' ', 'T')}Z`);
    expect(Math.abs(sentAt - openedAt)).toBeLessThan(2000); // the open's time, not the send's
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(serviceOffer(id!).first_open_updates).toBe(1);
    expect(net.calls.filter((c) => c === 'POST offers').length).toBeGreaterThan(1); // retried
    await tp.shutdown();
  });

  it('is not sent when the service already has first_opened_at (opened on another device)', async () => {
    const net = network();
    const [id] = offersFor('fo-known', { offer: personalized, first_opened_at: formatUtcDateTime(Date.now() - HOUR) });
    const { tp, ui, serviceOffer } = client('fo-known', { fetch: net.fetch });
    await tp.offers.refresh();
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await shown;
    await tp.offers.refresh();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(net.calls).not.toContain('POST offers');
    expect(serviceOffer(id!).first_open_updates).toBe(0);
    await tp.shutdown();
  });

  it('an update the service refuses for good (404) is given up with an error event, not retried', async () => {
    const net = network();
    const [id] = offersFor('fo-gone', { offer: personalized });
    const { tp, ui, errors } = client('fo-gone', { fetch: net.fetch, retry: { baseMs: 20, capMs: 50 } });
    await tp.offers.refresh();
    // The offer disappears from the service before the update arrives.
    service.current.store.findOffer(id!)!.player_slug = 'someone-else';
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await shown;
    await expect.poll(() => errors.map((e) => e.message).join('\n')).toMatch(/404/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(net.calls.filter((c) => c === 'POST offers')).toHaveLength(1);
    await tp.shutdown();
  });
});

describe('offline offers', () => {
  it('refresh falls back to the last offers of this device when the service cannot be reached, with a warning', async () => {
    const net = network();
    offersFor('cache-1', { offer: personalized }, { offer: JSON.stringify(alwaysOnSale), valid_until: formatUtcDateTime(Date.now() + HOUR) });
    const { tp, warnings, ui } = client('cache-1', { fetch: net.fetch });
    const online = await tp.offers.refresh();
    expect(online).toHaveLength(2);
    net.down();
    const offline = await tp.offers.refresh();
    expect(offline.map((o) => o.offer_id)).toEqual(online.map((o) => o.offer_id));
    expect(warnings.at(-1)).toMatchObject({ name: 'NetworkError' });
    // And the cached offer can be shown and reported offline.
    const shown = tp.offers.show(offline[0]!.offer_id);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await expect(shown).resolves.toMatchObject({ action: 'dismiss' });
    await tp.shutdown().catch(() => undefined);
  });

  it('without a cached copy, refresh rejects with the failure', async () => {
    const net = network();
    net.down();
    const { tp } = client('cache-none', { fetch: net.fetch });
    await expect(tp.offers.refresh()).rejects.toMatchObject({ name: 'NetworkError' });
  });
});

describe('on screen', () => {
  it('an offer that expires while shown is closed by the SDK with offer:expired; nothing is reported for it', async () => {
    // valid_until has whole seconds: at least 1 s ahead, at most 2 s.
    const until = Math.ceil((Date.now() + 1000) / 1000) * 1000;
    const [id] = offersFor('expiring', { offer: personalized, valid_until: formatUtcDateTime(until) });
    const { tp, ui, reactions } = client('expiring');
    const expired: OfferClosedEvent[] = [];
    tp.on('offer:expired', (e) => expired.push(e));
    await tp.offers.refresh();
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    expect(await shown).toEqual({ action: 'expired', offerId: id });
    expect(Date.now()).toBeGreaterThanOrEqual(until - 1000); // not before its time (service clock, 1 s resolution)
    expect(ui.current).toBeUndefined();
    expect(expired).toMatchObject([{ cause: 'expired', verdict: { usable: false, reason: 'expired' } }]);
    expect(tp.offers.list()[0]).toMatchObject({ state: 'closed', verdict: { reason: 'expired' } });
    await expect(tp.offers.show(id!)).rejects.toMatchObject({ reason: 'not-usable' });
    await tp.flush();
    expect(await reactions()).toEqual([`impress:${id}`, `open:${id}`]);
  });

  it('a game takes a shown offer off screen with an AbortSignal: show() rejects with its reason, nothing is reported, the offer can be shown again', async () => {
    const [id] = offersFor('scene-change', { offer: personalized });
    const { tp, ui, reactions } = client('scene-change');
    const closes: OfferClosedEvent[] = [];
    tp.on('offer:close', (e) => closes.push(e));
    await tp.offers.refresh();
    const scene = new AbortController();
    const shown = tp.offers.show(id!, { signal: scene.signal });
    await expect.poll(() => ui.current).toBeDefined();
    scene.abort();
    await expect(shown).rejects.toMatchObject({ name: 'AbortError' });
    expect(ui.current).toBeUndefined();
    expect(closes).toMatchObject([{ cause: 'closed' }]);
    expect(tp.offers.list()[0]).toMatchObject({ state: 'closed' });
    // Not stuck: no `busy`, no state error; the next showing runs as usual.
    const again = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    expect(await again).toMatchObject({ action: 'dismiss' });
    // An aborted signal shows nothing.
    await expect(tp.offers.show(id!, { signal: AbortSignal.abort(new Error('menu')) })).rejects.toThrow('menu');
    expect(ui.drawn.filter((d) => d.op === 'present')).toHaveLength(2);
    await tp.flush();
    expect(await reactions()).toEqual([`impress:${id}`, `open:${id}`, `open:${id}`, `dismiss:${id}`]);
  });

  it('a view the game draws itself can be closed by the game: closed resolves, nothing reported, showable again', async () => {
    const [id] = offersFor('own-ui', { offer: personalized });
    const { tp, reactions } = client('own-ui', { ui: null });
    await tp.offers.refresh();
    const view = await tp.offers.view(id!);
    view.open();
    view.close();
    expect(await view.closed).toEqual({ action: 'closed', offerId: id });
    view.dismiss(); // after the end: ignored
    expect(tp.offers.list()[0]).toMatchObject({ state: 'closed' });
    const unopened = await tp.offers.view(id!);
    unopened.close(); // never drawn: nothing moves
    expect(await unopened.closed).toEqual({ action: 'closed', offerId: id });
    const next = await tp.offers.view(id!);
    next.open();
    next.dismiss();
    await next.closed;
    await tp.flush();
    expect(await reactions()).toEqual([`impress:${id}`, `open:${id}`, `open:${id}`, `dismiss:${id}`]);
  });

  it('the player changing while an offer is on screen: it leaves the screen at once, show() resolves closed, nothing reported', async () => {
    const [id] = offersFor('switch-a', { offer: personalized });
    offersFor('switch-b', { offer: personalized });
    const { tp, ui, errors, reactions } = client('switch-a');
    await tp.offers.refresh();
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    tp.identify('switch-b');
    expect(await shown).toEqual({ action: 'closed', offerId: id });
    expect(ui.current).toBeUndefined();
    const [next] = (await tp.offers.refresh()).map((o) => o.offer_id);
    const again = tp.offers.show(next!); // not `busy`
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    expect(await again).toMatchObject({ action: 'dismiss' });
    await tp.flush();
    expect(await reactions()).toEqual([`impress:${id}`, `open:${id}`]); // switch-a's: no dismiss, no close
    expect(errors).toEqual([]);
  });

  it('a move the table refuses while an offer is on screen: it still leaves the screen, show() settles, the refusal is an error event', async () => {
    const [id] = offersFor('refuse-a', { offer: personalized });
    const { tp, ui, errors } = client('refuse-a');
    await tp.offers.refresh();
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    await tp.offers.report(id!, 'dismiss'); // the game reported it itself: the view's own move is refused
    ui.current!.interact();
    expect(await shown).toMatchObject({ action: 'interact', offerId: id });
    expect(ui.current).toBeUndefined();
    await expect.poll(() => errors.map((e) => e.name)).toContain('OfferStateError');
  });

  it('refresh() for a new player while the last player’s refresh is on the wire fetches the new player’s offers', async () => {
    offersFor('wire-a', { offer: personalized });
    const [b] = offersFor('wire-b', { offer: personalized });
    let slow = true;
    const slowFirst: typeof fetch = async (input, init) => {
      if (slow) {
        slow = false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return fetch(input, init);
    };
    const { tp, reactions } = client('wire-a', { fetch: slowFirst });
    const first = tp.offers.refresh();
    tp.identify('wire-b');
    expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([b]);
    expect((await first).map((o) => o.offer_id)).toEqual([b]); // the answer for wire-a is not wire-b's
    expect(tp.offers.list().map((l) => l.offer.offer_id)).toEqual([b]);
    await tp.flush();
    expect(await reactions()).toEqual([]); // wire-a: nothing impressed for a player who left
  });

  it('an offer whose sale started since the last refresh can be shown: impressed then, then opened', async () => {
    const start = Math.ceil((Date.now() + 1000) / 1000) * 1000;
    const later = { ...aiBody, recommendations: [{ store: 'ios', product_list: [{ ...product('new_shield'), start_datetime: formatUtcDateTime(start) }] }] };
    const [id] = offersFor('sale-soon', { offer: JSON.stringify(later) });
    const { tp, ui, reactions } = client('sale-soon');
    expect(await tp.offers.refresh()).toEqual([]);
    expect(tp.offers.list()[0]).toMatchObject({ state: 'received', verdict: { reason: 'not-on-sale' } });
    // Past the start in service time too: the SDK reads it from the answers' Date (1 s resolution).
    await new Promise((resolve) => setTimeout(resolve, start - Date.now() + 1100));
    const shown = tp.offers.show(id!);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await shown;
    await tp.flush();
    expect(await reactions()).toEqual([`impress:${id}`, `open:${id}`, `dismiss:${id}`]);
  });

  it('canPurchase leaves products out of the offer; an offer left with none is not-on-sale', async () => {
    const [id] = offersFor('buyer', { offer: JSON.stringify(alwaysOnSale) });
    const some = client('buyer', { canPurchase: (p) => p.id !== 'owned_sword' });
    await some.tp.offers.refresh();
    const shown = some.tp.offers.show(id!);
    await expect.poll(() => some.ui.current).toBeDefined();
    expect(some.ui.current!.products.map((p) => p.id)).toEqual(['new_shield']);
    some.ui.current!.dismiss();
    await shown;
    const none = client('buyer', { canPurchase: () => false });
    expect(await none.tp.offers.refresh()).toEqual([]);
    expect(none.tp.offers.list()[0]!.verdict).toEqual({ usable: false, reason: 'not-on-sale' });
  });
});

describe("the service's clock", () => {
  it('decides validity in service time, whatever the device clock says', async () => {
    offersFor(
      'skew',
      { offer: personalized, valid_until: formatUtcDateTime(Date.now() + HOUR) }, // valid for another hour
      { offer: personalized, valid_until: formatUtcDateTime(Date.now() - HOUR) }, // expired an hour ago
    );
    for (const skew of [3 * HOUR, -3 * HOUR]) {
      const { tp } = client('skew', { now: () => Date.now() + skew });
      await tp.offers.refresh();
      const verdicts = tp.offers.list().map((x) => (x.verdict.usable ? 'usable' : x.verdict.reason));
      expect(verdicts.sort(), `device ${skew / HOUR} h off`).toEqual(['expired', 'usable']);
    }
  });
});

describe('automatic refresh', () => {
  it('off by default; with onStart, offers are fetched (and impressed) without the game asking', async () => {
    const [id] = offersFor('auto', { offer: personalized });
    const net = network();
    const off = client('auto', { fetch: net.fetch });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(net.calls).not.toContain('GET offers');
    await off.tp.shutdown();
    const on = client('auto', { fetch: net.fetch, offersAutoRefresh: { onStart: true } });
    await expect.poll(() => on.tp.offers.list().map((x) => x.offer.offer_id)).toEqual([id]);
    expect(on.tp.offers.list()[0]!.state).toBe('impressed');
  });
});
