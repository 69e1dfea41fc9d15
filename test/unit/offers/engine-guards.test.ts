/**
 * What one bad input or one badly timed call must not do to the other offers: a malformed record
 * moving the service clock, a player switch landing another player's impressions, a Buy on a
 * product without an id buying another, a reaction the game reports for an offer it may not
 * reopen. Guards of the same kind elsewhere: the auto-refresh interval (auto-refresh.test.ts), and
 * a busy tab's impression reported only once (state-machine.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createClient, DO_NOT_SHOW_AGAIN, type ClientOptions, type OfferError, type TpError } from '../../../src/index.js';
import { formatUtcDateTime } from '../../../src/internal/time.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';
import { twoUnnamedProducts } from '../../support/views.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const HOUR = 3_600_000;
const inAnHour = formatUtcDateTime(T0 + HOUR);

/** A client whose GET /offers answers `data()` (with a `Date` header when `date` gives one), and what it reports. */
function setup(data: () => unknown[], { date, ...options }: Partial<ClientOptions> & { date?: () => number } = {}) {
  const fetchImpl: typeof fetch = async () => {
    const response = okEnvelope(data());
    if (date) response.headers.set('Date', new Date(date()).toUTCString());
    return response;
  };
  const tp = createClient({ ...memoryClientOptions(fetchImpl), now: () => T0, ...options });
  const reactions: string[] = [];
  const errors: TpError[] = [];
  tp.on('error', (e) => errors.push(e));
  for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) {
    tp.on(`offer:${status}`, ({ offer }) => reactions.push(`${offer.player_slug} ${status}:${offer.offer_id}`));
  }
  return { tp, reactions, errors };
}

/** {@link setup} with offer 1 (`record`) refreshed and open in a view the game draws itself. */
async function openedView(record: unknown, options: Partial<ClientOptions> = {}) {
  const client = setup(() => [record], options);
  await client.tp.offers.refresh();
  const view = await client.tp.offers.view(1);
  view.open();
  return { ...client, view };
}

describe("the service's clock", () => {
  it('a malformed offer with a creation time far ahead is skipped, and the other offers stay usable (no Date header)', async () => {
    const { tp, errors } = setup(() => [
      offerRecord(1, personalizedBody, { valid_until: inAnHour }),
      offerRecord(2, 'not json', { create_datetime: '2099-01-01 00:00:00' }),
    ]);
    expect((await tp.offers.refresh()).map((o) => o.offer_id)).toEqual([1]);
    expect(tp.offers.list().map((x) => [x.offer.offer_id, x.verdict])).toEqual([[1, { usable: true }]]);
    expect(errors.map((e) => (e as OfferError).reason)).toEqual(['malformed']);
    await tp.shutdown();
  });

  it("a creation time the Date header contradicts does not move the clock: Date is the service's own", async () => {
    const { tp } = setup(
      () => [offerRecord(1, personalizedBody, { valid_until: inAnHour }), offerRecord(2, personalizedBody, { create_datetime: '2099-01-01 00:00:00', valid_until: inAnHour })],
      { date: () => T0 },
    );
    expect((await tp.offers.refresh()).map((o) => o.offer_id).sort()).toEqual([1, 2]);
    await tp.shutdown();
  });
});

describe('player switch during a refresh', () => {
  it("stops impressing the last player's offers; each player's offers are impressed once each, ever", async () => {
    let player = 'p-1';
    const records = () => [1, 2, 3].map((id) => offerRecord(id, personalizedBody, { player_slug: player }));
    const { tp, reactions } = setup(records);
    let switched = false;
    tp.on('offer:impress', ({ offer }) => {
      if (offer.player_slug !== 'p-1' || switched) return;
      switched = true;
      player = 'p-2';
      tp.identify('p-2'); // from the first impression's listener, while the refresh impresses the rest
    });
    await tp.offers.refresh();
    expect(reactions.filter((r) => r.startsWith('p-1'))).toEqual(['p-1 impress:3']); // newest first; then p-1 left
    player = 'p-1';
    tp.identify('p-1');
    await tp.offers.refresh(); // p-1's offers 1 and 2 reach p-1 now
    player = 'p-2';
    tp.identify('p-2');
    await tp.offers.refresh();
    expect(reactions.slice().sort()).toEqual(['p-1 impress:1', 'p-1 impress:2', 'p-1 impress:3', 'p-2 impress:1', 'p-2 impress:2', 'p-2 impress:3']);
    await tp.shutdown();
  });
});

