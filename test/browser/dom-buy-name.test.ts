/**
 * The Buy button's accessible name, as Chromium's accessibility tree gives it to a screen reader:
 * the visible word first (WCAG 2.5.3, label in name), then the product and what it costs, in the
 * price line's own text. A name of `Buy: Gems` would tell a player who cannot see the dialog which
 * product, but not its price nor the discount.
 */
import { afterEach, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody, personalizedBody } from '../fixtures/spec-samples.js';
import { accessibleNames } from '../support/ax-tree.js';
import { recordingView } from '../support/views.js';

afterEach(() => document.body.replaceChildren());

const buttonNames = (): Promise<string[]> => accessibleNames('button');

const gems = { ...personalizedBody, product_name: 'Gems' }; // 9,900 → 6,930, 30 % off

it('a discounted product: the Buy button says the price to pay, the regular price and the discount', async () => {
  createDomAdapter().present(recordingView(gems, { languages: ['en'] }).view);
  expect(await buttonNames()).toContain('Buy: Gems, 6,930, was 9,900, -30%');
});

it('a product at its regular price: the Buy button says that price', async () => {
  const body = { ...gems, discount_rate: 0, discount_price: 4900, price: 4900 };
  createDomAdapter().present(recordingView(body, { languages: ['en'] }).view);
  expect(await buttonNames()).toContain('Buy: Gems, 4,900');
});

it('in Korean, with the Korean words', async () => {
  createDomAdapter().present(recordingView(gems, { languages: ['ko'] }).view);
  expect(await buttonNames()).toContain('구매: Gems, 6,930, 정가 9,900, -30%');
});

it('a product without a price (AI offers) keeps its name alone', async () => {
  createDomAdapter().present(recordingView(aiBody).view);
  expect(await buttonNames()).toContain('Buy: golden_sword');
});

it('a product without a name (the spec sample: no product_name, no product_id): the word and the price, no empty name', async () => {
  createDomAdapter().present(recordingView(personalizedBody, { languages: ['en'] }).view);
  // A regression reads `Buy: , 6,930, was 9,900, -30%`.
  expect(await buttonNames()).toContain('Buy, 6,930, was 9,900, -30%');
});
