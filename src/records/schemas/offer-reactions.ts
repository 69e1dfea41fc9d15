/**
 * players_offers, the offer-reaction record (spec: Offer-reaction record; States and transitions).
 *
 * @module
 */
import * as z from 'zod/mini';
import { integer, oneOf, slug, text, unixSeconds } from './common.js';

/** The four reaction statuses of the spec's state table. */
export const MESSAGE_STATUSES = ['impress', 'open', 'dismiss', 'interact'] as const;

/** `message_status` of a `players_offers` record. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const playersOffers = z.strictObject({
  player_slug: slug(),
  offer_id: integer(),
  message_status: oneOf(MESSAGE_STATUSES),
  message_detail: z.optional(text()),
  event_timestamp: unixSeconds(),
});
