/**
 * The decoded offer the SDK hands to games.
 *
 * @module
 */
import type { AiOfferBody, OfferRecord, PersonalizedOfferBody } from './schemas.js';

/** The record's fields (spec names), without the encoded `offer` string. */
export type OfferFields = Omit<OfferRecord, 'offer'>;

/** An AI in-game-shop offer (`offer_type: "ai"`). */
export interface AiOffer extends OfferFields {
  readonly kind: 'ai';
  readonly body: AiOfferBody;
}

/** A personalized offer (a body without `offer_type`). */
export interface PersonalizedOffer extends OfferFields {
  readonly kind: 'personalized';
  readonly body: PersonalizedOfferBody;
}

/** A decoded offer. `offer_id`, `player_slug`, `create_datetime`, … keep the spec's names. */
export type Offer = AiOffer | PersonalizedOffer;
