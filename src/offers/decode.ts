/**
 * Decoding of offer records, one at a time, so that one malformed offer never hides the others.
 *
 * @module
 */
import type * as z from 'zod/mini';
import { OfferError } from '../errors/index.js';
import { toValidationIssues } from '../internal/index.js';
import { aiOfferBodySchema, offerRecordSchema, personalizedOfferBodySchema } from './schemas.js';
import type { Offer } from './types.js';

export type DecodeResult = { readonly ok: true; readonly offer: Offer } | { readonly ok: false; readonly error: OfferError };

/**
 * Decodes one element of GET /offers `data`: the record, then its `offer` JSON string as an AI body
 * (`offer_type` is `ai`) or a personalized body (otherwise). Never throws.
 */
export function decodeOffer(raw: unknown): DecodeResult {
  const record = offerRecordSchema.safeParse(raw);
  if (!record.success) {
    const id = (raw as { offer_id?: unknown } | null)?.offer_id;
    return malformed(Number.isInteger(id) ? (id as number) : undefined, 'record', record.error, raw);
  }
  const { offer: encoded, ...fields } = record.data;
  let body: unknown;
  try {
    body = JSON.parse(encoded);
  } catch (cause) {
    return { ok: false, error: new OfferError(fields.offer_id, 'malformed', 'the offer string is not JSON', { cause }) };
  }
  const ai = (body as { offer_type?: unknown } | null)?.offer_type === 'ai';
  const decoded = (ai ? aiOfferBodySchema : personalizedOfferBodySchema).safeParse(body);
  return decoded.success
    ? { ok: true, offer: { ...fields, kind: ai ? 'ai' : 'personalized', body: decoded.data } as Offer }
    : malformed(fields.offer_id, ai ? 'AI offer body' : 'personalized offer body', decoded.error, body);
}

function malformed(offerId: number | undefined, what: string, error: z.core.$ZodError, input: unknown): DecodeResult {
  const first = toValidationIssues(error.issues, input)[0];
  const where = first ? `${first.path || '(root)'} ${first.message}` : 'invalid';
  return { ok: false, error: new OfferError(offerId, 'malformed', `${what} is malformed: ${where}`) };
}
