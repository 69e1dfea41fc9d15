/**
 * players_characters_get, the one Get record whose fields the spec shows ("only the fields of the
 * shape", so it stays open to more).
 *
 * @module
 */
import * as z from 'zod/mini';
import { slug, text, unixSeconds } from './common.js';

export const playersCharactersGet = z.looseObject({
  player_slug: slug(),
  character_slug: slug(),
  characterarchetype_slug: text(),
  reference_entity: text(),
  reference_category_slug: text(),
  reference_slug: text(),
  event_timestamp: unixSeconds(),
});
