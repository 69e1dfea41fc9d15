/**
 * Sessions and automatic logins through the client, in happy-dom on memory storage:
 * what the game sees (`client.session`, the events) and what reaches the service (the login with
 * its device fields, once). The tracker's timing is in test/unit/session/tracker.test.ts; shared
 * storage and real tabs in test/e2e/sessions.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, createClient, WIRE_SDK_VERSION, type ClientOptions, type Session, type SessionEndEvent, type TpClient, type TpError } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

type Body = Record<string, Array<Record<string, unknown>>>;
const clients: TpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((tp) => tp.shutdown()));
});

/** A client that logs in by itself (the default), whose upload bodies land in `bodies`. */
function sessionClient(options: Partial<ClientOptions>, bodies: Body[] = []): TpClient {
  const { autoLogin: _, ...base } = memoryClientOptions(async (_url, init) => {
    if (init?.body) bodies.push(JSON.parse(String(init.body)) as Body);
    return okEnvelope([]);
  });
  const tp = createClient({ ...base, compression: 'none', region: 'KR', ...options });
  clients.push(tp);
  return tp;
}
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 20));
const kinds = (bodies: Body[]): string[] => bodies.flatMap((b) => Object.entries(b).flatMap(([k, list]) => list.map(() => k)));

describe('automatic login', () => {
  it('sends one players_login at the session start, with the device fields, and exposes the session', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({ appVersion: '1.2.3' }, bodies);
    const starts: Session[] = [];
    tp.on('session:start', (s) => void starts.push(s));
    expect(tp.session).toMatchObject({ index: 1, startedAt: expect.any(Number) as number });
    await settle();
    expect(starts).toEqual([tp.session]);
    await tp.flush();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.players_login).toEqual([
      expect.objectContaining({ player_slug: 'p-1', region: 'KR', app_version: '1.2.3', sdk_version: WIRE_SDK_VERSION, is_tp_debug_mode: 0, device_unique_id: expect.any(String) as string, device_info: expect.any(String) as string }),
    ]);
    tp.identify('p-1');
    await settle();
    await tp.flush();
    expect(kinds(bodies)).toEqual(['players_login']);
  });

  it('after shutdown() the client has no session (the next page carries it on)', async () => {
    const tp = sessionClient({});
    await settle();
    expect(tp.session).toBeDefined();
    await tp.shutdown();
    expect(tp.session).toBeUndefined();
  });

  it('before identify(), the login waits for the player', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({ playerSlug: undefined }, bodies);
    await settle();
    expect(tp.stats().queued).toBe(0);
    tp.identify('p-9');
    await settle();
    await tp.flush();
    expect(bodies.flatMap((b) => b.players_login ?? []).map((r) => r.player_slug)).toEqual(['p-9']);
  });

  it('warns once when the game tracks its own login while autoLogin is on; both are sent', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({}, bodies);
    const warnings: TpError[] = [];
    tp.on('warning', (w) => void warnings.push(w));
    await settle();
    expect(tp.track('players_login', {})).toBe(true);
    expect(tp.track('players_login', {})).toBe(true);
    await tp.flush();
    expect(warnings.map((w) => [w.code, w.message.includes('autoLogin')])).toEqual([['config', true]]);
    expect(kinds(bodies)).toEqual(['players_login', 'players_login', 'players_login']);
  });

  it('autoLogin false sends none and warns of nothing', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({ autoLogin: false }, bodies);
    const warnings: TpError[] = [];
    tp.on('warning', (w) => void warnings.push(w));
    await settle();
    tp.track('players_login', {});
    await tp.flush();
    expect(kinds(bodies)).toEqual(['players_login']);
    expect(warnings).toEqual([]);
    expect(tp.session).toMatchObject({ index: 1 }); // sessions go on without logins
  });

  it('beforeSend sees the automatic login, and can drop it', async () => {
    const bodies: Body[] = [];
    const seen: string[] = [];
    const tp = sessionClient({ beforeSend: (name) => (seen.push(name), name === 'players_login' ? null : undefined) }, bodies);
    await settle();
    await tp.flush();
    expect(seen).toEqual(['players_login']);
    expect(bodies).toEqual([]);
  });

  it('a login the device cannot fill (no region known) is refused with an invalid event, never thrown', async () => {
    Object.defineProperty(navigator, 'languages', { value: [], configurable: true });
    Object.defineProperty(navigator, 'language', { value: '', configurable: true });
    try {
      const tp = sessionClient({ region: undefined, debug: true, logLevel: 'silent' }, []); // debug: invalid records throw
      const invalid: string[] = [];
      tp.on('invalid', (e) => void invalid.push(`${e.objectName} ${e.issues[0]?.path}`));
      await settle();
      expect(invalid).toEqual(['players_login region']);
      expect(tp.stats().invalid).toBe(1);
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      delete (navigator as { language?: unknown }).language;
    }
  });

  it('autoJoin sends players_join the first time the player is identified, before the login', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({ autoJoin: true }, bodies);
    await settle();
    tp.identify('p-1');
    await settle();
    await tp.flush();
    expect(kinds(bodies)).toEqual(['players_join', 'players_login']);
  });
});

