/**
 * `track()` with hostile values, in happy-dom: getters and Proxy traps that throw, revoked
 * Proxies, odd prototypes, symbols, BigInt, cycles, huge values. Each call returns without
 * throwing: `false` with an `invalid` event (a `ValidationError` with a reason), or `true` with a
 * record of the game's own fields only. With `invalidRecords: 'throw'` the game gets the same
 * `ValidationError`, never a raw `TypeError`.
 */
import { describe, expect, it } from 'vitest';
import { createClient, isTpError, ValidationError, type ClientOptions, type TpClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

type Body = Record<string, Array<Record<string, unknown>>>;

function client(options: Partial<ClientOptions> = {}, bodies: Body[] = []): TpClient {
  return createClient({
    ...memoryClientOptions(async (_url, init) => {
      if (init?.body) bodies.push(JSON.parse(String(init.body)) as Body);
      return okEnvelope({});
    }),
    compression: 'none',
    ...options,
  });
}

const boom = (): never => {
  throw new TypeError('hostile');
};
/** A valid characters_stages record, with `extra` laid over it. */
type Stage = { character_slug: string; stage_slug: string; [field: string]: unknown };
const stage = (extra: object = {}): Stage => ({ character_slug: 'knight', stage_slug: 's-1', ...extra });
const throwingTraps = (trap: keyof ProxyHandler<object>): object => new Proxy(stage(), { [trap]: boom });
const revoked = (target: object = stage()): object => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};
const cyclic = (): object => {
  const r = stage();
  r.self = r;
  return r;
};
const cyclicList = (): object => {
  const list: unknown[] = ['a'];
  list.push(list);
  return stage({ party: list });
};

/** Values `track()` must refuse: false, with an `invalid` event. */
const REFUSED: ReadonlyArray<[string, () => unknown]> = [
  ['a getter that throws', () => Object.defineProperty(stage(), 'stage_slug', { enumerable: true, get: boom })],
  ['a getter that throws, on a nested list item', () => stage({ party: Object.defineProperty(['a'], 0, { enumerable: true, get: boom }) })],
  ['a Proxy whose get trap throws', () => throwingTraps('get')],
  ['a Proxy whose ownKeys trap throws', () => throwingTraps('ownKeys')],
  ['a Proxy whose getOwnPropertyDescriptor trap throws', () => throwingTraps('getOwnPropertyDescriptor')],
  ['a revoked Proxy', () => revoked()],
  ['a revoked Proxy as a field', () => stage({ party: revoked(['a']) })],
  ['a Proxy list whose get trap throws, as a field', () => stage({ party: new Proxy(['a'], { get: boom }) })],
  ['a symbol as a field value', () => stage({ mood: Symbol('x') })],
  ['a BigInt as a field value', () => stage({ score: 10n })],
  ['a toJSON that throws', () => stage({ toJSON: boom })],
  ['an object with a throwing toJSON as a field', () => stage({ extra: { toJSON: boom } })],
  ['a cyclic record', cyclic],
  ['a cyclic list as a field', cyclicList],
  ['a huge string (8 MiB)', () => stage({ note: 'x'.repeat(8 * 1024 * 1024) })],
  ['a huge list (1,000,000 items)', () => stage({ party: Array.from({ length: 1_000_000 }, () => 'a') })],
  ['a function as a field', () => stage({ then: () => undefined })],
  ['a Date as a field', () => stage({ when: new Date(0) })],
  ['NaN as a field', () => stage({ score: Number.NaN })],
  ['a string instead of a record', () => 'stage'],
  ['null instead of a record', () => null],
  ['undefined instead of a record', () => undefined],
  ['a list instead of a record', () => [stage()]],
  ['a function instead of a record', () => boom],
  ['a Map instead of a record', () => new Map(Object.entries(stage()))],
  ['a required field only inherited (Object.create)', () => Object.create({ stage_slug: 's-1' }, { character_slug: { value: 'knight', enumerable: true } })],
];

