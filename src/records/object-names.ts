/**
 * The 43 upload object names of the spec (POST /logs, "Object names that can be uploaded"),
 * grouped as the spec groups them.
 *
 * @module
 */

/** Object names by the spec's groups. */
export const OBJECT_GROUPS = {
  basic: ['players_join', 'players_login', 'characters_purchases'],
  offerReactions: ['players_offers'],
  loginAdsQuestsBonuses: ['characters_login', 'characters_ads', 'characters_quests', 'characters_bonuses'],
  change: ['players_characters_change', 'characters_stats_change', 'characters_custom_ability_change'],
  stages: ['players_stages', 'characters_stages'],
  play: [
    'characters_items_infrastructure_play',
    'characters_items_consumable_play',
    'characters_items_equipment_play',
    'characters_items_cosmetic_play',
    'characters_skills_play',
  ],
  get: [
    'players_characters_get',
    'characters_currencies_get',
    'characters_items_infrastructure_get',
    'characters_items_token_get',
    'characters_items_consumable_get',
    'characters_items_material_get',
    'characters_items_equipment_get',
    'characters_items_cosmetic_get',
    'characters_items_randombox_get',
  ],
  useAndEquip: [
    'characters_currencies_use',
    'characters_items_equip',
    'characters_items_token_use',
    'characters_items_consumable_use',
    'characters_items_material_use',
    'characters_items_randombox_use',
    'characters_skills_equip',
  ],
  dismiss: ['players_characters_dismiss', 'characters_items_dismiss'],
  levelUp: ['characters_levelup', 'characters_items_levelup', 'characters_skills_levelup'],
  depositAndWithdraw: [
    'characters_currencies_deposit',
    'characters_items_deposit',
    'characters_currencies_withdraw',
    'characters_items_withdraw',
  ],
} as const;

/** One of the 43 upload object names (a table on the service side). */
export type ObjectName = (typeof OBJECT_GROUPS)[keyof typeof OBJECT_GROUPS][number];

/** All 43 object names, in the spec's order. */
export const OBJECT_NAMES: readonly ObjectName[] = Object.values(OBJECT_GROUPS).flat();

const NAME_SET: ReadonlySet<string> = new Set(OBJECT_NAMES);

/** True when `name` is one of the 43 upload object names. */
export function isObjectName(name: unknown): name is ObjectName {
  return typeof name === 'string' && NAME_SET.has(name);
}
