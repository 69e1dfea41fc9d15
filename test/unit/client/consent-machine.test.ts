/**
 * The consent table (src/client/consent-machine.ts): every row of consent-rows.ts checked, the
 * rows are the whole table (every state a client can reach × every event, once), the table in
 * the source is total, and the rules the driver (consent.ts) relies on hold in every row. Last,
 * the driver through a client, in the one state the other consent tests do not reach.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSENT_TRANSITIONS,
  consentMove,
  consentOf,
  consentStart,
  IGNORED,
  type ConsentMachineEvent,
  type ConsentMachineState,
  type StorageState,
} from '../../../src/client/consent-machine.js';
import { createClient, type ConsentState, type DroppedEvent } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';
import { CONSENT_ROWS } from './consent-rows.js';

/** Every event and every storage state: the compiler refuses a list with one left out. */
const EVENTS = Object.keys({
  granted: 0, pending: 0, denied: 0, forget: 0, track: 0, use: 0, retired: 0, erased: 0, 'erased-holding': 0, 'others-erase': 0, shutdown: 0,
} satisfies Record<ConsentMachineEvent, 0>) as ConsentMachineEvent[];
const STORAGE = Object.keys({ closed: 0, open: 0, retiring: 0, erasing: 0, 'retiring+erasing': 0, shut: 0 } satisfies Record<StorageState, 0>) as StorageState[];
const CONSENTS: ConsentState[] = ['granted', 'pending', 'denied'];
const isConsent = (event: ConsentMachineEvent): event is ConsentState => (CONSENTS as string[]).includes(event);

