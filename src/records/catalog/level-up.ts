/** Spec group "Level up" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

export const LEVEL_UP = {
  characters_levelup: {
    source: 'sdk',
    required: { ...CHARACTER, level: 'integer' },
    optional: { previous_level: 'integer' },
  },
  characters_items_levelup: {
    source: 'sdk',
    required: { ...CHARACTER, item_slug: 'slug', level: 'integer' },
    optional: { previous_level: 'integer' },
  },
  characters_skills_levelup: {
    source: 'sdk',
    required: { ...CHARACTER, skill_slug: 'slug', level: 'integer' },
    optional: { previous_level: 'integer' },
  },
} as const satisfies Record<string, KindSpec>;
