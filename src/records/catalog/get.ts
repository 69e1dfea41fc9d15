/** Spec group "Get" (players_characters_get from the spec's shape; the rest defined by tp-web-sdk). */
import { CHARACTER, REFERENCE, type KindSpec } from './kind-spec.js';

const ITEM_GET = {
  source: 'sdk',
  required: { ...CHARACTER, item_slug: 'slug', item_quantity: 'double' },
  optional: REFERENCE,
} as const;

export const GET = {
  players_characters_get: {
    source: 'spec-shape',
    required: { ...CHARACTER, characterarchetype_slug: 'text', ...REFERENCE },
    optional: {},
  },
  characters_currencies_get: {
    source: 'sdk',
    required: { ...CHARACTER, currency_slug: 'slug', currency_quantity: 'double' },
    optional: REFERENCE,
  },
  characters_items_infrastructure_get: ITEM_GET,
  characters_items_token_get: ITEM_GET,
  characters_items_consumable_get: ITEM_GET,
  characters_items_material_get: ITEM_GET,
  characters_items_equipment_get: ITEM_GET,
  characters_items_cosmetic_get: ITEM_GET,
  characters_items_randombox_get: ITEM_GET,
} as const satisfies Record<string, KindSpec>;
