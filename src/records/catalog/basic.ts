/** Spec group "Basic" (Behavior records: players_join, players_login, characters_purchases). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

const PLAYER_DEVICE = {
  device_unique_id: 'slug',
  device_info: 'deviceInfo',
  region: 'region',
  is_tp_debug_mode: 'integer',
} as const;

export const BASIC = {
  players_join: {
    source: 'spec',
    required: PLAYER_DEVICE,
    optional: {},
  },
  players_login: {
    source: 'spec',
    required: { ...PLAYER_DEVICE, sdk_version: 'text' },
    optional: { app_version: 'nullableText' },
  },
  characters_purchases: {
    source: 'spec',
    required: {
      ...CHARACTER,
      purchasable_slug: 'slug',
      purchase_quantity: 'double',
      purchase_unit_price: 'double',
      purchase_total_price: 'double',
      purchase_currency_code: 'currency',
    },
    optional: { is_ad_remove: 'boolean' },
  },
} as const satisfies Record<string, KindSpec>;
