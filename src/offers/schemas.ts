/**
 * The offer record and the two offer bodies (spec: Offer record, AI offer body, Personalized
 * offer body). Bodies are decoded from the record's `offer` JSON string.
 *
 * Where the spec says a value is a URL, only `http:` and `https:` URLs are accepted: a
 * `javascript:` or `data:` URL makes the offer malformed.
 *
 * @module
 */
import * as z from 'zod/mini';
import { httpUrl as parseHttpUrl } from '../internal/url.js';
import { integer, oneOf, sizedString } from '../records/catalog/values.js';

const httpUrl = () =>
  z.string().check(z.refine((value) => value.length <= 2048 && parseHttpUrl(value) !== undefined, { message: 'must be an http(s) URL' }));
const nullish = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** A string or a finite number (the spec leaves some types open; a real server may send either). */
const stringOrNumber = () =>
  z.custom<string | number>((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)), {
    message: 'expected string or number',
  });
/** Language code (`en`, `ko`, …) → `entry`, at least one language. */
const languageMap = <T extends z.ZodMiniType>(entry: T) =>
  z.catchall(z.object({}), entry).check(
    z.refine((map) => Object.keys(map).length > 0, { message: 'has no language' }),
    z.refine((map) => Object.keys(map).every((key) => key.length <= 35), { message: 'has a language code longer than 35 characters' }),
  );

/** One element of `data` in the GET /offers envelope. Fields the spec does not list are dropped. */
export const offerRecordSchema = z.object({
  offer_id: integer(),
  player_slug: sizedString(1, 256),
  offer: z.string(),
  create_datetime: z.string(),
  valid_until: nullish(stringOrNumber()),
  valid_for: nullish(stringOrNumber()),
  valid_open_count: nullish(stringOrNumber()),
  first_opened_at: nullish(stringOrNumber()),
  is_offer_active: integer(),
});

/**
 * A recommended product. Its fields exist only once the game uploaded its product information
 * file (spec: AI offer body), so every one of them may be null.
 */
export const aiProductSchema = z.looseObject({
  product_index: nullish(stringOrNumber()),
  purchasable_slug: nullish(sizedString(1, 256)),
  purchase_link: nullish(httpUrl()),
  start_datetime: nullish(z.string()),
  end_datetime: nullish(z.string()),
});

export const aiOfferBodySchema = z.looseObject({
  offer_type: oneOf(['ai']),
  is_offer_active: z.custom<boolean | 0 | 1>((v) => typeof v === 'boolean' || v === 0 || v === 1, {
    message: 'expected true, false, 0 or 1',
  }),
  recommendations: z.array(
    z.looseObject({
      store: z.string(),
      product_list: z.array(aiProductSchema),
    }),
  ),
  display_parameters: languageMap(
    z.looseObject({
      title: sizedString(0, 512),
      message: sizedString(0, 16_384),
      background_url: nullish(httpUrl()),
      toggle_message: nullish(sizedString(0, 512)),
    }),
  ),
});

export const personalizedOfferBodySchema = z.looseObject({
  price: z.number(),
  discount_rate: z.number(),
  discount_price: z.number(),
  product_id: nullish(stringOrNumber()),
  product_name: nullish(sizedString(0, 512)),
  message_layout: z.string(),
  message: languageMap(
    z.looseObject({
      url: nullish(httpUrl()),
      image: nullish(httpUrl()),
      title: sizedString(0, 512),
    }),
  ),
});

/** The raw offer record as the service sends it. */
export type OfferRecord = z.output<typeof offerRecordSchema>;
/** A decoded AI in-game-shop offer body. */
export type AiOfferBody = z.output<typeof aiOfferBodySchema>;
/** One product of an AI offer's recommendation. */
export type AiProduct = z.output<typeof aiProductSchema>;
/** A decoded personalized offer body. */
export type PersonalizedOfferBody = z.output<typeof personalizedOfferBodySchema>;
