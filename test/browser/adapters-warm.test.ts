/**
 * The first offer a page shows ran cold code and the browser's first layout of such a card (a task
 * over 50 ms at 4× CPU throttling, bench/results.md): each adapter draws a sample card once, where
 * nobody sees it, in idle moments after it is created, a step each, so that the rehearsal itself
 * has no long task. Nothing of it stays in the page, and nothing is drawn on the game's canvas.
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

it('the DOM adapter builds a hidden sample dialog, lays out its fonts, then the card, each in an idle moment, never leaving it in the page', () => {
  const idle = idleCallbacks();
  const before = [...document.body.children];
  createDomAdapter();
  expect(idle).toHaveLength(2); // the number formats, and the dialog's first step
  const appended = vi.spyOn(document.body, 'append');
  const laidOut: string[] = [];
  const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    laidOut.push(this.shadowRoot?.querySelector('[role=dialog]') ? 'card' : (this.shadowRoot?.textContent ?? ''));
    expect(this.isConnected).toBe(true);
    return new DOMRect();
  });
  try {
    idle[1]!(); // the card built, not in the page
    expect(appended).not.toHaveBeenCalled();
    idle[2]!(); // a line of text in the card's fonts, laid out
    expect(laidOut).toEqual(['Aa Bb Cc']);
    const host = appended.mock.calls.flat()[0] as HTMLElement;
    expect(host.style.visibility).toBe('hidden');
    expect([...document.body.children]).toEqual(before); // gone again, in the same task
    idle[3]!(); // the card laid out
    expect(laidOut).toEqual(['Aa Bb Cc', 'card']);
    expect([...document.body.children]).toEqual(before);
    expect(idle).toHaveLength(4);
  } finally {
    measured.mockRestore();
  }
});

it("the canvas adapter measures a sample offer's text, then paints it, in idle moments of their own, on a canvas of its own", () => {
  const idle = idleCallbacks();
  const game = document.createElement('canvas');
  const ctx = game.getContext('2d')!;
  const made = vi.spyOn(document, 'createElement');
  const measured = vi.spyOn(CanvasRenderingContext2D.prototype, 'measureText');
  const drawn = vi.spyOn(CanvasRenderingContext2D.prototype, 'fillText');
  try {
    createCanvasAdapter({ context: ctx });
    expect(made).not.toHaveBeenCalledWith('canvas');
    idle[1]!(); // a canvas of its own, and the layout's code run without measuring
    expect(made).toHaveBeenCalledWith('canvas');
    expect(measured).not.toHaveBeenCalled();
    idle[2]!(); // half the card's fonts
    idle[3]!(); // the other half
    expect(measured).toHaveBeenCalled();
    idle[4]!(); // the layout
    expect(drawn).not.toHaveBeenCalled();
    idle[5]!(); // the painting
    expect(drawn).toHaveBeenCalled();
    expect(idle).toHaveLength(6);
    expect(drawn.mock.contexts.some((context) => context === ctx)).toBe(false);
    expect(measured.mock.contexts.some((context) => context === ctx)).toBe(false);
  } finally {
    measured.mockRestore();
    drawn.mockRestore();
  }
});
