/**
 * The kinds whose fields the spec does not show. Until each is typed, such a record is any object
 * with an integer `event_timestamp` (and the `player_slug` the SDK fills in).
 *
 * @module
 */
import * as z from 'zod/mini';
import { slug, unixSeconds } from './common.js';

export const genericRecord = z.looseObject({
  player_slug: z.optional(slug()),
  event_timestamp: unixSeconds(),
});
