/**
 * fast-check arbitraries generated from the record catalog: valid records of any kind, and the
 * ways to break one.
 */
import fc from 'fast-check';
import { kindOf, MESSAGE_STATUSES, OBJECT_NAMES, type FieldType, type ObjectName } from '../../src/records/index.js';
import { MAX_UNIX_SECONDS, MIN_UNIX_SECONDS } from '../../src/records/catalog/values.js';

/** Text with ASCII, Korean, emoji, quotes, backslashes and line breaks; `max` counts UTF-16 units. */
export const text = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .string({ unit: fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('한', '글', 'é', '😀', '"', '\\', '\n', '<', '>')), minLength: min, maxLength: Math.floor(max / 2) })
    .filter((s) => s.length >= min && s.length <= max);

const part = text(1, 40).filter((s) => !s.includes('|'));

export const FIELD_ARBITRARIES: Record<FieldType, fc.Arbitrary<unknown>> = {
  slug: text(1, 64),
  text: text(0, 200),
  nullableText: fc.option(text(0, 200), { nil: null }),
  integer: fc.maxSafeInteger(),
  double: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  unixSeconds: fc.integer({ min: MIN_UNIX_SECONDS, max: MAX_UNIX_SECONDS }),
  region: fc.stringMatching(/^[A-Z]{2}$/),
  currency: fc.stringMatching(/^[A-Z]{3}$/),
  deviceInfo: fc.tuple(part, part, part).map((p) => p.join('||')),
  messageStatus: fc.constantFrom(...MESSAGE_STATUSES),
};

/** Valid records of `name`: every required field, any subset of the optional ones. */
export function recordOf(name: ObjectName): fc.Arbitrary<Record<string, unknown>> {
  const spec = kindOf(name);
  const required = { player_slug: 'slug', event_timestamp: 'unixSeconds', ...spec.required } as Record<string, FieldType>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [field, type] of Object.entries({ ...required, ...spec.optional })) model[field] = FIELD_ARBITRARIES[type as FieldType];
  return fc.record(model, { requiredKeys: Object.keys(required) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A kind and a valid record of it. */
export const anyRecord = fc.constantFrom(...OBJECT_NAMES).chain((name) => recordOf(name).map((record) => ({ name, record })));

/** A value that no field type accepts where `type` is expected. */
export function wrongValueFor(type: FieldType): fc.Arbitrary<unknown> {
  const common = fc.constantFrom<unknown>({}, [], { nested: true });
  switch (type) {
    case 'integer':
      return fc.oneof(common, fc.constant('1'), fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.constant(Number.MAX_SAFE_INTEGER + 2));
    case 'unixSeconds':
      return fc.oneof(common, fc.integer({ min: 1_000_000_000_000, max: 4_000_000_000_000 }), fc.integer({ min: -1000, max: 1000 }));
    case 'double':
      return fc.oneof(common, fc.constant('1.5'), fc.constant(Infinity), fc.constant(NaN));
    case 'boolean':
      return fc.oneof(common, fc.constant(1), fc.constant('true'));
    case 'region':
      return fc.oneof(common, fc.constantFrom('kr', 'KOR', 'K1', ''));
    case 'currency':
      return fc.oneof(common, fc.constantFrom('usd', 'US', 'USDT', '1SD'));
    case 'deviceInfo':
      return fc.oneof(common, fc.constantFrom('Android 14', 'a||b', 'a|||b||c', '||b||c'));
    case 'messageStatus':
      return fc.oneof(common, fc.constantFrom('clicked', 'IMPRESS', ''));
    case 'slug':
      return fc.oneof(common, fc.constant(''), fc.constant('x'.repeat(257)), fc.constant(7));
    case 'nullableText':
      return fc.oneof(common, fc.constant(5), fc.constant('x'.repeat(1025)));
    default:
      return fc.oneof(common, fc.constant(5), fc.constant('x'.repeat(1025)));
  }
}
