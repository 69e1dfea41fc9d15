/**
 * `offers.view()`: a game that draws an offer with its own engine gets the view and drives the
 * state machine through its actions, against the reference service.
 */
import { describe, expect, it } from 'vitest';
import { createClient, OfferStateError, plainText } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();

function setup(player: string) {
  const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0, platform: 'web', language: 'en' });
  const reactions = async () => {
    await tp.flush();
    return (await received(service.current, 'players_offers'))
      .filter((r) => r.player_slug === player && r.message_status !== 'impress')
      .map((r) => `${r.message_status}:${r.offer_id}${r.message_detail ? `:${r.message_detail}` : ''}`);
  };
  return { tp, reactions };
}

describe('offers.view() for a game that draws its own UI', () => {
  it('gives the content to draw; nothing is reported until open(); interact reports and closes', async () => {
    const { tp, reactions } = setup('p-view-ai');
    const ai = (await tp.offers.refresh()).find((o) => o.kind === 'ai')!;
    const view = await tp.offers.view(ai.offer_id);
    expect(view).toMatchObject({ offerId: ai.offer_id, kind: 'ai', language: 'en' });
    expect(view.title.length).toBeGreaterThan(0);
    expect(plainText(view.message)).not.toMatch(/<color/); // parsed, not raw markup
    expect(view.products.length).toBeGreaterThan(0);
    expect(await reactions()).toEqual([]);

    view.open();
    view.open(); // once
    const product = view.products[0]!;
    view.interact(product.id);
    view.dismiss(); // ended: ignored
    expect(await view.closed).toEqual({ action: 'interact', offerId: ai.offer_id, product, doNotShowAgain: false });
    expect(await reactions()).toEqual([`open:${ai.offer_id}`, `interact:${ai.offer_id}:${product.id}`]);
    expect(tp.offers.list().find((l) => l.offer.offer_id === ai.offer_id)!.state).toBe('closed');
    await tp.shutdown();
  });

  it('an action before open() waits for it; do-not-show-again travels with the dismiss', async () => {
    const { tp, reactions } = setup('p-view-toggle');
    const offer = (await tp.offers.refresh()).find((o) => o.kind === 'ai')!;
    const view = await tp.offers.view(offer.offer_id);
    view.setDoNotShowAgain(true);
    view.dismiss();
    expect(await reactions()).toEqual([]);
    view.open();
    expect(await view.closed).toEqual({ action: 'dismiss', offerId: offer.offer_id, doNotShowAgain: true });
    expect(await reactions()).toEqual([`open:${offer.offer_id}`, `dismiss:${offer.offer_id}:do_not_show_again`]);
    const listing = tp.offers.list().find((l) => l.offer.offer_id === offer.offer_id)!;
    expect(listing.verdict).toMatchObject({ usable: false, reason: 'hidden-by-player' });
    await tp.shutdown();
  });

  it('refuses an offer that cannot be opened, and a second open of one on screen', async () => {
    const { tp } = setup('p-view-refuse');
    await tp.offers.refresh();
    const unusable = tp.offers.list().find((l) => !l.verdict.usable)!;
    await expect(tp.offers.view(unusable.offer.offer_id)).rejects.toMatchObject({ code: 'offer', reason: 'not-usable' });
    const usable = tp.offers.list().find((l) => l.verdict.usable)!;
    const first = await tp.offers.view(usable.offer.offer_id);
    first.open();
    await expect(tp.offers.view(usable.offer.offer_id)).rejects.toBeInstanceOf(OfferStateError);
    first.dismiss();
    await first.closed;
    await tp.shutdown();
  });
});
