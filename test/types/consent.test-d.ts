/**
 * Compile-time checks of consent: the states a game may pass, and the client as the
 * TCF bridge's target.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ConsentEvent, ConsentState, LoggingClient, TpClient } from '../../src/index.js';
import type { ConsentTarget, ConsentState as TcfConsentState } from '../../src/tcf.js';

declare const tp: TpClient;

describe('consent', () => {
  it('takes the three states and nothing else', () => {
    tp.setConsent('granted');
    tp.setConsent('pending');
    tp.setConsent('denied');
    // @ts-expect-error not a state
    tp.setConsent('yes');
    expectTypeOf(tp.consent).toEqualTypeOf<ConsentState>();
    expectTypeOf(tp.forget()).toEqualTypeOf<Promise<void>>();
  });

  it('the consent event carries the state and its source', () => {
    tp.on('consent', (e) => expectTypeOf(e).toEqualTypeOf<ConsentEvent>());
  });

  it('a client (with or without offers) is what consentFromTcf takes; the two state types are one', () => {
    expectTypeOf<TpClient>().toMatchTypeOf<ConsentTarget>();
    expectTypeOf<LoggingClient>().toMatchTypeOf<ConsentTarget>();
    expectTypeOf<TcfConsentState>().toEqualTypeOf<ConsentState>();
  });
});
