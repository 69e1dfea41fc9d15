/**
 * The package works where there is no DOM (Node, SSR, workers): importing it does not throw,
 * and a client runs on memory storage with no default UI.
 */
import { describe, expect, it } from 'vitest';

describe('without a DOM', () => {
  it('imports, creates a client, and tracks', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const sdk = await import('../../src/index.js');
    const tp = sdk.createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0 });
    expect(tp.track('players_offers', { offer_id: 1, message_status: 'impress' })).toBe(true);
    expect(tp.stats()).toMatchObject({ queued: 1, storage: 'memory' });
    await tp.offers.refresh().catch(() => undefined);
    await tp.shutdown();
  });

  it('the logging, DOM and canvas entries import too, and createDomAdapter() runs (a page module that server-side rendering evaluates)', async () => {
    const [logging, dom, canvas] = await Promise.all([import('../../src/logging.js'), import('../../src/dom.js'), import('../../src/canvas.js')]);
    expect(typeof canvas.createCanvasAdapter).toBe('function');
    // As the README's quick start writes it, at a module's top level.
    const tp = logging.createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p', flushIntervalMs: 0 });
    const ui = dom.createDomAdapter();
    expect(typeof ui.present).toBe('function');
    expect(tp.track('players_offers', { offer_id: 1, message_status: 'impress' })).toBe(true);
    await tp.shutdown();
  });

  it('rehearses offer decisions with no DOM, storage, timers or network', async () => {
    const { rehearseOffers } = await import('../../src/index.js');
    const { offerRecord, personalizedBody } = await import('../fixtures/spec-samples.js');
    const decisions = rehearseOffers({ offers: [offerRecord(1, personalizedBody)], rules: { sessionGraceMs: 0 }, playerSlug: 'p-1', platform: 'web', script: [{ step: 'showAt', placement: 'game-over' }] });
    expect(decisions).toMatchObject([{ placement: 'game-over', outcome: 'shown', offerId: 1 }]);
  });
});
