/**
 * The field types of the record catalog: each a schema factory and the words the generated
 * reference (docs/records.md) uses for it.
 *
 * @module
 */
import * as z from 'zod/mini';
import { MESSAGE_STATUSES } from './message-status.js';
import { MAX_SLUG_LENGTH, MAX_STRING_LENGTH, integer, letterCode, oneOf, sizedString, unixSeconds } from './values.js';

const DEVICE_INFO = /^[^|]+\|\|[^|]+\|\|[^|]+$/;

/** Field type → schema factory. */
export const FIELD_SCHEMAS = {
  /** An identifier: 1 to 256 characters (`player_slug`, `item_slug`, …). */
  slug: () => sizedString(1, MAX_SLUG_LENGTH),
  /** Free text, at most 1024 characters. */
  text: () => sizedString(0, MAX_STRING_LENGTH),
  /** Free text or null (`players_login.app_version`, null in the spec's shape). */
  nullableText: () => z.nullable(sizedString(0, MAX_STRING_LENGTH)),
  /** A safe integer. */
  integer,
  /** A finite number (the spec's "double"). */
  double: () => z.number(),
  boolean: () => z.boolean(),
  /** Integer Unix seconds, UTC. */
  unixSeconds,
  /** ISO 3166-1 alpha-2. */
  region: () => letterCode(2, 'a two-letter country code (ISO 3166-1 alpha-2, upper case)'),
  /** ISO 4217. */
  currency: () => letterCode(3, 'a three-letter currency code (ISO 4217, upper case)'),
  /** `OS version||model name||device type`. */
  deviceInfo: () =>
    sizedString(5, MAX_STRING_LENGTH).check(
      z.refine((v) => DEVICE_INFO.test(v), { message: 'must be "OS version||model name||device type" (three parts joined by ||)' }),
    ),
  /** One of the spec's four reaction statuses. */
  messageStatus: () => oneOf(MESSAGE_STATUSES),
} as const;

/** The name of a field type. */
export type FieldType = keyof typeof FIELD_SCHEMAS;

/** The schema a field type builds. */
export type FieldSchema<T extends FieldType> = ReturnType<(typeof FIELD_SCHEMAS)[T]>;

/** How docs/records.md writes each field type. */
export const FIELD_TYPE_DOCS: Readonly<Record<FieldType, string>> = {
  slug: `string, 1–${MAX_SLUG_LENGTH} characters`,
  text: `string, at most ${MAX_STRING_LENGTH} characters`,
  nullableText: `string (at most ${MAX_STRING_LENGTH} characters) or null`,
  integer: 'integer',
  double: 'number (double)',
  boolean: 'boolean',
  unixSeconds: 'integer, Unix seconds UTC (2000–2100)',
  region: 'ISO 3166-1 alpha-2 code, e.g. KR',
  currency: 'ISO 4217 code, e.g. USD',
  deviceInfo: 'string "OS version||model name||device type"',
  messageStatus: 'impress, open, dismiss or interact',
};
