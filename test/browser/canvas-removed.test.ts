/**
 * The canvas adapter's canvas taken out of the page while an offer is shown (a new game screen):
 * the offer leaves the screen without the player, as with the DOM adapter (docs/decisions.md,
 * "Drawing offers"), so show() settles and the next offer is not refused as `busy`.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createClient } from '../../src/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

afterEach(() => document.body.replaceChildren());
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r));
};

it('when the page removes the canvas, the offer leaves the screen and the next one can be shown', async () => {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:360px;height:640px';
  document.body.append(canvas);
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]));
  const tp = createClient({ ...options, ui: createCanvasAdapter({ context: canvas.getContext('2d')! }) });
  try {
    await tp.offers.refresh();
    let outcome: unknown;
    void tp.offers.show(1).then((o) => (outcome = o));
    await expect.poll(() => canvas.getAttribute('aria-label')).toBe('For you');
    canvas.remove(); // the game swaps its screen
    await frames(3);
    expect(outcome).toEqual({ action: 'closed', offerId: 1 });
  } finally {
    await tp.shutdown();
  }
});

it('a canvas not in the page: show() rejects ui-failed, and no `open` is reported for an offer never seen', async () => {
  const canvas = document.createElement('canvas'); // made for a screen the game has left
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody)]));
  const tp = createClient({ ...options, ui: createCanvasAdapter({ context: canvas.getContext('2d')! }) });
  const opened: number[] = [];
  tp.on('offer:open', (e) => opened.push(e.offer.offer_id));
  try {
    await tp.offers.refresh();
    const outcome = await tp.offers.show(1).then(
      () => 'settled',
      (e: { reason?: string }) => `rejected: ${e.reason}`,
    );
    expect([outcome, opened]).toEqual(['rejected: ui-failed', []]);
  } finally {
    await tp.shutdown();
  }
});
