/**
 * The DOM dialog takes focus itself, not on a Buy button: an Enter or Space the player presses for
 * the game (skipping dialogue, jumping) just as the offer pops up buys nothing. A deliberate Tab
 * then Enter does. (The canvas adapter, too, starts with no control focused.)
 */
import { afterEach, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

afterEach(() => document.body.replaceChildren());

const tap = async (key: Record<string, unknown>) => {
  await cdp().send('Input.dispatchKeyEvent', { type: 'keyDown', ...key });
  await cdp().send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
};

it('a gameplay Enter or Space pressed just after the offer appears does not buy; Tab then Enter does', async () => {
  const game = document.createElement('button');
  document.body.append(game);
  game.focus();
  const { view, calls } = recordingView(aiBody);
  createDomAdapter().present(view);
  await tap({ key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
  await tap({ key: ' ', code: 'Space', windowsVirtualKeyCode: 32, text: ' ' });
  expect(calls).toEqual([]);
  await userEvent.keyboard('{Tab}{Enter}'); // a deliberate choice still buys
  expect(calls).toEqual(['interact:golden_sword']);
});
