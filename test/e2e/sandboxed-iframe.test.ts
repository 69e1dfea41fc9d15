/**
 * A game in a portal's sandboxed iframe (`sandbox="allow-scripts"`, no `allow-same-origin`): its
 * origin is opaque, so Chromium refuses IndexedDB (`indexedDB.open` throws a SecurityError), Web
 * Locks and localStorage. The research list calls this our normal case (analytics item 7). The
 * script-tag build, real HTTP to the reference service.
 */
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface FrameReport {
  flush: string;
  shown: unknown;
  offerId: number;
  warnings: string[];
  errors: string[];
  unhandled: string[];
  stats: { delivered: number; storage: string };
}

it('records are delivered, an offer is shown and its first open sent, the game hears the storage warnings, and nothing rejects unhandled', async () => {
  const { stack } = harness;
  const page = await harness.page();
  await page.goto(`${stack.url}script-tag.html?player=sandbox-host`);
  await page.waitForSelector('body[data-done="true"]');
  const game = `
    const seen = { warnings: [], errors: [], unhandled: [] };
    addEventListener('unhandledrejection', (e) => seen.unhandled.push(String(e.reason && e.reason.message || e.reason)));
    const ui = TPSDK.createHeadlessAdapter();
    const tp = TPSDK.createClient({
      baseUrl: ${JSON.stringify(stack.service.baseUrl)}, clientKey: ${JSON.stringify(DEFAULT_CLIENT_KEY)},
      authMode: ${JSON.stringify(DEFAULT_AUTH_MODE)}, playerSlug: 'sandboxed', region: 'KR', flushIntervalMs: 0, ui,
    });
    // Right after createClient, as a game does: the warning must not have fired yet.
    tp.on('warning', (e) => seen.warnings.push(e.name + ': ' + e.message));
    tp.on('error', (e) => seen.errors.push(e.name + ': ' + e.message));
    tp.track('characters_stages', { character_slug: 'knight', stage_slug: 'in-sandbox' });
    const settle = (p) => p.then((r) => 'resolved ' + JSON.stringify(r), (e) => 'rejected ' + e.message);
    const firstOpen = async () => {
      // The player opens the first usable offer and closes it: its first open is for the service.
      const offerId = (await tp.offers.refresh())[0].offer_id;
      const shown = tp.offers.show(offerId);
      while (!ui.current) await new Promise((r) => setTimeout(r, 10));
      ui.current.dismiss();
      return [offerId, await shown.catch((e) => 'rejected ' + e.message)];
    };
    Promise.all([settle(tp.flush()), firstOpen()])
      .then(([flush, [offerId, shown]]) => new Promise((r) => setTimeout(r, 300)).then(() =>
        parent.postMessage({ ...seen, flush, shown, offerId, stats: tp.stats() }, '*')));
  `;
  const report = await page.evaluate(
    ({ script, game }) =>
      new Promise<FrameReport>((resolve) => {
        addEventListener('message', (e) => resolve(e.data as FrameReport), { once: true });
        const frame = document.createElement('iframe');
        frame.sandbox.add('allow-scripts');
        frame.srcdoc = `<!doctype html><script src="${script}"></script><script>${game}</script>`;
        document.body.append(frame);
      }),
    { script: `${stack.url}build/tp-web-sdk.iife.js`, game },
  );

  expect(report).toMatchObject({
    flush: 'resolved {"records":1,"batches":1,"deadLettered":0}',
    errors: [],
    unhandled: [],
    stats: { delivered: 1, storage: 'memory' },
  });
  // One warning per store that moved to memory: the values kept in localStorage elsewhere (device
  // id, session; localStorage is refused too) and the queue, then the offers' cache, states and caps.
  expect(report.warnings.map((w) => /^StorageError: Storage ([\w-]+) failed: SecurityError/.exec(w)?.[1]).sort()).toEqual(['local-storage', 'offer-cache', 'offer-caps', 'offer-state', 'open']);
  expect(report.shown).toMatchObject({ action: 'dismiss', offerId: report.offerId });
  const held = (await serviceUploads(stack)).flatMap((u) => u.body.characters_stages ?? []).filter((r) => r.player_slug === 'sandboxed');
  expect(held.map((r) => r.stage_slug)).toEqual(['in-sandbox']);
  // The first-open update (POST /offers) went too, from the tab whose offer states are its own.
  const offers = (await (await fetch(`${stack.service.origin}/_tp/offers?player_slug=sandboxed`)).json()) as Array<{ offer_id: number; first_opened_at: string | null }>;
  expect(offers.find((o) => o.offer_id === report.offerId)?.first_opened_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await page.close();
});
