/**
 * One line per kind for the generated reference (docs/records.md). Kept apart from the catalog so
 * the runtime bundle does not carry documentation; a test checks every kind has its line.
 *
 * @module
 */
import type { ObjectName } from '../object-names.js';

export const KIND_ABOUT: Readonly<Record<ObjectName, string>> = {
  players_join: 'The player joined (first run on a device).',
  players_login: 'The player logged in.',
  characters_purchases: 'A purchase with real money.',
  players_offers: 'A reaction to an offer (impress, open, dismiss, interact).',
  characters_login: 'A character was chosen to play (login as a character).',
  characters_ads: 'An ad was shown to a character.',
  characters_quests: 'A quest changed state (started, completed, failed…).',
  characters_bonuses: 'A bonus was granted (attendance, daily, event…).',
  players_characters_change: "The player's active character changed.",
  characters_stats_change: "A character's stat changed.",
  characters_custom_ability_change: "A character's custom ability changed.",
  players_stages: 'The player played a stage (level, map, match).',
  characters_stages: 'A character played a stage.',
  characters_items_infrastructure_play: 'A character used an infrastructure item (a building, a facility) in play.',
  characters_items_consumable_play: 'A character used a consumable item in play.',
  characters_items_equipment_play: 'A character used an equipment item in play.',
  characters_items_cosmetic_play: 'A character used a cosmetic item in play.',
  characters_skills_play: 'A character used a skill.',
  players_characters_get: 'The player got a character.',
  characters_currencies_get: 'A character got an in-game currency.',
  characters_items_infrastructure_get: 'A character got an infrastructure item.',
  characters_items_token_get: 'A character got a token.',
  characters_items_consumable_get: 'A character got a consumable item.',
  characters_items_material_get: 'A character got a material.',
  characters_items_equipment_get: 'A character got an equipment item.',
  characters_items_cosmetic_get: 'A character got a cosmetic item.',
  characters_items_randombox_get: 'A character got a random box.',
  characters_currencies_use: 'A character spent an in-game currency.',
  characters_items_equip: 'A character equipped an item.',
  characters_items_token_use: 'A character used up a token.',
  characters_items_consumable_use: 'A character used up a consumable item.',
  characters_items_material_use: 'A character used up a material.',
  characters_items_randombox_use: 'A character opened a random box.',
  characters_skills_equip: 'A character equipped a skill.',
  players_characters_dismiss: 'The player dismissed (deleted, released) a character.',
  characters_items_dismiss: 'A character discarded or sold an item.',
  characters_levelup: 'A character reached a level.',
  characters_items_levelup: "A character's item reached a level.",
  characters_skills_levelup: "A character's skill reached a level.",
  characters_currencies_deposit: 'A character put an in-game currency into storage (bank, warehouse, guild).',
  characters_items_deposit: 'A character put an item into storage.',
  characters_currencies_withdraw: 'A character took an in-game currency out of storage.',
  characters_items_withdraw: 'A character took an item out of storage.',
};
