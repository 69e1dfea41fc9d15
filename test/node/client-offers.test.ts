/**
 * Offers through the SDK client against the reference service, drawn by the headless adapter.
 */
import { describe, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, DO_NOT_SHOW_AGAIN, type OfferReactionEvent } from '../../src/index.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';
import { startScriptedServer } from '../support/scripted-server.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();

function setup(player: string) {
  const ui = createHeadlessAdapter();
  const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0, ui, platform: 'web', language: 'ko' });
  const events: string[] = [];
  for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) {
    tp.on(`offer:${status}`, (e: OfferReactionEvent) => events.push(`${status}:${e.offer.offer_id}${e.detail ? `:${e.detail}` : ''}`));
  }
  const reactions = async () =>
    (await received(service.current, 'players_offers'))
      .filter((r) => r.player_slug === player)
      .map((r) => `${r.message_status}:${r.offer_id}${r.message_detail ? `:${r.message_detail}` : ''}`);
  const serviceOffer = async (offerId: number) =>
    ((await (await fetch(`${service.current.origin}/_tp/offers?player_slug=${player}`)).json()) as Array<Record<string, unknown>>).find(
      (o) => o.offer_id === offerId,
    )!;
  return { ui, tp, events, reactions, serviceOffer };
}

describe('offers', () => {
  it('refresh returns the usable offers, newest first, and reports impress once per offer, ever', async () => {
    const { tp, reactions } = setup('p-refresh');
    const offers = await tp.offers.refresh();
    // The reference service seeds three usable offers and one for each reason not to show one.
    expect(offers.map((o) => o.kind)).toEqual(['personalized', 'ai', 'personalized']);
    const verdicts = tp.offers.list().map((x) => (x.verdict.usable ? 'usable' : x.verdict.reason));
    expect(verdicts.sort()).toEqual(['expired', 'inactive', 'malformed', 'no-store-for-platform', 'not-on-sale', 'open-count-reached', 'usable', 'usable', 'usable']);
    expect(tp.offers.list().filter((x) => x.verdict.usable).every((x) => x.state === 'impressed')).toBe(true);
    expect(tp.offers.list().filter((x) => !x.verdict.usable).every((x) => x.state === 'received')).toBe(true);
    await tp.offers.refresh();
    await tp.flush();
    expect((await reactions()).sort()).toEqual(offers.map((o) => `impress:${o.offer_id}`).sort());
  });

  it('concurrent refreshes share one request', async () => {
    const { tp } = setup('p-concurrent');
    const [a, b] = [tp.offers.refresh(), tp.offers.refresh()];
    expect(a).toBe(b);
    await a;
  });

  it('show: open + first-open update, then dismiss with do-not-show-again hides the offer', async () => {
    const { tp, ui, events, reactions, serviceOffer } = setup('p-show');
    const [offer] = await tp.offers.refresh();
    const shown = tp.offers.show(offer!.offer_id);
    await expect.poll(() => ui.current?.offerId).toBe(offer!.offer_id);
    expect(ui.current!.language).toBe('ko');
    await expect.poll(async () => (await serviceOffer(offer!.offer_id)).first_opened_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await serviceOffer(offer!.offer_id)).first_open_updates).toBe(1);

    ui.current!.setDoNotShowAgain(true);
    ui.current!.dismiss();
    ui.current?.dismiss(); // closed already: nothing more is reported
    expect(await shown).toEqual({ action: 'dismiss', offerId: offer!.offer_id, doNotShowAgain: true });
    expect(ui.current).toBeUndefined();

    const after = await tp.offers.refresh();
    expect(after.map((o) => o.offer_id)).not.toContain(offer!.offer_id);
    expect(tp.offers.list().find((x) => x.offer.offer_id === offer!.offer_id)!.verdict).toEqual({ usable: false, reason: 'hidden-by-player' });
    await tp.flush();
    const id = offer!.offer_id;
    expect(await reactions()).toEqual(expect.arrayContaining([`open:${id}`, `dismiss:${id}:${DO_NOT_SHOW_AGAIN}`]));
    expect(events).toContain(`dismiss:${id}:${DO_NOT_SHOW_AGAIN}`);
  });

  it('interact reports the product’s purchasable_slug; a second open sends no second first-open update', async () => {
    const { tp, ui, reactions, serviceOffer } = setup('p-interact');
    const offers = await tp.offers.refresh();
    const ai = offers.find((o) => o.kind === 'ai')!;
    let shown = tp.offers.show(ai.offer_id);
    await expect.poll(() => ui.current).toBeDefined();
    ui.current!.dismiss();
    await shown;
    shown = tp.offers.show(ai.offer_id);
    await expect.poll(() => ui.current).toBeDefined();
    const product = ui.current!.products[0]!;
    ui.current!.interact(product.id);
    expect(await shown).toMatchObject({ action: 'interact', product: { id: 'golden_sword' } });
    await tp.flush();
    expect((await reactions()).filter((r) => !r.startsWith('impress'))).toEqual([
      `open:${ai.offer_id}`,
      `dismiss:${ai.offer_id}`,
      `open:${ai.offer_id}`,
      `interact:${ai.offer_id}:golden_sword`,
    ]);
    expect((await serviceOffer(ai.offer_id)).first_open_updates).toBe(1);
  });

  it('show refuses an unknown offer, an unusable one, and a second offer while one is on screen', async () => {
    const { tp, ui } = setup('p-refuse');
    const offers = await tp.offers.refresh();
    await expect(tp.offers.show(999_999)).rejects.toMatchObject({ name: 'OfferError', reason: 'unknown-offer' });
    const inactive = tp.offers.list().find((x) => !x.verdict.usable)!.offer;
    await expect(tp.offers.show(inactive.offer_id)).rejects.toMatchObject({ reason: 'not-usable' });
    const first = tp.offers.show(offers[0]!.offer_id);
    await expect.poll(() => ui.current).toBeDefined();
    await expect(tp.offers.show(offers[1]!.offer_id)).rejects.toMatchObject({ reason: 'busy' });
    ui.current!.dismiss();
    await first;
  });

  it('report() queues a reaction for games that draw their own UI, and rejects unknown statuses and moves the state does not allow', async () => {
    const { tp, reactions } = setup('p-report');
    const [offer] = await tp.offers.refresh();
    await expect(tp.offers.report(offer!.offer_id, 'interact', 'gem_pack_100')).rejects.toMatchObject({
      name: 'OfferStateError',
      offerId: offer!.offer_id,
      state: 'impressed',
      move: 'interact',
    });
    await tp.offers.report(offer!.offer_id, 'open');
    await tp.offers.report(offer!.offer_id, 'interact', 'gem_pack_100');
    await expect(tp.offers.report(offer!.offer_id, 'clicked' as 'open')).rejects.toMatchObject({ reason: 'bad-status' });
    await tp.flush();
    const reported = (await reactions()).filter((r) => r.endsWith(`:${offer!.offer_id}`) || r.includes(`:${offer!.offer_id}:`));
    expect(reported).toEqual([`impress:${offer!.offer_id}`, `open:${offer!.offer_id}`, `interact:${offer!.offer_id}:gem_pack_100`]);
  });

  it('without an identified player, offers fail with a ConfigError', async () => {
    const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, flushIntervalMs: 0 });
    await expect(tp.offers.refresh()).rejects.toMatchObject({ name: 'ConfigError', option: 'playerSlug' });
  });
});

