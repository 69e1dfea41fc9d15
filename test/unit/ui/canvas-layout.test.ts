import { describe, expect, it } from 'vitest';
import { layoutOffer, type DrawItem, type LayoutState, type OfferLayout, type Rect } from '../../../src/ui/canvas/layout.js';
import { DEFAULT_CANVAS_THEME } from '../../../src/ui/canvas/theme.js';
import type { Measure } from '../../../src/ui/canvas/wrap.js';
import { labelsFor } from '../../../src/ui/labels.js';
import type { OfferContent } from '../../../src/ui/types.js';
import { aiBody, personalizedBody } from '../../fixtures/spec-samples.js';
import { recordingView } from '../../support/views.js';

/** Deterministic widths: code points × font size × (0.6 bold, 0.5 regular). */
const measure: Measure = (text, font) => [...text].length * Number(/([\d.]+)px/.exec(font)![1]) * (font.includes('bold') ? 0.6 : 0.5);
const SIZES = [
  [360, 640],
  [1280, 720],
] as const;
const theme = DEFAULT_CANVAS_THEME;
const layout = (view: OfferContent, [w, h]: readonly [number, number], state: Partial<LayoutState> = {}): OfferLayout =>
  layoutOffer(view, w, h, measure, theme, labelsFor(view.language), { checked: false, hero: undefined, ...state });

/** The box an item covers (text: from one font size above its baseline to 0.3 below). */
const boxOf = (item: DrawItem): Rect =>
  item.kind === 'text' ? { x: item.x, y: item.y - item.size, w: item.width, h: item.size * 1.3 } : item.rect;
const within = (r: Rect, outer: Rect): boolean => r.x >= outer.x - 1e-9 && r.y >= outer.y - 1e-9 && r.x + r.w <= outer.x + outer.w + 1e-9 && r.y + r.h <= outer.y + outer.h + 1e-9;
const overlap = (a: Rect, b: Rect): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const texts = (l: OfferLayout): string[] => l.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));

const twoProducts = {
  ...aiBody,
  recommendations: [
    {
      ...aiBody.recommendations[0]!,
      product_list: [
        ...aiBody.recommendations[0]!.product_list,
        { ...aiBody.recommendations[0]!.product_list[0]!, product_index: '2', purchasable_slug: 'silver_shield_of_the_very_long_name' },
      ],
    },
  ],
};
const tallMessage = {
  ...aiBody,
  display_parameters: { en: { ...aiBody.display_parameters.en, message: Array.from({ length: 80 }, (_, i) => `Line <b>${i}</b> of the offer`).join('\n') } },
};
const views = {
  ai: recordingView(aiBody).view,
  korean: recordingView(aiBody, { languages: ['ko'] }).view,
  two: recordingView(twoProducts).view,
  personalized: recordingView({ ...personalizedBody, product_name: 'Gems' }).view,
  tall: recordingView(tallMessage).view,
};

