/**
 * The first offer a page shows ran cold code and the browser's first layout of such a card (a task
 * over 50 ms at 4× CPU throttling, bench/results.md): each adapter draws a sample card once, where
 * nobody sees it, in an idle moment after it is created. Nothing of it stays in the page, and
 * nothing is drawn on the game's canvas.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createCanvasAdapter } from '../../src/canvas.js';
import { createDomAdapter } from '../../src/dom.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The idle callbacks asked for, run by the test. */
function idleCallbacks(): Array<() => void> {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  return idle;
}

it('the DOM adapter builds and lays out a hidden sample dialog when the page is idle, then removes it', () => {
  const idle = idleCallbacks();
  const before = document.body.childElementCount;
  createDomAdapter();
  expect(idle.length).toBeGreaterThan(0);
  const appended = vi.spyOn(document.body, 'append');
  for (const run of idle) run();
  const host = appended.mock.calls.flat()[0] as HTMLElement;
  expect(host.style.visibility).toBe('hidden');
  expect(host.shadowRoot?.querySelector('[role=dialog]')).not.toBeNull();
  expect(document.body.childElementCount).toBe(before); // gone again
});

it("the canvas adapter paints a sample offer on a canvas of its own when the page is idle, never on the game's", () => {
  const idle = idleCallbacks();
  const game = document.createElement('canvas');
  const ctx = game.getContext('2d')!;
  const drawnOnGame = vi.spyOn(ctx, 'fillText');
  const made = vi.spyOn(document, 'createElement');
  createCanvasAdapter({ context: ctx });
  expect(made).not.toHaveBeenCalledWith('canvas');
  for (const run of idle) run();
  expect(made).toHaveBeenCalledWith('canvas');
  expect(drawnOnGame).not.toHaveBeenCalled();
});
