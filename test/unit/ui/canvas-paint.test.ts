import { describe, expect, it } from 'vitest';
import type { OfferLayout } from '../../../src/ui/canvas/layout.js';
import { paintOffer, resetDrawingState } from '../../../src/ui/canvas/paint.js';
import { DEFAULT_CANVAS_THEME } from '../../../src/ui/canvas/theme.js';

/** A 2D context that records each call and each property set, as `name(args)` and `name=value`. */
function recordingContext(width = 800, height = 600): { ctx: CanvasRenderingContext2D; log: string[] } {
  const log: string[] = [];
  const canvas = { width, height };
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => {
      if (key === 'canvas') return canvas;
      if (key in target) return target[key];
      return (...args: unknown[]) => void log.push(`${String(key)}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
    },
    set: (target, key, value) => {
      target[key] = value;
      log.push(`${String(key)}=${JSON.stringify(value)}`);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, log };
}

const LAYOUT: OfferLayout = {
  card: { x: 100, y: 50, w: 200, h: 300 },
  items: [
    { kind: 'text', x: 120, y: 80, width: 50, size: 20, text: 'Title', font: 'bold 20px sans-serif', color: '#fff' },
    { kind: 'rect', rect: { x: 120, y: 200, w: 80, h: 44 }, color: '#ffb020', radius: 10 },
  ],
  hits: [{ control: { kind: 'buy', index: 0 }, rect: { x: 120, y: 200, w: 80, h: 44 } }],
};
const theme = DEFAULT_CANVAS_THEME;

describe('paintOffer', () => {
  it('scales the bitmap to the box, dims the game, fills and clips the card, then draws the items in order', () => {
    const { ctx, log } = recordingContext();
    paintOffer(ctx, LAYOUT, 400, 300, theme, undefined, -1, false);
    expect(log[0]).toBe('setTransform(2, 0, 0, 2, 0, 0)');
    expect(log).not.toContain('clearRect(0, 0, 400, 300)');
    expect(log.indexOf('fillRect(0, 0, 400, 300)')).toBeGreaterThan(log.indexOf(`fillStyle="${theme.backdrop}"`));
    const clip = log.indexOf('clip()');
    expect(log.indexOf('roundRect(100, 50, 200, 300, 14)')).toBeLessThan(clip);
    expect(log.indexOf('fillText("Title", 120, 80)')).toBeGreaterThan(clip);
    expect(log.indexOf('roundRect(120, 200, 80, 44, 10)')).toBeGreaterThan(log.indexOf('fillText("Title", 120, 80)'));
    expect(log).not.toContain('stroke()');
  });

  it('clears first with `clear`', () => {
    const { ctx, log } = recordingContext();
    paintOffer(ctx, LAYOUT, 400, 300, theme, undefined, -1, true);
    expect(log[1]).toBe('clearRect(0, 0, 400, 300)');
  });

  it('rings the focused region, 3 px outside it, in the focus color', () => {
    const { ctx, log } = recordingContext();
    paintOffer(ctx, LAYOUT, 400, 300, theme, undefined, 0, false);
    expect(log.slice(-5)).toEqual(['beginPath()', 'roundRect(117, 197, 86, 50, 12)', 'lineWidth=3', `strokeStyle="${theme.focus}"`, 'stroke()']);
  });

  it('draws the hero image cropped to cover its rect', () => {
    const { ctx, log } = recordingContext();
    const hero = { naturalWidth: 400, naturalHeight: 100 } as HTMLImageElement;
    const layout: OfferLayout = { ...LAYOUT, items: [{ kind: 'image', rect: { x: 100, y: 50, w: 200, h: 100 } }] };
    paintOffer(ctx, layout, 400, 300, theme, hero, -1, false);
    // 400 × 100 into 200 × 100: scaled by 1, the middle 200 columns.
    expect(log).toContain('drawImage({"naturalWidth":400,"naturalHeight":100}, 100, 0, 200, 100, 100, 50, 200, 100)');
  });
});

describe('resetDrawingState', () => {
  it("sets back what a game's frame may leave set", () => {
    const { ctx, log } = recordingContext();
    resetDrawingState(ctx);
    expect(log).toEqual(
      expect.arrayContaining(['globalAlpha=1', 'globalCompositeOperation="source-over"', 'filter="none"', 'shadowBlur=0', 'letterSpacing="0px"', 'setLineDash([])']),
    );
  });
});
