/**
 * The decoded offer the SDK hands to games.
 *
 * @module
 */
import type { AiOfferBody, PersonalizedOfferBody } from './schemas.js';

/**
 * One record of the GET /offers answer, its fields as the spec names them (spec: Resources ›
 * Offer record), without the encoded `offer` string (decoded into `body`). Times and counts keep
 * the type the service sent (the spec shows neither type nor unit); `checkUsability` reads them
 * as docs/decisions.md ("Offer validity") says. The decoder checks the shape and the
 * `OfferRecord` schema is held to this interface (test/types/offer.test-d.ts).
 */
export interface OfferFields {
  /** The offer's id, an integer: what `offers.show`, `view` and `report` take. */
  readonly offer_id: number;
  /** The player the offer is for (1 to 256 characters); another player's offer is never usable. */
  readonly player_slug: string;
  /** When the service created the offer, `YYYY-MM-DD HH:MM:SS` in UTC, as sent. */
  readonly create_datetime: string;
  /**
   * The instant the offer stops being usable: `YYYY-MM-DD HH:MM:SS` in UTC, ISO 8601, or Unix
   * seconds (a number or a string of digits), compared with the service's time. Null or absent:
   * no end.
   */
  readonly valid_until?: string | number | null;
  /**
   * How long the offer stays usable after its first open, in seconds by default (the client's
   * `validForUnitMs` sets the unit in milliseconds). Null or absent: no limit.
   */
  readonly valid_for?: string | number | null;
  /** How many times the offer may be opened, counted on this device per player. Null or absent: no limit. */
  readonly valid_open_count?: string | number | null;
  /**
   * When the offer was first opened, as the service recorded it after the first-open update
   * (POST /offers); null until then (the SDK then counts `valid_for` from the first open it saw).
   */
  readonly first_opened_at?: string | number | null;
  /** 1 when the service has the offer active; any other value makes it unusable (`inactive`). */
  readonly is_offer_active: number;
}

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