describe('sessions and consent', () => {
  it('no session while consent is pending; granting starts one and logs in', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({ consent: 'pending' }, bodies);
    await settle();
    expect(tp.session).toBeUndefined();
    tp.setConsent('granted');
    expect(tp.session).toMatchObject({ index: 1 });
    await settle();
    await tp.flush();
    expect(kinds(bodies)).toEqual(['players_login']);
  });

  it('withdrawing consent ends the session (consent); forget() ends it (forget) and the next one starts over', async () => {
    const tp = sessionClient({});
    const ends: SessionEndEvent[] = [];
    tp.on('session:end', (e) => void ends.push(e));
    await settle();
    const first = tp.session!;
    tp.setConsent('pending');
    expect(ends).toEqual([{ session: first, reason: 'consent' }]);
    expect(tp.session).toBeUndefined();
    tp.setConsent('granted');
    await settle();
    await tp.forget();
    expect(ends.map((e) => e.reason)).toEqual(['consent', 'forget']);
    tp.track('players_stages', { stage_slug: 's', stage_type_slug: 't', stage_status: 'start' } as never);
    await settle();
    expect(tp.session).toBeDefined();
  });
  it('consent granted again inside the session:end listener of its withdrawal: the session comes back', async () => {
    const tp = sessionClient({});
    await settle();
    const first = tp.session!;
    tp.on('session:end', () => tp.setConsent('granted'));
    tp.setConsent('pending');
    await settle();
    expect(tp.consent).toBe('granted');
    expect(tp.session).toEqual(first);
  });

  it('consent withdrawn and granted again (memory storage): the session carries on, announced again, with no second login', async () => {
    const bodies: Body[] = [];
    const tp = sessionClient({}, bodies);
    const starts: Session[] = [];
    const ends: SessionEndEvent[] = [];
    tp.on('session:start', (s) => void starts.push(s));
    tp.on('session:end', (e) => void ends.push(e));
    await settle();
    const first = tp.session!;
    tp.setConsent('pending');
    tp.setConsent('granted');
    await settle();
    expect(tp.session).toEqual(first);
    expect(starts).toEqual([first, first]); // told again: it had heard the session end
    expect(ends).toEqual([{ session: first, reason: 'consent' }]);
    await tp.flush();
    expect(kinds(bodies)).toEqual(['players_login']);
  });
});

it('refuses bad session options with a ConfigError naming them', () => {
  const base = memoryClientOptions(async () => okEnvelope([]));
  expect(() => createClient({ ...base, autoLogin: 'always' as never })).toThrow(ConfigError);
  expect(() => createClient({ ...base, autoLogin: 'always' as never })).toThrow(/autoLogin/);
  expect(() => createClient({ ...base, sessionTimeoutMs: 0 })).toThrow(/sessionTimeoutMs/);
  expect(() => createClient({ ...base, autoJoin: 'yes' as never })).toThrow(/autoJoin/);
});
