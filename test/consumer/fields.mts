// A game that declares its own fields of open kinds (RecordFields), type-checked against the packed
// package by scripts/check-consumer-types.mjs, beside game.mts, and against the source by
// test/node/record-fields-types.test.ts. Not in tsconfig.json: the declaration would reach every
// other file of that program (test/types among them), where the kinds stay undeclared.
import { createClient, type RecordInput } from 'tp-web-sdk';
import { createClient as createLoggingClient } from 'tp-web-sdk/logging';

// Declared once, under 'tp-web-sdk', as the README says: both entries' clients see it.
declare module 'tp-web-sdk' {
  interface RecordFields {
    players_stages: { stage_score: number; stage_difficulty?: 'easy' | 'hard'; stage_tags?: string[] };
    characters_items_consumable_use: { potion_strength?: number };
  }
}

const options = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' } as const;
const tp = createClient(options);
const logging = createLoggingClient(options);

// The declared fields, and the catalog's, are accepted.
tp.track('players_stages', { stage_slug: 'level-1', stage_score: 120, stage_difficulty: 'hard', stage_result: 'clear', stage_tags: ['boss'] });
logging.track('players_stages', { stage_slug: 'level-1', stage_score: 120 });
tp.track('characters_items_consumable_use', { character_slug: 'c', item_slug: 'potion', item_quantity: 1, potion_strength: 3 });
logging.track('characters_items_consumable_use', { character_slug: 'c', item_slug: 'potion', item_quantity: 1, reference_entity: 'quest' });

// A misspelled field of a declared kind is a compile error, from either entry.
// @ts-expect-error stage_scor is not a field of players_stages
tp.track('players_stages', { stage_slug: 'level-1', stage_score: 120, stage_scor: 120 });
// @ts-expect-error stage_scor is not a field of players_stages
logging.track('players_stages', { stage_slug: 'level-1', stage_score: 120, stage_scor: 120 });
// @ts-expect-error potion_strenght is not a field of characters_items_consumable_use
tp.track('characters_items_consumable_use', { character_slug: 'c', item_slug: 'potion', item_quantity: 1, potion_strenght: 3 });
// @ts-expect-error potion_strenght is not a field of characters_items_consumable_use
logging.track('characters_items_consumable_use', { character_slug: 'c', item_slug: 'potion', item_quantity: 1, potion_strenght: 3 });

// The declared types hold, a field declared required is required, and the catalog's required
// fields stay required.
// @ts-expect-error stage_difficulty is 'easy' or 'hard'
tp.track('players_stages', { stage_slug: 'level-1', stage_score: 120, stage_difficulty: 'medium' });
// @ts-expect-error stage_score is declared required
tp.track('players_stages', { stage_slug: 'level-1' });
// @ts-expect-error stage_slug is required by the catalog
tp.track('players_stages', { stage_score: 120 });
// @ts-expect-error item_quantity is required by the catalog
logging.track('characters_items_consumable_use', { character_slug: 'c', item_slug: 'potion', potion_strength: 3 });

// The enriched fields stay optional on a declared kind.
const stage: RecordInput<'players_stages'> = { stage_slug: 'level-1', stage_score: 1 };
tp.track('players_stages', { ...stage, player_slug: 'p-1', event_timestamp: 1_700_000_000 });

// A kind not declared stays open; the closed kinds stay closed.
tp.track('characters_stages', { character_slug: 'c', stage_slug: 's', any_extra: ['ok', 1] });
logging.track('characters_levelup', { character_slug: 'c', level: 2, reached_by: 'quest' });
// @ts-expect-error a closed kind takes no other field
tp.track('players_login', { sdk_versoin: '2021.4' });

export {};
