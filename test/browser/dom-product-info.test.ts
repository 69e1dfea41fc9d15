/**
 * The DOM adapter draws what the game tells of a product (`productInfo`) and the prices in their
 * currency (`productInfo`, else `currencyCode`): an AI offer's product shows the game's name and
 * price instead of its slug, a personalized offer's prices carry the currency symbol, in the
 * dialog's text and in the Buy button's accessible name. Real Chromium (its `Intl` data), through
 * a client's `offers.show()`.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/index.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody, offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { accessibleNames } from '../support/ax-tree.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';

afterEach(() => document.body.replaceChildren());

const root = () => document.querySelector('[data-tp-offer]')?.shadowRoot;
const T0 = Date.UTC(2026, 0, 1, 12);

/** A client on iOS with the DOM adapter, whose GET /offers answers the spec's AI offer (1) and a personalized one (2). */
function client(options: Partial<ClientOptions>) {
  const base = memoryClientOptions(async () => okEnvelope([offerRecord(1, aiBody), offerRecord(2, { ...personalizedBody, product_name: 'Gems' })]));
  return createClient({ ...base, ui: createDomAdapter(), platform: 'ios', now: () => T0, ...options });
}

it('an AI product shows the game’s name and its price in the game’s currency, not its slug', async () => {
  const tp = client({ productInfo: (p) => (p.id === 'golden_sword' ? { name: 'Golden Sword', price: 4.99, currencyCode: 'USD' } : undefined) });
  try {
    await tp.offers.refresh();
    void tp.offers.show(1);
    await expect.poll(() => root()?.querySelector('.product')).toBeTruthy();
    const product = root()!.querySelector('.product')!;
    expect(product.querySelector('.name')!.textContent).toBe('Golden Sword');
    expect(product.querySelector('.price')!.textContent).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(4.99));
    expect(product.textContent).not.toContain('golden_sword');
    expect(await accessibleNames('button')).toContain(`Buy: Golden Sword, ${product.querySelector('.price')!.textContent}`);
  } finally {
    await tp.shutdown();
  }
});

it('a personalized product’s prices, struck and to pay, in the `currencyCode` option’s currency', async () => {
  const tp = client({ currencyCode: 'KRW' });
  try {
    await tp.offers.refresh();
    void tp.offers.show(2);
    await expect.poll(() => root()?.querySelector('.price')).toBeTruthy();
    const krw = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'KRW' });
    const price = root()!.querySelector('.price')!;
    expect(price.querySelector('s')!.textContent).toBe(krw.format(9900));
    expect(price.querySelector('span')!.textContent).toBe(krw.format(6930));
    expect(krw.format(6930)).toMatch(/₩\s?6,930/); // Chromium's page locale is English
    expect(root()!.querySelector('.name')!.textContent).toBe('Gems');
  } finally {
    await tp.shutdown();
  }
});
