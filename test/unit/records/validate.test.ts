import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OBJECT_GROUPS, OBJECT_NAMES, enrichRecord, jsonBytes, validateRecord } from '../../../src/records/index.js';
import * as spec from '../../fixtures/spec-samples.js';
import { PROPERTY_TIME_LIMIT_MS } from '../../support/time-limits.js';

describe('object names', () => {
  it('lists the 43 names of the spec, in its 11 groups, each once', () => {
    expect(OBJECT_NAMES).toHaveLength(43);
    expect(new Set(OBJECT_NAMES).size).toBe(43);
    expect(Object.keys(OBJECT_GROUPS)).toHaveLength(11);
  });
});

describe('validateRecord on the spec shapes', () => {
  it.each([
    ['players_join', spec.playersJoin],
    ['players_login', spec.playersLogin],
    ['characters_purchases', spec.charactersPurchases],
    ['players_characters_get', spec.playersCharactersGet],
    ['players_offers', spec.playersOffers],
  ] as const)('accepts %s', (name, record) => {
    const result = validateRecord(name, record);
    expect(result).toEqual({ ok: true, record, bytes: expect.any(Number) });
  });

  it('accepts the fields a kind defines, and extra scalar fields on kinds the spec does not detail', () => {
    const record = { player_slug: 'p-1', character_slug: 'c-1', stage_slug: 's1', event_timestamp: spec.NOW_S, difficulty: 'hard', tags: ['a', 1] };
    expect(validateRecord('characters_stages', record)).toEqual({ ok: true, record, bytes: JSON.stringify(record).length });
  });
});

describe('validateRecord rejects with the field path and the reason', () => {
  const issuesOf = (name: Parameters<typeof validateRecord>[0], record: unknown) => {
    const result = validateRecord(name, record);
    if (result.ok) throw new Error('expected a failure');
    expect(result.error.name).toBe('ValidationError');
    expect(result.error.objectName).toBe(name);
    return result.error.issues;
  };

  it('a string where a number belongs', () => {
    expect(issuesOf('characters_purchases', { ...spec.charactersPurchases, purchase_quantity: '1' })).toEqual([
      { path: 'purchase_quantity', message: 'expected a finite number, got string', code: 'invalid_type' },
    ]);
  });

  it('says what it got instead: NaN, Infinity, null, a list, an object', () => {
    const messages = [NaN, Infinity, null, [1], new Date(0)].map(
      (price) => issuesOf('characters_purchases', { ...spec.charactersPurchases, purchase_unit_price: price })[0]!.message,
    );
    expect(messages).toEqual(['got NaN', 'got Infinity', 'got null', 'got array', 'got object'].map((got) => `expected a finite number, ${got}`));
  });

  it('a missing required field', () => {
    const { device_unique_id: _, ...rest } = spec.playersJoin;
    expect(issuesOf('players_join', rest)[0]).toMatchObject({ path: 'device_unique_id', message: 'required (string)' });
  });

  it('a millisecond timestamp, saying so', () => {
    const [issue] = issuesOf('players_offers', { ...spec.playersOffers, event_timestamp: spec.NOW_MS });
    expect(issue).toMatchObject({ path: 'event_timestamp' });
    expect(issue!.message).toMatch(/milliseconds/);
  });

  it('a non-integer offer_id and an unknown message_status', () => {
    const issues = issuesOf('players_offers', { ...spec.playersOffers, offer_id: 1.5, message_status: 'clicked' });
    expect(issues.map((i) => i.path)).toEqual(['offer_id', 'message_status']);
    expect(issues[1]!.message).toBe('must be one of impress, open, dismiss, interact');
  });

  it('an unknown field of a spec-typed kind (a typo)', () => {
    expect(issuesOf('players_login', { ...spec.playersLogin, sdk_versoin: '2021.4' })[0]).toMatchObject({
      path: '',
      code: 'unrecognized_keys',
      message: 'unknown field(s) sdk_versoin',
    });
  });

  it('codes that are not ISO codes', () => {
    expect(issuesOf('players_join', { ...spec.playersJoin, region: 'kor' })[0]!.path).toBe('region');
    expect(issuesOf('characters_purchases', { ...spec.charactersPurchases, purchase_currency_code: 'usd' })[0]!.path).toBe(
      'purchase_currency_code',
    );
  });

  it('an unknown object name', () => {
    expect(issuesOf('players_joins' as never, spec.playersJoin)[0]!.message).toMatch(/not one of the 43/);
  });
});

describe('enrichRecord', () => {
  const ctx = {
    playerSlug: 'p-9',
    eventTimestamp: spec.NOW_S,
    deviceUniqueId: 'dev-9',
    deviceInfo: 'Android 14||Pixel 7||phone',
    region: 'KR',
    isTpDebugMode: 0 as const,
    appVersion: null,
  };

  it('fills player, time, device fields and sdk_version for a login, and the result is valid', () => {
    const record = enrichRecord('players_login', {}, ctx);
    expect(record).toEqual({
      player_slug: 'p-9',
      event_timestamp: spec.NOW_S,
      device_unique_id: 'dev-9',
      device_info: 'Android 14||Pixel 7||phone',
      region: 'KR',
      is_tp_debug_mode: 0,
      sdk_version: '2021.4',
      app_version: null,
    });
    expect(validateRecord('players_login', record).ok).toBe(true);
  });

  it('never overwrites what the game set', () => {
    expect(enrichRecord('players_offers', { player_slug: 'other', event_timestamp: 5 }, ctx)).toMatchObject({
      player_slug: 'other',
      event_timestamp: 5,
    });
  });

  it('fills a field the game set to undefined, and copies only the game’s own fields', () => {
    const input = Object.assign(Object.create({ inherited: 1 }), { player_slug: undefined, offer_id: 4 });
    expect(enrichRecord('players_offers', input, ctx)).toEqual({ player_slug: 'p-9', event_timestamp: spec.NOW_S, offer_id: 4 });
  });

  it('adds no device fields to other kinds', () => {
    expect(Object.keys(enrichRecord('characters_purchases', {}, ctx) as object).sort()).toEqual(['event_timestamp', 'player_slug']);
  });
});

describe('jsonBytes', () => {
  const utf8Json = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

  it('is the UTF-8 length of JSON.stringify', () => {
    for (const value of [{}, [], { a: 1 }, [1, 'b', null, true], { k: '황금 검 😀', list: [1.5, -2, false], nested: { x: 'é' } }]) {
      expect(jsonBytes(value)).toBe(utf8Json(value));
    }
  });

  it('counts escapes as JSON.stringify writes them: quotes, backslashes, control characters, lone surrogates', () => {
    for (const value of ['"\\', '\n\t\r\b\f', '\u0001\u001f', '\ud800', 'a\udc00b', '😀\ud83d', { 'k"\u0002': 'v\\' }]) {
      expect(jsonBytes(value)).toBe(utf8Json(value));
    }
  });

  it('is the UTF-8 length of JSON.stringify for any JSON value (property)', () => {
    fc.assert(fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => jsonBytes(value) === utf8Json(value)), { numRuns: 2000 });
  }, PROPERTY_TIME_LIMIT_MS);
});
