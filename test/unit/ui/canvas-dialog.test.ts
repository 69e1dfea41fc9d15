import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCanvas, drawFrame } from '../../../src/ui/canvas/frame.js';
import { ariaLabel, offerDialog } from '../../../src/ui/canvas/dialog.js';
import { DEFAULT_CANVAS_THEME } from '../../../src/ui/canvas/theme.js';
import { labelsFor } from '../../../src/ui/labels.js';
import { aiBody } from '../../fixtures/spec-samples.js';
import { recordingView } from '../../support/views.js';

afterEach(() => document.body.replaceChildren());

/**
 * A 2D context on a 400 × 300 canvas in the page that records each call as `name(args)` (text is
 * 8 px a character wide).
 */
function recordingContext(): { ctx: CanvasRenderingContext2D; log: string[]; canvas: HTMLCanvasElement } {
  const log: string[] = [];
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 300;
  // happy-dom computes no `object-position` by default: the browser's initial value.
  canvas.style.objectPosition = '50% 50%';
  document.body.append(canvas);
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => {
      if (key === 'canvas') return canvas;
      if (key === 'measureText') return (text: string) => ({ width: [...text].length * 8 });
      if (key in target) return target[key];
      return (...args: unknown[]) => void log.push(`${String(key)}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
    },
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, log, canvas };
}

describe('drawFrame', () => {
  it('paints between save and restore, in the canvas box, the drawing state reset', () => {
    const { ctx, log } = recordingContext();
    const paint = vi.fn(() => void log.push('paint'));
    drawFrame(ctx, false, paint);
    expect(paint).toHaveBeenCalledWith(0, 0, 400 / devicePixelRatio, 300 / devicePixelRatio);
    expect(log[0]).toBe('save()');
    expect(log.slice(-2)).toEqual(['paint', 'restore()']);
  });

  it('throws nothing, and restores the context, when painting throws', () => {
    const { ctx, log } = recordingContext();
    expect(() =>
      drawFrame(ctx, false, () => {
        throw new Error('broken image');
      }),
    ).not.toThrow();
    expect(log.at(-1)).toBe('restore()');
  });
});

describe('clearCanvas', () => {
  it('clears the whole backing store under the identity transform, the context state kept', () => {
    const { ctx, log } = recordingContext();
    clearCanvas(ctx);
    expect(log).toEqual(['save()', 'setTransform(1, 0, 0, 1, 0, 0)', 'clearRect(0, 0, 400, 300)', 'restore()']);
  });
});

describe('ariaLabel', () => {
  const { view } = recordingView(aiBody);
  const labels = labelsFor('en');
  it('is the title alone with nothing focused, else the title and the focused control’s name', () => {
    expect(ariaLabel(view, labels, undefined)).toBe('Sale');
    expect(ariaLabel(view, labels, { kind: 'close' })).toBe(`Sale: ${labels.close}`);
    expect(ariaLabel(view, labels, { kind: 'toggle' })).toBe("Sale: Don't show again");
    expect(ariaLabel(view, labels, { kind: 'buy', index: 0 })).toMatch(/^Sale: .*golden_sword/i);
  });
});

describe('offerDialog', () => {
  it('names the canvas at once; Tab moves the focus through the buy button, the toggle and ×', () => {
    const { ctx, canvas } = recordingContext();
    const { view } = recordingView(aiBody);
    const labels = labelsFor('en');
    const [draw, , tab] = offerDialog(ctx, DEFAULT_CANVAS_THEME, false, view, labels);
    expect(canvas.getAttribute('aria-label')).toBe('Sale');
    draw();
    const names = [0, 1, 2, 3].map(() => (tab(false), canvas.getAttribute('aria-label')));
    expect(names).toEqual([ariaLabel(view, labels, { kind: 'buy', index: 0 }), ariaLabel(view, labels, { kind: 'toggle' }), ariaLabel(view, labels, { kind: 'close' }), ariaLabel(view, labels, { kind: 'buy', index: 0 })]);
  });

  it('presses the focused control: the toggle flips, × dismisses', () => {
    const { ctx } = recordingContext();
    const { view, calls } = recordingView(aiBody);
    const [draw, press, tab] = offerDialog(ctx, DEFAULT_CANVAS_THEME, false, view, labelsFor('en'));
    draw();
    press(); // nothing focused
    tab(true); // ×
    tab(true); // the toggle
    press();
    press();
    press(0);
    tab(false);
    press();
    expect(calls).toEqual(['toggle:true', 'toggle:false', 'interact:golden_sword', 'dismiss']);
  });
});
