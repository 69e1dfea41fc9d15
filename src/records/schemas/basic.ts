/**
 * The spec's Basic group: players_join, players_login, characters_purchases
 * (spec: Resources and their fields, Behavior records).
 *
 * @module
 */
import * as z from 'zod/mini';
import { double, integer, letterCode, slug, text, unixSeconds } from './common.js';

/** The SDK version the spec names for `players_login.sdk_version`. */
export const WIRE_SDK_VERSION = '2021.4';

const playerDevice = {
  player_slug: slug(),
  device_unique_id: slug(),
  /** `OS version||model name||device type`. */
  device_info: text(),
  /** Two-letter country code. */
  region: letterCode(2, 'a two-letter country code (ISO 3166-1 alpha-2, upper case)'),
  is_tp_debug_mode: integer(),
  event_timestamp: unixSeconds(),
};

export const playersJoin = z.strictObject(playerDevice);

export const playersLogin = z.strictObject({
  ...playerDevice,
  app_version: z.optional(z.nullable(text())),
  sdk_version: text(),
});

export const charactersPurchases = z.strictObject({
  player_slug: slug(),
  character_slug: slug(),
  purchasable_slug: slug(),
  purchase_quantity: double(),
  purchase_unit_price: double(),
  purchase_total_price: double(),
  /** Three-letter ISO 4217 code. */
  purchase_currency_code: letterCode(3, 'a three-letter currency code (ISO 4217, upper case)'),
  is_ad_remove: z.optional(z.boolean()),
  event_timestamp: unixSeconds(),
});