describe('malformed offers from the service', () => {
  it('are skipped with an error naming the offer and the reason; the good one still works', async () => {
    const server = await startScriptedServer([
      {
        status: 200,
        body: {
          status: 200,
          reason: 'OK',
          data: [
            offerRecord(1, '{"offer_type": "ai", oops'),
            offerRecord(2, { ...aiBody, display_parameters: {} }),
            offerRecord(3, { ...aiBody, recommendations: [{ store: 'web', product_list: [{ purchasable_slug: 'x', purchase_link: 'javascript:alert(1)' }] }] }),
            offerRecord(4, { ...aiBody, recommendations: [{ store: 'web', product_list: [{ purchasable_slug: 'ok', start_datetime: null, end_datetime: null }] }] }, { player_slug: 'p-mixed' }),
          ],
        },
      },
    ]);
    try {
      const ui = createHeadlessAdapter();
      const tp = createClient({ baseUrl: server.baseUrl, clientKey: 'k', authMode: 'client', playerSlug: 'p-mixed', flushIntervalMs: 0, platform: 'web', ui });
      const errors: string[] = [];
      tp.on('error', (e) => errors.push(e.message));
      const offers = await tp.offers.refresh();
      expect(offers.map((o) => o.offer_id)).toEqual([4]);
      expect(errors).toEqual([
        expect.stringMatching(/^Offer 1: the offer string is not JSON/),
        expect.stringMatching(/^Offer 2: AI offer body is malformed: display_parameters has no language/),
        expect.stringMatching(/^Offer 3: AI offer body is malformed: recommendations\[0\]\.product_list\[0\]\.purchase_link must be an http\(s\) URL/),
      ]);
      const shown = tp.offers.show(4);
      await expect.poll(() => ui.current?.offerId).toBe(4);
      ui.current!.dismiss();
      expect(await shown).toMatchObject({ action: 'dismiss' });
    } finally {
      await server.close();
    }
  });
});
