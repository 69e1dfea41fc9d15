/**
 * The reaction statuses of the spec's state table (States and transitions).
 *
 * @module
 */

/** The four values of `message_status`. */
export const MESSAGE_STATUSES = ['impress', 'open', 'dismiss', 'interact'] as const;

/** `message_status` of a `players_offers` record. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
