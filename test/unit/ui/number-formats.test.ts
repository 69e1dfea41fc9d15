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

it('a currency has one format per locale and code, made again for none of its prices', async () => {
  const { made, priceText } = await counted();
  const product = { price: 9900, discountPrice: 6930, currencyCode: 'USD' } as Parameters<typeof priceText>[0];
  expect(priceText(product, 'en-US')).toMatchObject({ was: '$9,900.00', now: '$6,930.00' });
  const afterFirst = made.count;
  for (let i = 0; i < 10; i++) priceText(product, 'en-US');
  expect(made.count).toBe(afterFirst);
  expect(priceText({ ...product, currencyCode: 'KRW' }, 'en-US')?.now).toBe('₩6,930'); // another code: its own
  expect(made.count).toBe(afterFirst + 1);
});

it('warmCurrencyFormat makes the currency format in an idle moment, which prices then reuse', async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  try {
    const { made, priceText, warmCurrencyFormat } = await counted();
    warmCurrencyFormat('EUR');
    expect(made.count).toBe(0);
    idle[0]!();
    expect(made.count).toBe(1);
    priceText({ price: 3, currencyCode: 'EUR' } as Parameters<typeof priceText>[0]);
    expect(made.count).toBe(1);
  } finally {
    vi.unstubAllGlobals();
  }
});

it('a code the browser refuses (a view a game built) prices as bare numbers', async () => {
  const { priceText } = await counted();
  expect(priceText({ price: 4.5, currencyCode: 'US$' } as Parameters<typeof priceText>[0], 'en-US')?.now).toBe('4.50');
});
