/** Spec group "Change" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

export const CHANGE = {
  players_characters_change: {
    source: 'sdk',
    required: CHARACTER,
    optional: { previous_character_slug: 'slug' },
  },
  characters_stats_change: {
    source: 'sdk',
    required: { ...CHARACTER, stat_slug: 'slug', stat_value: 'double' },
    optional: { previous_stat_value: 'double' },
  },
  characters_custom_ability_change: {
    source: 'sdk',
    required: { ...CHARACTER, ability_slug: 'slug', ability_value: 'double' },
    optional: { previous_ability_value: 'double' },
  },
} as const satisfies Record<string, KindSpec>;
