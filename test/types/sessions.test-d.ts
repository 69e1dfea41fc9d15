/**
 * Compile-time checks of sessions: the session a client exposes, its events, and the
 * options.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AutoLogin, ClientOptions, LoggingClient, Session, SessionEndEvent, SessionEndReason } from '../../src/index.js';

declare const tp: LoggingClient;

describe('sessions', () => {
  it('a client has a session or none, with an id, an index and a start in seconds', () => {
    expectTypeOf(tp.session).toEqualTypeOf<Session | undefined>();
    expectTypeOf<Session>().toEqualTypeOf<{ readonly id: string; readonly index: number; readonly startedAt: number }>();
  });

  it('the events carry the session, and the end its reason', () => {
    tp.on('session:start', (s) => expectTypeOf(s).toEqualTypeOf<Session>());
    tp.on('session:end', (e) => expectTypeOf(e).toEqualTypeOf<SessionEndEvent>());
    expectTypeOf<SessionEndReason>().toEqualTypeOf<'timeout' | 'day' | 'consent' | 'forget'>();
  });

  it('autoLogin takes the two modes or false, and nothing else', () => {
    expectTypeOf<ClientOptions['autoLogin']>().toEqualTypeOf<AutoLogin | undefined>();
    const ok: ClientOptions['autoLogin'][] = ['session', 'day', false];
    // @ts-expect-error not a mode
    const bad: ClientOptions['autoLogin'] = 'always';
    void ok;
    void bad;
  });
});
