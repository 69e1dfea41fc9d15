/**
 * The DOM adapter with a `container` that the page removes, with the screen around it, while an
 * offer is shown (an SPA swapping its screen, a portal closing the game panel), or before one is.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody, offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';
import { recordingView } from '../support/views.js';

afterEach(() => document.body.replaceChildren());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function stageInShell(): { stage: HTMLElement; shell: HTMLElement } {
  const stage = document.createElement('div');
  stage.style.cssText = 'position:relative;width:300px;height:500px';
  const shell = document.createElement('main');
  shell.append(stage);
  document.body.append(shell);
  return { stage, shell };
}

it('the view is closed when the page removes the container holding the dialog', async () => {
  const { stage, shell } = stageInShell();
  const { view, calls } = recordingView(aiBody);
  createDomAdapter({ container: stage }).present(view);
  shell.replaceChildren(); // the stage, and the dialog in it, leave the page
  await tick();
  expect(calls).toEqual(['close']);
});

it('after the container is removed, show() settles and the next offer can be shown (not "busy" forever)', async () => {
  const { stage, shell } = stageInShell();
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)]));
  const tp = createClient({ ...options, ui: createDomAdapter({ container: stage }) });
  try {
    await tp.offers.refresh();
    let outcome: unknown;
    void tp.offers.show(1).then((o) => (outcome = o));
    await expect.poll(() => stage.querySelector('[data-tp-offer]')).not.toBeNull();
    shell.replaceChildren(); // the game's screen is swapped
    await tick();
    // The game shows its next offer on the new screen.
    const second = tp.offers.show(2);
    const state = await Promise.race([second.then(() => 'settled', (e: Error) => `rejected: ${e.message}`), tick().then(() => 'pending')]);
    expect(state).not.toMatch(/busy|on screen/);
    expect(outcome).toEqual({ action: 'closed', offerId: 1 });
  } finally {
    await tp.shutdown();
  }
});

it('a container no longer in the page: present refuses (show() rejects ui-failed), no `open` reported for an offer never seen', async () => {
  const { stage, shell } = stageInShell();
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody)]));
  const tp = createClient({ ...options, ui: createDomAdapter({ container: stage }) });
  const opened: number[] = [];
  tp.on('offer:open', (e) => opened.push(e.offer.offer_id));
  try {
    await tp.offers.refresh();
    shell.replaceChildren(); // the screen the adapter was made for is gone (an SPA route change)
    const shown = tp.offers.show(1);
    const state = await Promise.race([shown.then(() => 'settled', (e: { reason?: string }) => `rejected: ${e.reason}`), tick().then(() => 'pending')]);
    expect([state, opened]).toEqual(['rejected: ui-failed', []]);
  } finally {
    await tp.shutdown();
  }
});
