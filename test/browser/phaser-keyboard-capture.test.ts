/**
 * Both adapters' keys in a real Phaser game that captures the keyboard, as most games do:
 * `createCursorKeys()` captures the arrows, Shift and Space, and Phaser's keyboard manager then calls
 * `preventDefault()` on their `keydown` and `keyup` on `window`. Cancelling Space's `keyup` cancels
 * a native button's press, so the DOM dialog presses its controls itself.
 */
import * as Phaser from 'phaser';
import { afterEach, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import type { UiAdapter } from '../../src/ui/types.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

let game: Phaser.Game | undefined;
let adapter: UiAdapter | undefined;

afterEach(async () => {
  adapter?.close();
  adapter = undefined;
  if (game) {
    const destroyed = game;
    game = undefined;
    destroyed.destroy(true);
    // Phaser tears the game down at its next step.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  document.body.replaceChildren();
});

/** A Phaser game in a `position: static` div (Phaser's usual parent), its scene calling `createCursorKeys()`. */
async function phaserGame(): Promise<HTMLElement> {
  const parent = document.createElement('div');
  parent.style.cssText = 'width:320px;height:480px;margin:24px';
  document.body.append(parent);
  await new Promise<void>((resolve) => {
    game = new Phaser.Game({
      // The 2D canvas renderer: no GPU needed (Chromium runs with --disable-gpu).
      type: Phaser.CANVAS,
      parent,
      width: 320,
      height: 480,
      banner: false,
      audio: { noAudio: true }, // an AudioContext before any gesture would warn in the console
      scene: {
        create(this: Phaser.Scene) {
          this.input.keyboard!.createCursorKeys();
          resolve();
        },
      },
    });
  });
  return parent;
}

/** Whether the page cancels a Space `keyup` pressed on `target` (what Phaser's capture does). */
async function spaceKeyUpCancelled(target: HTMLElement): Promise<boolean> {
  let cancelled: boolean | undefined;
  const seen = (e: KeyboardEvent): void => void (e.key === ' ' && (cancelled = e.defaultPrevented));
  window.addEventListener('keyup', seen); // after Phaser's own listener
  target.focus();
  await userEvent.keyboard(' ');
  window.removeEventListener('keyup', seen);
  return cancelled!;
}

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const key = (type: 'keyDown' | 'keyUp', autoRepeat = false) =>
  cdp().send('Input.dispatchKeyEvent', { type, key: ' ', code: 'Space', windowsVirtualKeyCode: 32, text: type === 'keyDown' ? ' ' : undefined, autoRepeat });

it('DOM: Space presses the focused Buy, the toggle and × in a game that captures Space (Phaser), and Enter still does', async () => {
  const parent = await phaserGame();
  const outside = document.createElement('button');
  document.body.append(outside);
  expect(await spaceKeyUpCancelled(outside)).toBe(true); // Phaser does cancel it
  const { view, calls } = recordingView(aiBody);
  adapter = createDomAdapter({ container: parent });
  adapter.present(view);
  // Phaser's parent div is `position: static`: the dialog covers it, and only it.
  const rect = (el: Element) => (({ x, y, width, height }) => [x, y, width, height])(el.getBoundingClientRect());
  expect(rect(root().querySelector('.backdrop')!)).toEqual(rect(parent.querySelector('canvas')!));
  await userEvent.keyboard('{Tab}'); // to Buy
  expect(root().activeElement!.className).toBe('buy');
  await userEvent.keyboard(' ');
  await userEvent.keyboard('{Enter}');
  await userEvent.keyboard('{Tab}'); // to the toggle
  await userEvent.keyboard(' ');
  await userEvent.keyboard('{Tab}'); // to ×
  await userEvent.keyboard(' ');
  // Phaser cancels Space's keyup: a dialog that left the press to the native button would record
  // ['interact:golden_sword'], from Enter alone.
  expect(calls).toEqual(['interact:golden_sword', 'interact:golden_sword', 'toggle:true', 'dismiss']);
  expect(root().querySelector<HTMLInputElement>('.toggle input')!.checked).toBe(true);
});

it('DOM: without a game cancelling keys, Space and Enter press once each; a held Space presses once, as it comes up', async () => {
  const { view, calls } = recordingView(aiBody);
  adapter = createDomAdapter();
  adapter.present(view);
  await userEvent.keyboard('{Tab}');
  await userEvent.keyboard(' ');
  expect(calls).toEqual(['interact:golden_sword']); // not twice: the browser's own press is cancelled
  await userEvent.keyboard('{Enter}');
  expect(calls).toHaveLength(2);
  await key('keyDown');
  for (let i = 0; i < 3; i++) await key('keyDown', true); // the OS repeats a held key
  expect(calls).toHaveLength(2); // nothing while it is held, as natively
  await key('keyUp');
  expect(calls).toEqual(['interact:golden_sword', 'interact:golden_sword', 'interact:golden_sword']);
  // Space goes down on Buy, focus moves (Tab) to ×, Space comes up there: nothing pressed, as natively.
  await key('keyDown');
  await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
  expect(root().activeElement!.className).toBe('close');
  await key('keyUp');
  expect(calls).toHaveLength(3);
});

it('DOM: a Space held down in the game before the dialog opened presses nothing when it comes up on a control', async () => {
  const game = document.createElement('button');
  document.body.append(game);
  game.focus();
  await key('keyDown'); // held in the game
  const { view, calls } = recordingView(aiBody);
  adapter = createDomAdapter();
  adapter.present(view);
  root().querySelector<HTMLElement>('.buy')!.focus();
  await key('keyDown', true);
  let released: boolean | undefined;
  window.addEventListener('keyup', (e) => (released = !e.defaultPrevented), { once: true });
  await key('keyUp');
  expect(calls).toEqual([]);
  expect(released).toBe(true); // the game sees its key released
});

it('canvas: Enter and Space press the focused control in a game that captures Space (Phaser): they are pressed on keydown', async () => {
  const parent = await phaserGame();
  const overlay = document.createElement('canvas');
  overlay.style.cssText = 'position:absolute;left:24px;top:24px;width:320px;height:480px';
  document.body.append(overlay);
  const { view, calls } = recordingView(aiBody);
  adapter = createCanvasAdapter({ context: overlay.getContext('2d')! });
  adapter.present(view);
  expect(parent.querySelector('canvas')).not.toBeNull();
  await userEvent.keyboard('{Tab}'); // to Buy
  await userEvent.keyboard(' ');
  await userEvent.keyboard('{Tab}'); // to the toggle
  await userEvent.keyboard(' ');
  await userEvent.keyboard('{Tab}'); // to ×
  await userEvent.keyboard('{Enter}');
  expect(calls).toEqual(['interact:golden_sword', 'toggle:true', 'dismiss']);
});
