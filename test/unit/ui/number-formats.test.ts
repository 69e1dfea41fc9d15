/**
 * The page's first number format costs the browser its number data (90 to 350 ms at 4× CPU
 * throttling, once per process, bench/results.md): the adapters make it in an idle moment after
 * they are created, and every price after reuses the formats made.
 */
import { afterEach, expect, it, vi } from 'vitest';

const RealNumberFormat = Intl.NumberFormat;

afterEach(() => {
  Intl.NumberFormat = RealNumberFormat;
  vi.resetModules();
});

/** A fresh copy of the ui modules (the formats are kept per module), with the number formats made counted. */
async function counted() {
  const made = { count: 0 };
  Intl.NumberFormat = class extends RealNumberFormat {
    constructor(...args: ConstructorParameters<typeof RealNumberFormat>) {
      super(...args);
      made.count++;
    }
  } as typeof Intl.NumberFormat;
  const format = await import('../../../src/ui/format.js');
  const { createDomAdapter } = await import('../../../src/ui/dom/index.js');
  return { made, ...format, createDomAdapter };
}

it('creating the DOM adapter makes the page number formats in an idle moment, not at once', async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  try {
    const { made, createDomAdapter } = await counted();
    createDomAdapter();
    expect(made.count).toBe(0);
    idle[0]!(); // the first: the number formats (the second warms the dialog)
    expect(made.count).toBe(2); // whole and two-decimal prices, in the page's locale
  } finally {
    vi.unstubAllGlobals();
  }
});

it('prices reuse the formats made: none is made again for the same locale', async () => {
  const { made, priceText, formatNumber } = await counted();
  const product = { price: 6930, discountPrice: 4.5, discountPercent: 20 } as Parameters<typeof priceText>[0];
  expect(priceText(product, 'en')).toEqual({ was: '6,930', now: '4.50', discount: '-20%' });
  const afterFirst = made.count;
  for (let i = 0; i < 10; i++) priceText(product, 'en');
  expect(formatNumber(0.25, 'en')).toBe('0.25');
  expect(made.count).toBe(afterFirst);
  expect(priceText(product, 'ko')?.now).toBe('4.50'); // another locale: its own
  expect(made.count).toBeGreaterThan(afterFirst);
});