describe('interact', () => {
  it('buys the product given, not the first one, also when products have no purchasable_slug', async () => {
    const { tp, view } = await openedView(offerRecord(1, twoUnnamedProducts), { platform: 'ios' });
    view.interact(view.products[1]);
    expect(await view.closed).toMatchObject({ action: 'interact', product: { name: '2' } });
    await tp.shutdown();
  });

  it('interact(null) from a JavaScript game buys the first product, as interact() does, without a TypeError', async () => {
    const { tp, reactions, view } = await openedView(offerRecord(1, personalizedBody));
    view.interact(null as never);
    expect(await view.closed).toMatchObject({ action: 'interact', product: { id: view.products[0]!.id } });
    expect(reactions).toContain('p-1 interact:1');
    await tp.shutdown();
  });

  it('with do-not-show-again set, a purchase hides the offer on this device too (the tick is kept)', async () => {
    const { tp, reactions, view } = await openedView(offerRecord(1, personalizedBody));
    view.setDoNotShowAgain(true);
    view.interact();
    expect(await view.closed).toMatchObject({ action: 'interact', doNotShowAgain: true });
    await tp.offers.refresh();
    expect(tp.offers.list().map((x) => x.verdict)).toEqual([{ usable: false, reason: 'hidden-by-player' }]);
    expect(reactions).toEqual(['p-1 impress:1', 'p-1 open:1', 'p-1 interact:1']); // no dismiss: the player bought
    await tp.shutdown();
  });
});

describe('report()', () => {
  it('refuses to open an offer that is not usable (hidden by the player, switched off by the service): nothing is reported', async () => {
    let active = 1;
    const { tp, reactions } = setup(() => [offerRecord(1, personalizedBody, { is_offer_active: active }), offerRecord(2, personalizedBody)]);
    await tp.offers.refresh();
    await tp.offers.report(2, 'open');
    await tp.offers.report(2, 'dismiss', DO_NOT_SHOW_AGAIN);
    await expect(tp.offers.report(2, 'open')).rejects.toMatchObject({ name: 'OfferError', reason: 'not-usable' });
    active = 0;
    await tp.offers.refresh();
    await expect(tp.offers.report(1, 'open')).rejects.toMatchObject({ name: 'OfferError', reason: 'not-usable' });
    expect(reactions).toEqual(['p-1 impress:2', 'p-1 impress:1', 'p-1 open:2', 'p-1 dismiss:2']);
    await tp.shutdown();
  });
});

describe('show() and a UI adapter that throws', () => {
  it('takes away what the adapter drew before it threw, reports nothing, and the offer can be shown again', async () => {
    const drawn = document.createElement('div');
    let fail = true;
    const { tp, reactions } = setup(() => [offerRecord(1, personalizedBody)], {
      ui: {
        present() {
          document.body.append(drawn);
          if (fail) throw new Error('half drawn');
        },
        close: () => drawn.remove(),
      },
    });
    await tp.offers.refresh();
    await expect(tp.offers.show(1)).rejects.toMatchObject({ name: 'OfferError', reason: 'ui-failed' });
    expect([drawn.isConnected, reactions]).toEqual([false, ['p-1 impress:1']]);
    fail = false;
    const shown = tp.offers.show(1);
    await expect.poll(() => drawn.isConnected).toBe(true);
    expect(reactions).toEqual(['p-1 impress:1', 'p-1 open:1']);
    await tp.shutdown();
    await shown.catch(() => undefined);
  });
});
