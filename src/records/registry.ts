/**
 * Object name → schema, and the record types derived from it.
 *
 * @module
 */
import type * as z from 'zod/mini';
import { OBJECT_NAMES, type ObjectName } from './object-names.js';
import { charactersPurchases, playersJoin, playersLogin } from './schemas/basic.js';
import { genericRecord } from './schemas/generic.js';
import { playersCharactersGet } from './schemas/get.js';
import { playersOffers } from './schemas/offer-reactions.js';

const TYPED = {
  players_join: playersJoin,
  players_login: playersLogin,
  characters_purchases: charactersPurchases,
  players_offers: playersOffers,
  players_characters_get: playersCharactersGet,
} as const;

type TypedName = keyof typeof TYPED;

/** The schema of every object name. */
export type RecordSchemas = typeof TYPED & { readonly [K in Exclude<ObjectName, TypedName>]: typeof genericRecord };

/** A complete record of kind `K`, as it is uploaded. */
export type RecordOf<K extends ObjectName> = z.output<RecordSchemas[K]>;

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

type Input<K extends ObjectName> = z.input<RecordSchemas[K]>;

/**
 * What `track(K, record)` accepts: the record of kind `K` with the {@link EnrichedField}s optional.
 */
export type RecordInput<K extends ObjectName> = {
  [P in keyof Input<K> as P extends EnrichedField ? never : P]: Input<K>[P];
} & {
  [P in keyof Input<K> as P extends EnrichedField ? P : never]?: Input<K>[P];
};

const SCHEMAS: Record<string, z.ZodMiniType> = Object.fromEntries(
  OBJECT_NAMES.map((name) => [name, (TYPED as Record<string, z.ZodMiniType>)[name] ?? genericRecord]),
);

/** The schema of `name`. */
export function schemaOf(name: ObjectName): z.ZodMiniType {
  return SCHEMAS[name]!;
}
