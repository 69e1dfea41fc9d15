/**
 * How the catalog describes one upload object kind.
 *
 * @module
 */
import type { FieldType } from './field-types.js';

/**
 * Where a kind's fields come from:
 * - `spec`: the spec's field table; no other field is accepted (a typo is an error);
 * - `spec-shape`: the fields of the spec's shape, open to more ("only the fields of the shape");
 * - `sdk`: the spec shows no fields; tp-web-sdk defines the ones a game obviously sends, following
 *   the spec's naming, open to more.
 */
export type KindSource = 'spec' | 'spec-shape' | 'sdk';

/** One kind: every kind also has `player_slug` (slug) and `event_timestamp` (Unix seconds), required. */
export interface KindSpec {
  readonly source: KindSource;
  readonly required: Readonly<Record<string, FieldType>>;
  readonly optional: Readonly<Record<string, FieldType>>;
}

/** The fields every record has. */
export const BASE_FIELDS = { player_slug: 'slug', event_timestamp: 'unixSeconds' } as const satisfies Record<string, FieldType>;

/** `character_slug`, for the `characters_*` kinds. */
export const CHARACTER = { character_slug: 'slug' } as const satisfies Record<string, FieldType>;

/**
 * What caused an event (a quest, a stage, a shop, a mail…): the spec's `players_characters_get`
 * carries `reference_entity`, `reference_category_slug` and `reference_slug` (`join`, `JOIN`,
 * `JOIN` for the record made at join). Optional on the kinds that move currencies and items.
 */
export const REFERENCE = {
  reference_entity: 'text',
  reference_category_slug: 'text',
  reference_slug: 'text',
} as const satisfies Record<string, FieldType>;