describe('the consent table', () => {
  it.each(CONSENT_ROWS)('%s, on %s → %s %j', (state, event, next, effects) => {
    const move = consentMove(state, event);
    if (next === IGNORED) expect(move).toBeUndefined();
    else expect(move).toEqual({ state: next, effects });
  });

  it.each([
    ['granted', 'granted/open', ['open']],
    ['pending', 'pending/closed', []],
    ['denied', 'denied/erasing', ['erase']],
  ] as const)('a client starting %s is %s, running %j', (consent, state, effects) => {
    expect(consentStart(consent)).toEqual({ state, effects });
  });

  it('the rows are the whole table: every state reachable from a start × every event, once', () => {
    const reachable = new Set<ConsentMachineState>(CONSENTS.map((c) => consentStart(c).state));
    for (const state of reachable) {
      for (const event of EVENTS) {
        const move = consentMove(state, event);
        if (move) reachable.add(move.state);
      }
    }
    const listed = CONSENT_ROWS.map(([state, event]) => `${state} ${event}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...reachable].flatMap((state) => EVENTS.map((event) => `${state} ${event}`)).sort());
    expect(reachable.size).toBe(16);
  });

  it('is total in the source: every storage state × every event is a move, a move by consent, or IGNORED', () => {
    const cell = (c: unknown): boolean => c === IGNORED || (Array.isArray(c) && STORAGE.includes(c[0] as StorageState));
    expect(Object.keys(CONSENT_TRANSITIONS).sort()).toEqual([...STORAGE].sort());
    for (const storage of STORAGE) {
      expect(Object.keys(CONSENT_TRANSITIONS[storage]).sort(), storage).toEqual([...EVENTS].sort());
      for (const event of EVENTS) {
        const c = CONSENT_TRANSITIONS[storage][event];
        expect(cell(c) || (typeof c === 'object' && 'otherwise' in c && cell(c.granted) && cell(c.otherwise)), `${storage} ${event}`).toBe(true);
      }
    }
  });
});

describe('what the driver relies on, in every row', () => {
  const moves = CONSENT_ROWS.filter((row) => row[2] !== IGNORED) as Array<readonly [ConsentMachineState, ConsentMachineEvent, ConsentMachineState, readonly string[]]>;
  const storageOf = (state: ConsentMachineState): string => state.slice(state.indexOf('/') + 1);

  it('a record is queued or held on track, and only there (the one event that carries one)', () => {
    for (const [state, event, , effects] of moves) {
      const takes = effects.filter((e) => e === 'queue' || e === 'hold').length;
      expect(takes, `${state} ${event}`).toBe(event === 'track' ? 1 : 0);
    }
    expect(CONSENT_ROWS.filter(([, event, next]) => event === 'track' && next === IGNORED)).toEqual([]);
  });

  it('forget() erases in every state (its promise is the erasing)', () => {
    for (const [state, event, next, effects] of CONSENT_ROWS.filter(([, event]) => event === 'forget')) {
      expect(next, state).not.toBe(IGNORED);
      expect(effects, `${state} ${event}`).toContain('forget');
    }
  });

  it('setConsent moves the consent to the state set and announces it; the same state again, or after shutdown, does nothing', () => {
    for (const [state, event, next, effects] of CONSENT_ROWS.filter(([, event]) => isConsent(event))) {
      if (event === consentOf(state) || storageOf(state) === 'shut') expect(next, `${state} ${event}`).toBe(IGNORED);
      else {
        expect(consentOf(next as ConsentMachineState), `${state} ${event}`).toBe(event);
        expect(effects.at(-1), `${state} ${event}`).toBe('announce');
      }
    }
    for (const [state, event, next] of moves.filter(([, event]) => !isConsent(event))) expect(consentOf(next), `${state} ${event}`).toBe(consentOf(state));
  });

  it('the half opens only with consent, and a move into open from elsewhere opens it', () => {
    for (const [state, event, next, effects] of moves) {
      if (effects.includes('open')) expect(next, `${state} ${event}`).toBe('granted/open');
      if (next === 'granted/open' && state !== 'granted/open') expect(effects[0], `${state} ${event}`).toBe('open');
    }
  });

  it('a half is let go by a move out of open (retire keeps its data; an erasing lets it go)', () => {
    for (const [state, event, next, effects] of moves.filter(([state]) => state === 'granted/open')) {
      if (next === 'granted/open') continue;
      expect(effects.some((e) => ['retire', 'erase', 'forget', 'let-go', 'shut-down'].includes(e)), `${state} ${event}`).toBe(true);
    }
  });

  it('an erasing, once begun, is ended only by erased (or outlived by shutdown)', () => {
    const erasing = (s: string): boolean => s.endsWith('erasing');
    for (const [state, event, next, effects] of moves) {
      if (effects.some((e) => e === 'erase' || e === 'forget' || e === 'let-go') && storageOf(state) !== 'shut') expect(erasing(next), `${state} ${event}`).toBe(true);
      if (erasing(state) && !erasing(next)) expect(['erased', 'erased-holding', 'shutdown'], `${state} ${event}`).toContain(event);
    }
  });

  it('a retiring ends only on retired (or is outlived by shutdown)', () => {
    for (const [state, event, next] of moves) {
      const retiring = (s: string): boolean => s.includes('retiring');
      if (retiring(state) && !retiring(next)) expect(['retired', 'shutdown'], `${state} ${event}`).toContain(event);
    }
  });
});

describe('the driver', () => {
  afterEach(() => localStorage.clear());

  it('forget() while the half retires to pending, then granted (retiring+erasing): a record tracked meanwhile arrives once both have ended', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const tp = createClient({
      ...memoryClientOptions(async (_url, init) => {
        if (init?.body) sent.push(...((JSON.parse(String(init.body)) as Record<string, Array<Record<string, unknown>>>).players_login ?? []));
        return okEnvelope([]);
      }),
      compression: 'none',
    });
    const dropped: DroppedEvent[] = [];
    tp.on('dropped', (e) => void dropped.push(e));
    tp.setConsent('pending');
    const forgetting = tp.forget();
    tp.setConsent('granted');
    expect(tp.track('players_login', { app_version: 'meanwhile' })).toBe(true);
    expect(tp.stats()).toMatchObject({ held: 1, storage: 'none' });
    await forgetting;
    await tp.flush();
    expect(sent.map((r) => r.app_version)).toEqual(['meanwhile']);
    expect(sent[0]!.device_unique_id).toBe(localStorage.getItem('tp-web-sdk:default:device-id'));
    expect(dropped).toEqual([]);
    await tp.shutdown();
  });
});
