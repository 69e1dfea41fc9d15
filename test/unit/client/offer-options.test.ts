/**
 * The offer options belong to the package entry: `tp-web-sdk/logging` refuses each of them with a
 * `ConfigError` that names the entry that has them. `store` is renamed `platform`.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, createClient, createHeadlessAdapter, type OfferOptions } from '../../../src/index.js';
import { createClient as createLoggingClient } from '../../../src/logging.js';
import { OFFER_RULES } from '../../../src/offers/options.js';

const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
const base = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', storage: 'memory', flushIntervalMs: 0, autoLogin: false, fetch: offline } as const;

/** A valid value of every offer option. */
const VALID: Required<OfferOptions> = {
  ui: createHeadlessAdapter(),
  language: 'ko',
  platform: 'web',
  offersPlayerParam: 'player',
  maxOffersBytes: 1024,
  validForUnitMs: 60_000,
  canPurchase: () => true,
  productInfo: () => undefined,
  currencyCode: 'usd',
  discountTolerance: 0.1,
  offersAutoRefresh: { onStart: true },
  offerRules: { maxPerDay: 2 },
  offerImages: { prefetch: true, resolve: (url) => url },
  purchase: async () => ({ status: 'cancelled' }),
  characterSlug: 'hero-1',
};

function configError(create: () => unknown): ConfigError {
  try {
    create();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('offer options', () => {
  it('the table above has every offer option', () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(OFFER_RULES).sort());
  });

  it.each(Object.keys(VALID) as Array<keyof OfferOptions>)('`%s` is taken by the package entry', (option) => {
    const tp = createClient({ ...base, [option]: VALID[option] });
    void tp.shutdown();
  });

  it.each(Object.keys(VALID) as Array<keyof OfferOptions>)('`%s` is refused by tp-web-sdk/logging, naming the entry that has it', (option) => {
    const error = configError(() => createLoggingClient({ ...base, [option]: VALID[option] } as never));
    expect(error.option).toBe(option);
    expect(error.message).toMatch(/offer option.*import createClient from 'tp-web-sdk'/);
  });

  it('an offer option left undefined is no offer option given', () => {
    const tp = createLoggingClient({ ...base, ui: undefined } as never);
    void tp.shutdown();
  });

  it('a malformed offer option is refused as malformed by the package entry', () => {
    expect(configError(() => createClient({ ...base, platform: '' })).message).toMatch(/non-empty string/);
  });

  it.each(['US', 'USDX', 'US1', '$', '', 840])('`currencyCode` %j is refused: three letters of ISO 4217', (currencyCode) => {
    const error = configError(() => createClient({ ...base, currencyCode } as never));
    expect(error.option).toBe('currencyCode');
    expect(error.message).toMatch(/ISO 4217/);
  });

  it('`productInfo` that is not a function is refused', () => {
    const error = configError(() => createClient({ ...base, productInfo: { golden_sword: { name: 'Golden sword' } } } as never));
    expect(error.option).toBe('productInfo');
  });
});

describe('`store` is renamed `platform`', () => {
  it('tp-web-sdk refuses `store`, naming `platform`', () => {
    const error = configError(() => createClient({ ...base, store: 'web' } as never));
    expect(error.option).toBe('store');
    expect(error.message).toContain('renamed `platform`');
  });

  it('tp-web-sdk/logging refuses `store` as an offer option, not pointing to `platform` it refuses too', () => {
    const error = configError(() => createLoggingClient({ ...base, store: 'web' } as never));
    expect(error.option).toBe('store');
    expect(error.message).toContain("import createClient from 'tp-web-sdk'");
    expect(error.message).not.toContain('platform');
  });
});
