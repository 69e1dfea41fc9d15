/** Spec group "Play" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

const ITEM_PLAY = {
  source: 'sdk',
  required: { ...CHARACTER, item_slug: 'slug' },
  optional: { item_quantity: 'double', play_seconds: 'double', stage_slug: 'slug' },
} as const;

export const PLAY = {
  characters_items_infrastructure_play: ITEM_PLAY,
  characters_items_consumable_play: ITEM_PLAY,
  characters_items_equipment_play: ITEM_PLAY,
  characters_items_cosmetic_play: ITEM_PLAY,
  characters_skills_play: {
    source: 'sdk',
    required: { ...CHARACTER, skill_slug: 'slug' },
    optional: { skill_level: 'integer', play_seconds: 'double', stage_slug: 'slug' },
  },
} as const satisfies Record<string, KindSpec>;