/** Values `track()` keeps: true, and exactly the game's own enumerable string-keyed fields. */
const KEPT: ReadonlyArray<[string, () => unknown, Record<string, unknown>]> = [
  ['a null-prototype record', () => Object.assign(Object.create(null), stage()), stage()],
  ['inherited enumerable fields (Object.create) are left out', () => Object.assign(Object.create({ cheat: 1, stage_slug: 'other' }), stage()), stage()],
  ['a class instance: its prototype getters are left out', () => Object.assign(new (class { get cheat(): number { return 1; } })(), stage()), stage()],
  ['symbol-keyed fields are left out', () => ({ ...stage(), [Symbol('secret')]: 'x' }), stage()],
  ['non-enumerable fields are left out', () => Object.defineProperty(stage(), 'hidden', { value: 'x', enumerable: false }), stage()],
  ['a frozen record', () => Object.freeze(stage()), stage()],
  ['a harmless Proxy', () => new Proxy(stage(), {}), stage()],
  // The copy reads own keys and values only: these traps are never asked.
  ['a Proxy whose has trap throws', () => throwingTraps('has'), stage()],
  ['a Proxy whose getPrototypeOf trap throws', () => throwingTraps('getPrototypeOf'), stage()],
  ['a Proxy list whose ownKeys trap throws, as a field', () => stage({ party: new Proxy(['a'], { ownKeys: boom }) }), stage({ party: ['a'] })],
  ['a Proxy whose set and defineProperty traps throw', () => new Proxy(stage(), { set: boom, defineProperty: boom }), stage()],
];

describe('track() with hostile values', () => {
  it.each(REFUSED)('%s: false, with an invalid event', (_label, make) => {
    const tp = client();
    const invalid: unknown[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    let result: unknown;
    expect(() => (result = tp.track('characters_stages', make() as never))).not.toThrow();
    expect(result).toBe(false);
    expect(invalid).toHaveLength(1);
    const error = invalid[0] as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.objectName).toBe('characters_stages');
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.message).toMatch(/^Invalid characters_stages record: /);
    expect(tp.stats().invalid).toBe(1);
  });

  it.each(REFUSED)('%s, with invalidRecords: throw: a ValidationError', (_label, make) => {
    const tp = client({ invalidRecords: 'throw' });
    let thrown: unknown;
    try {
      tp.track('characters_stages', make() as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(isTpError(thrown, 'validation')).toBe(true);
  });

  it.each(KEPT)('%s: kept, the own fields only', async (_label, make, expected) => {
    const bodies: Body[] = [];
    const tp = client({}, bodies);
    const invalid: unknown[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    expect(tp.track('characters_stages', make() as never)).toBe(true);
    await tp.flush();
    expect(invalid).toEqual([]);
    const { player_slug, event_timestamp, ...fields } = bodies[0]!.characters_stages![0]!;
    expect([player_slug, typeof event_timestamp]).toEqual(['p-1', 'number']);
    expect(fields).toEqual(expected);
    await tp.shutdown();
  });

  it('a throwing getter reads as a clear reason: the record could not be read', () => {
    const tp = client();
    const invalid: ValidationError[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    tp.track('characters_stages', throwingTraps('ownKeys') as never);
    expect(invalid[0]!.issues).toEqual([{ path: '', code: 'unreadable', message: expect.stringMatching(/could not be read.*TypeError: hostile/) }]);
  });

  it('before identify(): a getter on player_slug that throws is refused, not thrown', () => {
    const tp = client({ playerSlug: undefined });
    const invalid: unknown[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    const record = Object.defineProperty(stage(), 'player_slug', { enumerable: true, get: boom });
    expect(tp.track('characters_stages', record as never)).toBe(false);
    expect(tp.track('characters_stages', revoked() as never)).toBe(false);
    expect(invalid).toHaveLength(2);
  });

  it('a beforeSend hook returning a hostile value: refused, and inherited fields of its answer are left out', async () => {
    const bodies: Body[] = [];
    let answer: (record: Record<string, unknown>) => unknown = () => revoked();
    const tp = client({ beforeSend: (_name, record) => answer(record) as never }, bodies);
    const invalid: unknown[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    expect(tp.track('characters_stages', stage() as never)).toBe(false);
    // A required field the answer only inherits is missing.
    answer = ({ stage_slug, ...rest }: Record<string, unknown>) => Object.assign(Object.create({ stage_slug }), rest);
    expect(tp.track('characters_stages', stage() as never)).toBe(false);
    answer = (record) => Object.assign(Object.create({ cheat: 1, extra: 'x' }), record);
    expect(tp.track('characters_stages', stage() as never)).toBe(true);
    await tp.flush();
    expect(invalid).toHaveLength(2);
    expect(bodies[0]!.characters_stages![0]).not.toHaveProperty('cheat');
    expect(bodies[0]!.characters_stages![0]).not.toHaveProperty('extra');
    await tp.shutdown();
  });

  it('a hostile object name: false with an invalid event', () => {
    const tp = client();
    const invalid: unknown[] = [];
    tp.on('invalid', (e) => void invalid.push(e));
    const name = { toString: boom };
    expect(() => tp.track(name as never, stage() as never)).not.toThrow();
    expect(tp.track(revoked() as never, stage() as never)).toBe(false);
    expect(invalid).toHaveLength(2);
  });
});