describe('layoutOffer', () => {
  for (const size of SIZES) {
    for (const [name, view] of Object.entries(views)) {
      for (const hero of [undefined, { w: 800, h: 400 }]) {
        it(`${name} at ${size.join('×')}${hero ? ' with a hero image' : ''}: a centered card in the box, everything inside it, regions disjoint`, () => {
          const l = layout(view, size, { hero, checked: true });
          const [W, H] = size;
          expect(l.card.w).toBe(Math.min(440, W - 32));
          expect(l.card.x).toBe((W - l.card.w) / 2);
          expect(l.card.y).toBeCloseTo((H - l.card.h) / 2);
          expect(within(l.card, { x: 16, y: 16, w: W - 32, h: H - 32 })).toBe(true);
          for (const item of l.items) expect(within(boxOf(item), l.card), JSON.stringify(item)).toBe(true);
          for (const [i, a] of l.hits.entries()) {
            expect(within(a.rect, l.card)).toBe(true);
            expect(a.rect.w).toBeGreaterThanOrEqual(44);
            expect(a.rect.h).toBeGreaterThanOrEqual(44);
            for (const b of l.hits.slice(i + 1)) expect(overlap(a.rect, b.rect), `${JSON.stringify(a.control)} overlaps ${JSON.stringify(b.control)}`).toBe(false);
          }
          // Every control is there, even when the message had to be cut.
          expect(l.hits.map((h) => h.control)).toEqual([...view.products.map((_, index) => ({ kind: 'buy', index })), ...(view.toggleLabel ? [{ kind: 'toggle' }] : []), { kind: 'close' }]);
          expect(texts(l)).toContain(labelsFor(view.language).buy);
          expect(texts(l).join(' ')).toContain(view.title);
        });
      }
    }
  }

  it('orders the regions for focus: purchase buttons, toggle, close; the purchase buttons are the accent color with their label', () => {
    const l = layout(views.two, [1280, 720]);
    expect(l.hits.map((h) => h.control)).toEqual([{ kind: 'buy', index: 0 }, { kind: 'buy', index: 1 }, { kind: 'toggle' }, { kind: 'close' }]);
    for (const hit of l.hits.slice(0, 2)) {
      expect(l.items).toContainEqual({ kind: 'rect', rect: hit.rect, color: theme.accent, radius: 10 });
      const label = l.items.find((i) => i.kind === 'text' && i.text === 'Buy' && within(boxOf(i), hit.rect));
      expect(label).toMatchObject({ color: theme.accentFg, font: 'bold 16px system-ui, sans-serif' });
    }
    expect(l.hits[1]!.rect.y).toBeGreaterThan(l.hits[0]!.rect.y);
    expect(l.hits[2]!.rect.y).toBeGreaterThan(l.hits[1]!.rect.y);
    // The close button sits in the top-right corner.
    expect(l.hits[3]!.rect).toEqual({ x: l.card.x + l.card.w - 52, y: l.card.y + 8, w: 44, h: 44 });
  });

  it('draws the message lines with their colors and the base size, and the title in bold', () => {
    const l = layout(views.ai, [1280, 720]);
    const gold = l.items.find((i) => i.kind === 'text' && i.text === 'Golden Sword');
    expect(gold).toMatchObject({ color: '#ffd700ff', font: '16px system-ui, sans-serif' });
    const title = l.items.find((i) => i.kind === 'text' && i.text === 'Sale');
    expect(title).toMatchObject({ color: theme.fg, font: 'bold 20px system-ui, sans-serif' });
    const now = l.items.find((i) => i.kind === 'text' && i.text === 'now!');
    expect(now?.kind === 'text' && gold?.kind === 'text' && now.y > gold.y).toBe(true);
    expect(texts(l)).toContain("Don't show again");
    expect(texts(layout(views.korean, [360, 640]))).toEqual(expect.arrayContaining(['할인', '구매', '다시 보지 않기']));
  });

  it('shows the toggle state: an empty box, or an accent box with a check mark', () => {
    const off = layout(views.ai, [360, 640]);
    const on = layout(views.ai, [360, 640], { checked: true });
    expect(off.items.some((i) => i.kind === 'check')).toBe(false);
    const check = on.items.find((i) => i.kind === 'check');
    expect(check).toMatchObject({ color: theme.accentFg });
    expect(on.items).toContainEqual({ kind: 'rect', rect: check?.kind === 'check' && check.rect, color: theme.accent, radius: 4 });
  });

  it('shows a personalized offer’s struck regular price, the price to pay and the discount in the accent color', () => {
    const l = layout(views.personalized, [360, 640]);
    expect(texts(l)).toEqual(expect.arrayContaining(['Gems', 'For you']));
    const was = l.items.find((i) => i.kind === 'text' && i.text.startsWith('9,900'));
    const discount = l.items.find((i) => i.kind === 'text' && i.text === '-30%');
    expect(discount).toMatchObject({ color: theme.accent });
    expect(texts(l).join('')).toContain('6,930');
    expect(was?.kind).toBe('text');
    if (was?.kind !== 'text') return;
    // A thin line through the regular price.
    const strike = l.items.find((i) => i.kind === 'rect' && i.rect.h < 2 && i.rect.x === was.x);
    expect(strike?.kind === 'rect' && strike.rect.y < was.y && strike.rect.y > was.y - was.size).toBe(true);
    expect(l.hits.map((h) => h.control)).toEqual([{ kind: 'buy', index: 0 }, { kind: 'close' }]);
  });

  it('strikes through the regular price of every product that shows one (a game-built view with several priced products)', () => {
    const [product] = views.personalized.products;
    const two = { ...views.personalized, products: [product!, { ...product!, id: 'other', name: 'Other', price: 500, discountPrice: 400 }] };
    const l = layout(two, [1280, 720]);
    const struck = l.items.filter((i) => i.kind === 'text' && (i.text.startsWith('9,900') || i.text.startsWith('500')));
    expect(struck).toHaveLength(2);
    for (const was of struck) {
      if (was.kind !== 'text') continue;
      expect(l.items.some((i) => i.kind === 'rect' && i.rect.h < 2 && i.rect.x === was.x && i.rect.y < was.y && i.rect.y > was.y - was.size)).toBe(true);
    }
  });

  it('puts the hero image on top, full width, at most 180 high, and pushes the rest down', () => {
    const without = layout(views.ai, [1280, 720]);
    const withHero = layout(views.ai, [1280, 720], { hero: { w: 1000, h: 1000 } });
    const image = withHero.items.find((i) => i.kind === 'image');
    expect(image).toEqual({ kind: 'image', rect: { x: withHero.card.x, y: withHero.card.y, w: 440, h: 180 } });
    expect(withHero.card.h).toBe(without.card.h + 180);
    expect(layout(views.ai, [1280, 720], { hero: { w: 880, h: 100 } }).card.h).toBe(without.card.h + 50);
  });

  it('cuts a message taller than the box: the card stops 16 px from the edges and keeps whole rows inside', () => {
    for (const [W, H] of SIZES) {
      const l = layout(views.tall, [W, H]);
      expect(l.card.h).toBeLessThanOrEqual(H - 32);
      expect(l.card.h).toBeGreaterThan(H - 32 - 24); // filled up to the last row that fits
      const lines = texts(l).filter((t) => t.startsWith('Line'));
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.length).toBeLessThan(80);
      expect(lines[0]).toBe('Line ');
    }
  });

  it('uses the label overrides and the theme', () => {
    const view = views.ai;
    const l = layoutOffer(view, 360, 640, measure, { ...theme, accent: '#00ff00', font: 'serif' }, labelsFor('en', { en: { buy: 'Get it' } }), {
      checked: false,
      hero: undefined,
    });
    expect(l.items).toContainEqual(expect.objectContaining({ kind: 'text', text: 'Get it', font: 'bold 16px serif' }));
    expect(l.items).toContainEqual(expect.objectContaining({ kind: 'rect', rect: l.hits[0]!.rect, color: '#00ff00' }));
  });
});
