import { describe, expect, it, vi } from 'vitest';
import { hitAt, listenInput, nextFocus, type Listen } from '../../../src/ui/canvas/input.js';
import type { HitRegion } from '../../../src/ui/canvas/layout.js';

const HITS: HitRegion[] = [
  { control: { kind: 'buy', index: 0 }, rect: { x: 10, y: 10, w: 100, h: 40 } },
  { control: { kind: 'toggle' }, rect: { x: 10, y: 60, w: 100, h: 40 } },
  { control: { kind: 'close' }, rect: { x: 200, y: 10, w: 44, h: 44 } },
];

describe('hitAt', () => {
  it('finds the region holding the point: left and top edges in, right and bottom edges out', () => {
    expect(hitAt(HITS, 10, 10)).toBe(0);
    expect(hitAt(HITS, 109.9, 49.9)).toBe(0);
    expect(hitAt(HITS, 110, 30)).toBe(-1);
    expect(hitAt(HITS, 50, 50)).toBe(-1);
    expect(hitAt(HITS, 50, 60)).toBe(1);
    expect(hitAt(HITS, 220, 30)).toBe(2);
  });

  it('is -1 with no layout or no region', () => {
    expect(hitAt(undefined, 10, 10)).toBe(-1);
    expect(hitAt([], 10, 10)).toBe(-1);
  });
});

describe('nextFocus', () => {
  it('from no focus, Tab goes to the first region and Shift+Tab to the last', () => {
    expect(nextFocus(-1, 3, false)).toBe(0);
    expect(nextFocus(-1, 3, true)).toBe(2);
  });

  it('moves one region and wraps both ways', () => {
    expect(nextFocus(0, 3, false)).toBe(1);
    expect(nextFocus(2, 3, false)).toBe(0);
    expect(nextFocus(1, 3, true)).toBe(0);
    expect(nextFocus(0, 3, true)).toBe(2);
  });

  it('is 0 when there is no region', () => {
    expect(nextFocus(-1, 0, false)).toBe(0);
    expect(nextFocus(-1, 0, true)).toBe(0);
  });
});

describe('listenInput', () => {
  /** A canvas wired with recording actions; `at` is the region the next pointer event hits. */
  function wired() {
    const canvas = document.createElement('canvas');
    canvas.setPointerCapture = vi.fn();
    const calls: string[] = [];
    let at = -1;
    const on: Listen = (target, type, handler) => target.addEventListener(type, handler as EventListener);
    listenInput(
      canvas,
      on,
      () => at,
      (i) => void calls.push(`press:${i ?? 'focused'}`),
      (back) => void calls.push(`tab:${back ? 'back' : 'forward'}`),
      () => void calls.push('dismiss'),
    );
    const pointer = (type: string, hit: number, button = 0): void => {
      at = hit;
      canvas.dispatchEvent(new PointerEvent(type, { button, pointerId: 7 }));
    };
    const key = (key: string, init: KeyboardEventInit = {}): KeyboardEvent => {
      const event = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true, ...init });
      canvas.dispatchEvent(event);
      return event;
    };
    return { canvas, calls, pointer, key };
  }

  it('presses a region on a primary press that starts and ends on it, capturing the pointer', () => {
    const { canvas, calls, pointer } = wired();
    pointer('pointerdown', 1);
    expect(canvas.setPointerCapture).toHaveBeenCalledWith(7);
    pointer('pointerup', 1);
    expect(calls).toEqual(['press:1']);
  });

  it('presses nothing on a drag between regions, a secondary button, or a cancelled pointer', () => {
    const { canvas, calls, pointer } = wired();
    pointer('pointerdown', -1);
    pointer('pointerup', 0);
    pointer('pointerdown', 0);
    pointer('pointerup', 2);
    pointer('pointerdown', 0, 2);
    pointer('pointerup', 0);
    pointer('pointerdown', 0);
    pointer('pointercancel', 0);
    pointer('pointerup', 0);
    expect(calls).toEqual([]);
    expect(canvas.setPointerCapture).toHaveBeenCalledTimes(2);
  });

  it('Escape dismisses, Tab and Shift+Tab move, Enter and Space press the focused region; each key is taken from the game', () => {
    const { calls, key } = wired();
    const events = [key('Tab'), key('Tab', { shiftKey: true }), key('Enter'), key(' '), key('Escape')];
    expect(calls).toEqual(['tab:forward', 'tab:back', 'press:focused', 'press:focused', 'dismiss']);
    for (const event of events) expect(event.defaultPrevented).toBe(true);
  });

  it('a held key presses and dismisses nothing; other keys pass to the game', () => {
    const { calls, key } = wired();
    const held = [key('Enter', { repeat: true }), key(' ', { repeat: true }), key('Escape', { repeat: true })];
    const other = key('a');
    expect(calls).toEqual([]);
    for (const event of held) expect(event.defaultPrevented).toBe(true);
    expect(other.defaultPrevented).toBe(false);
  });
});
