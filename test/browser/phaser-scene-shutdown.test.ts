/**
 * The demo's Phaser panel (the `tp-web-sdk/phaser` plugin drawing the client's headless adapter):
 * when its game stops with an offer on screen, the offer ends (`closed`, nothing reported) and the
 * next offer can be shown.
 */
import { expect, it } from 'vitest';
import { mountPhaserView } from '../../demo/game/phaser-view.js';
import { createClient, type HeadlessAdapter } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

it('the scene stopping with an offer on screen takes it off screen: show() resolves closed, the next offer can be shown (not busy)', async () => {
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]));
  const tp = createClient({ ...options, now: () => Date.UTC(2026, 0, 1, 12) });
  const ui = options.ui as HeadlessAdapter;
  const panel = document.createElement('div');
  panel.tabIndex = 0;
  panel.style.cssText = 'width:400px;height:500px';
  document.body.append(panel);
  const phaser = await mountPhaserView(panel, ui);
  await tp.offers.refresh();
  const reported: string[] = [];
  tp.on('offer:close', (e) => reported.push(`close:${e.offer.offer_id}:${e.cause}`));
  let settledWith: unknown;
  void tp.offers.show(1).then((outcome) => (settledWith = outcome));
  await expect.poll(() => phaser.texts().map((t) => t.text)).toContain('For you');
  phaser.destroy(); // the game moves on (Phaser stops the scene at its next step)
  // A regression leaves the scene's listeners on the adapter and the offer open: show() never settles.
  await expect.poll(() => settledWith).toEqual({ action: 'closed', offerId: 1 });
  const second = tp.offers.show(2);
  await expect.poll(() => ui.current?.offerId).toBe(2);
  ui.current!.dismiss();
  expect(await second).toMatchObject({ action: 'dismiss', offerId: 2 });
  expect(reported).toEqual(['close:1:closed']);
  await tp.shutdown();
  panel.remove();
});
