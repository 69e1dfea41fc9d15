/**
 * Decoding of offer records, one at a time, so that one malformed offer never hides the others.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import { toValidationIssues } from '../internal/zod-issues.js';
import { aiOfferBodySchema, offerRecordSchema, personalizedOfferBodySchema } from './schemas.js';
import type { Offer } from './types.js';

export type DecodeResult = { readonly ok: true; readonly offer: Offer } | { readonly ok: false; readonly error: OfferError };

/**
 * Decodes one element of GET /offers `data`: the record, then its `offer` JSON string as an AI body
 * (`offer_type` is `ai`) or a personalized body (otherwise). Never throws.
 */
export function decodeOffer(raw: unknown): DecodeResult {
  const idOf = (value: unknown): number | undefined => {
    const id = (value as { offer_id?: unknown } | null)?.offer_id;
    return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
  };
  const record = offerRecordSchema.safeParse(raw);
  if (!record.success) return fail(idOf(raw), 'record', record.error.issues, raw);
  const { offer: encoded, ...fields } = record.data;
  let body: unknown;
  try {
    body = JSON.parse(encoded);
  } catch (cause) {
    return { ok: false, error: new OfferError(fields.offer_id, 'malformed', 'the offer string is not JSON', { cause }) };
  }
  const isAi = typeof body === 'object' && body !== null && (body as { offer_type?: unknown }).offer_type === 'ai';
  if (isAi) {
    const ai = aiOfferBodySchema.safeParse(body);
    return ai.success
      ? { ok: true, offer: { ...fields, kind: 'ai', body: ai.data } }
      : fail(fields.offer_id, 'AI offer body', ai.error.issues, body);
  }
  const personalized = personalizedOfferBodySchema.safeParse(body);
  return personalized.success
    ? { ok: true, offer: { ...fields, kind: 'personalized', body: personalized.data } }
    : fail(fields.offer_id, 'personalized offer body', personalized.error.issues, body);
}

function fail(
  offerId: number | undefined,
  what: string,
  issues: Parameters<typeof toValidationIssues>[0],
  input: unknown,
): DecodeResult {
  const first = toValidationIssues(issues, input)[0];
  const where = first ? `${first.path || '(root)'} ${first.message}` : 'invalid';
  return { ok: false, error: new OfferError(offerId, 'malformed', `${what} is malformed: ${where}`) };
}
