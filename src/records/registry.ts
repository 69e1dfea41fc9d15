/**
 * Object name → schema, built from the catalog, and the record types derived from it.
 *
 * @module
 */
import * as z from 'zod/mini';
import {
  BASE_FIELDS,
  CATALOG,
  FIELD_SCHEMAS,
  extraValue,
  type FieldSchema,
  type FieldType,
  type KindSpec,
  type Kinds,
} from './catalog/index.js';
import type { MisdeclaredKind, WithDeclaredFields } from './fields.js';
import type { ObjectName } from './object-names.js';

type Shape<S extends KindSpec> = {
  -readonly [K in keyof typeof BASE_FIELDS]: FieldSchema<(typeof BASE_FIELDS)[K]>;
} & {
  -readonly [K in keyof S['required']]: S['required'][K] extends FieldType ? FieldSchema<S['required'][K]> : never;
} & {
  -readonly [K in keyof S['optional']]: S['optional'][K] extends FieldType ? z.ZodMiniOptional<FieldSchema<S['optional'][K]>> : never;
};

/** The schema of one kind: closed for the spec's tables, open (to {@link ExtraValue}s) otherwise. */
type SchemaOfKind<S extends KindSpec> = S['source'] extends 'spec'
  ? z.ZodMiniObject<Shape<S>, z.core.$strict>
  : z.ZodMiniObject<Shape<S>, z.core.$catchall<ReturnType<typeof extraValue>>>;

/** The schema of every object name. */
export type RecordSchemas = { [K in ObjectName]: SchemaOfKind<Kinds[K]> };

/**
 * A complete record of kind `K`, as it is uploaded; for a kind your game declared in
 * `RecordFields`, with the declared fields instead of any other.
 */
export type RecordOf<K extends ObjectName> = WithDeclaredFields<K, z.output<RecordSchemas[K]>>;

/** The fields the SDK fills in when the game leaves them out (see `track`). */
export type EnrichedField =
  | 'player_slug'
  | 'event_timestamp'
  | 'device_unique_id'
  | 'device_info'
  | 'region'
  | 'is_tp_debug_mode'
  | 'sdk_version'
  | 'app_version';

type Input<K extends ObjectName> = WithDeclaredFields<K, z.input<RecordSchemas[K]>>;

/**
 * What `track(K, record)` accepts: the record of kind `K` with the {@link EnrichedField}s optional.
 * An open kind takes any other field ({@link ExtraValue}), unless your game declared its fields in
 * `RecordFields`: then only those. While `RecordFields` names a kind that is not open, this is an
 * object with a property that names it, so that every `track()` call is a compile error.
 */
export type RecordInput<K extends ObjectName> = [MisdeclaredKind] extends [never]
  ? {
      [P in keyof Input<K> as P extends EnrichedField ? never : P]: Input<K>[P];
    } & {
      [P in keyof Input<K> as P extends EnrichedField ? P : never]?: Input<K>[P];
    }
  : { readonly [P in MisdeclaredKind as `RecordFields names ${P & string}, not an open kind`]: never };

const KINDS: Readonly<Record<string, KindSpec>> = Object.assign({}, ...Object.values(CATALOG));
const built = new Map<string, z.ZodMiniType>();

/** The catalog entry of `name`. */
export function kindOf(name: ObjectName): KindSpec {
  return KINDS[name]!;
}

/** The schema of `name`, built on first use (building all 43 up front would slow start-up). */
export function schemaOf<K extends ObjectName>(name: K): RecordSchemas[K] {
  let schema = built.get(name);
  if (!schema) {
    schema = buildSchema(KINDS[name]!);
    built.set(name, schema);
  }
  return schema as RecordSchemas[K];
}

function buildSchema(spec: KindSpec): z.ZodMiniType {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [field, type] of Object.entries({ ...BASE_FIELDS, ...spec.required })) shape[field] = FIELD_SCHEMAS[type]();
  for (const [field, type] of Object.entries(spec.optional)) shape[field] = z.optional(FIELD_SCHEMAS[type]());
  return spec.source === 'spec' ? z.strictObject(shape) : z.catchall(z.object(shape), extraValue());
}
