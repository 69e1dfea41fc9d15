/**
 * Every kind of the catalog, checked by property: valid records generated from its own field types
 * validate unchanged; each kind of break is rejected at the field that was broken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KIND_ABOUT } from '../../../src/records/catalog/about.js';
import { kindOf, OBJECT_GROUPS, OBJECT_NAMES, validateRecord, type FieldType } from '../../../src/records/index.js';
import { anyRecord, recordOf, wrongValueFor } from '../../support/arbitraries.js';
import { PROPERTY_TIME_LIMIT_MS } from '../../support/time-limits.js';

describe('the catalog', () => {
  it('has the 43 object names of the spec, each with a kind, a schema and a line of reference', () => {
    expect(OBJECT_NAMES).toHaveLength(43);
    expect(Object.keys(KIND_ABOUT).sort()).toEqual([...OBJECT_NAMES].sort());
    expect(OBJECT_GROUPS.get).toContain('players_characters_get');
    for (const name of OBJECT_NAMES) expect(['spec', 'spec-shape', 'sdk']).toContain(kindOf(name).source);
  });

  it('types the spec’s five detailed kinds from the spec', () => {
    const fromSpec = OBJECT_NAMES.filter((n) => kindOf(n).source !== 'sdk');
    expect(fromSpec).toEqual(['players_join', 'players_login', 'characters_purchases', 'players_offers', 'players_characters_get']);
  });
});

describe('records generated from each kind’s fields', () => {
  it('validate, and come out unchanged', () => {
    fc.assert(
      fc.property(anyRecord, ({ name, record }) => {
        const result = validateRecord(name, record);
        expect(result).toEqual({ ok: true, record, bytes: expect.any(Number) });
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIME_LIMIT_MS);

  it('a broken field is rejected at that field’s path', () => {
    const broken = fc.constantFrom(...OBJECT_NAMES).chain((name) => {
      const spec = kindOf(name);
      const fields = Object.entries({ player_slug: 'slug', event_timestamp: 'unixSeconds', ...spec.required, ...spec.optional }) as Array<[string, FieldType]>;
      return fc.tuple(fc.constant(name), recordOf(name), fc.constantFrom(...fields)).chain(([n, record, [field, type]]) =>
        wrongValueFor(type).map((bad) => ({ name: n, record: { ...record, [field]: bad }, field })),
      );
    });
    fc.assert(
      fc.property(broken, ({ name, record, field }) => {
        const result = validateRecord(name, record);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.issues.map((i) => i.path)).toContain(field);
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIME_LIMIT_MS);

  it('a missing required field is rejected as required', () => {
    fc.assert(
      fc.property(anyRecord, ({ name, record }) => {
        const required = ['player_slug', 'event_timestamp', ...Object.keys(kindOf(name).required)];
        const field = required[record.event_timestamp as number % required.length]!;
        const { [field]: _, ...rest } = record;
        const result = validateRecord(name, rest);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.issues).toContainEqual(expect.objectContaining({ path: field, message: expect.stringMatching(/^required/) }));
      }),
      { numRuns: 1000 },
    );
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('fields a kind does not define', () => {
  const stage = { player_slug: 'p', character_slug: 'c', stage_slug: 's', event_timestamp: 1_767_225_600 };

  it('open kinds take scalars and short lists of scalars', () => {
    expect(validateRecord('characters_stages', { ...stage, difficulty: 'hard', retries: 2, boss: true, note: null, tags: ['a', 1] }).ok).toBe(true);
  });

  it('open kinds refuse objects, long lists and long strings, naming the field', () => {
    for (const [field, value] of [['nested', { a: 1 }], ['list', Array(101).fill(1)], ['long', 'x'.repeat(1025)], ['deep', [[1]]]] as const) {
      const result = validateRecord('characters_stages', { ...stage, [field]: value });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.issues[0]).toMatchObject({ path: field, message: expect.stringMatching(/extra field/) });
    }
  });

  it('kinds typed from the spec’s tables refuse them (a typo)', () => {
    const result = validateRecord('players_offers', { player_slug: 'p', offer_id: 1, message_status: 'open', event_timestamp: 1_767_225_600, offerid: 1 });
    expect(result.ok).toBe(false);
  });
});

describe('size', () => {
  const stage = { player_slug: 'p', character_slug: 'c', stage_slug: 's', event_timestamp: 1_767_225_600 };

  it('a record larger than maxRecordBytes is rejected; UTF-8 is counted in bytes', () => {
    const extras = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, '한'.repeat(300)]));
    const record = { ...stage, ...extras };
    expect(validateRecord('characters_stages', record).ok).toBe(false); // 20 × 900 bytes > 16 KiB
    expect(validateRecord('characters_stages', record, 64_000).ok).toBe(true);
    const small = validateRecord('characters_stages', stage, 60);
    expect(small.ok).toBe(false);
    if (!small.ok) expect(small.error.issues[0]!.message).toMatch(/larger than 60 bytes/);
  });
});
