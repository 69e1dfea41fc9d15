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
import { httpUrl as parseHttpUrl } from '../internal/index.js';
import { MAX_STRING_LENGTH, integer, oneOf, sizedString } from '../records/index.js';

const nullish = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** An http(s) URL (at most 2048 characters), or null, or absent. */
const nullishHttpUrl = nullish(
  z.string().check(z.refine((value) => value.length <= 2048 && parseHttpUrl(value) !== undefined, { message: 'must be an http(s) URL' })),
);
/**
 * A string of at most 1024 characters or a finite number (the spec leaves some types open; a real
 * server may send either), or null, or absent. The length is the records' limit for free text: a
 * `product_id` is reported back as the `message_detail` of `interact`.
 */
const nullishStringOrNumber = nullish(
  z.custom<string | number>((v) => (typeof v === 'string' && v.length <= MAX_STRING_LENGTH) || (typeof v === 'number' && Number.isFinite(v)), {
    message: 'expected a string (at most 1024 characters) or a number',
  }),
);
/**
 * An object that keeps the fields its shape does not list (like `z.looseObject`, written with the
 * zod/mini parts the SDK already ships: see records/catalog/values.ts).
 */
const loose = <S extends z.core.$ZodLooseShape>(shape: S) => z.catchall(z.object(shape), z.custom());
/**
 * A list of `item`s: the same issues as `z.array(item)` (a non-list is `expected array`; an item's
 * issues come under its index, as `recommendations[0].store`), written with the zod/mini parts the
 * SDK already ships (`z.array` alone adds 0.4 KiB gzip). Items are checked by `item`, and kept as
 * they came: the item schemas here only check.
 */
const list = <T extends z.ZodMiniType>(item: T) =>
  z.custom<Array<z.output<T>>>().check((payload) => {
    const items: unknown = payload.value;
    if (!Array.isArray(items)) return void payload.issues.push({ code: 'invalid_type', expected: 'array', input: items });
    items.forEach((value, i) => {
      for (const issue of item.safeParse(value).error?.issues ?? []) payload.issues.push({ ...issue, path: [i, ...issue.path] } as z.core.$ZodRawIssue);
    });
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
  valid_until: nullishStringOrNumber,
  valid_for: nullishStringOrNumber,
  valid_open_count: nullishStringOrNumber,
  first_opened_at: nullishStringOrNumber,
  is_offer_active: integer(),
});

/**
 * A recommended product. Its fields exist only once the game uploaded its product information
 * file (spec: AI offer body), so every one of them may be null.
 */
export const aiProductSchema = loose({
  product_index: nullishStringOrNumber,
  purchasable_slug: nullish(sizedString(1, 256)),
  purchase_link: nullishHttpUrl,
  start_datetime: nullishStringOrNumber,
  end_datetime: nullishStringOrNumber,
});

export const aiOfferBodySchema = loose({
  offer_type: oneOf(['ai']),
  is_offer_active: z.custom<boolean | 0 | 1>((v) => typeof v === 'boolean' || v === 0 || v === 1, {
    message: 'expected true, false, 0 or 1',
  }),
  recommendations: list(
    loose({
      store: z.string(),
      product_list: list(aiProductSchema),
    }),
  ),
  display_parameters: languageMap(
    loose({
      title: sizedString(0, 512),
      message: sizedString(0, 16_384),
      background_url: nullishHttpUrl,
      toggle_message: nullish(sizedString(0, 512)),
    }),
  ),
});

export const personalizedOfferBodySchema = loose({
  price: z.number(),
  discount_rate: z.number(),
  discount_price: z.number(),
  product_id: nullishStringOrNumber,
  product_name: nullishStringOrNumber,
  message_layout: z.string(),
  message: languageMap(
    loose({
      url: nullishHttpUrl,
      image: nullishHttpUrl,
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
