/** Spec group "Use and equip" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, REFERENCE, type KindSpec } from './kind-spec.js';

const ITEM_USE = {
  source: 'sdk',
  required: { ...CHARACTER, item_slug: 'slug', item_quantity: 'double' },
  optional: REFERENCE,
} as const;

export const USE_AND_EQUIP = {
  characters_currencies_use: {
    source: 'sdk',
    required: { ...CHARACTER, currency_slug: 'slug', currency_quantity: 'double' },
    optional: REFERENCE,
  },
  characters_items_equip: {
    source: 'sdk',
    required: { ...CHARACTER, item_slug: 'slug' },
    optional: { equip_slot_slug: 'slug' },
  },
  characters_items_token_use: ITEM_USE,
  characters_items_consumable_use: ITEM_USE,
  characters_items_material_use: ITEM_USE,
  characters_items_randombox_use: ITEM_USE,
  characters_skills_equip: {
    source: 'sdk',
    required: { ...CHARACTER, skill_slug: 'slug' },
    optional: { equip_slot_slug: 'slug' },
  },
} as const satisfies Record<string, KindSpec>;
