/** Spec group "Login and ads, quests, bonuses" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, REFERENCE, type KindSpec } from './kind-spec.js';

export const LOGIN_ADS_QUESTS_BONUSES = {
  characters_login: {
    source: 'sdk',
    required: CHARACTER,
    optional: {},
  },
  characters_ads: {
    source: 'sdk',
    required: { ...CHARACTER, ad_slug: 'slug' },
    optional: { ad_type: 'text', ad_placement_slug: 'slug', is_ad_completed: 'boolean', ad_reward_slug: 'slug' },
  },
  characters_quests: {
    source: 'sdk',
    required: { ...CHARACTER, quest_slug: 'slug' },
    optional: { quest_category_slug: 'slug', quest_status: 'text' },
  },
  characters_bonuses: {
    source: 'sdk',
    required: { ...CHARACTER, bonus_slug: 'slug' },
    optional: { bonus_category_slug: 'slug', bonus_quantity: 'double', ...REFERENCE },
  },
} as const satisfies Record<string, KindSpec>;
