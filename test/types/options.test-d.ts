/**
 * Compile-time checks of the two sets of options: `tp-web-sdk/logging` takes the logging options
 * only, the package entry both; `store` is renamed `platform`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type ClientOptions, type LoggingOptions, type OfferOptions, type PlatformStore } from '../../src/index.js';
import { createClient as createLoggingClient } from '../../src/logging.js';

const base = { baseUrl: 'https://x', clientKey: 'k', authMode: 'client' };

describe('options', () => {
  it('ClientOptions is the logging options and the offer options', () => {
    expectTypeOf<ClientOptions>().toMatchTypeOf<LoggingOptions>();
    expectTypeOf<ClientOptions>().toMatchTypeOf<OfferOptions>();
    expectTypeOf<keyof ClientOptions>().toEqualTypeOf<keyof LoggingOptions | keyof OfferOptions>();
    expectTypeOf<ClientOptions['platform']>().toEqualTypeOf<PlatformStore | undefined>();
  });

  it('the logging entry takes no offer option', () => {
    createLoggingClient({ ...base, retry: { baseMs: 500 } });
    // @ts-expect-error an offer option
    createLoggingClient({ ...base, canPurchase: () => true });
    // @ts-expect-error an offer option
    createLoggingClient({ ...base, platform: 'web' });
    createClient({ ...base, platform: 'web', canPurchase: () => true });
  });

  it('store is no option', () => {
    // @ts-expect-error renamed `platform`
    createClient({ ...base, store: 'web' });
  });
});
