/**
 * The documented `OfferFields` interface and what the GET /offers decoder produces are one shape:
 * a field added to or taken from the schema without its documentation fails here.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { OfferFields } from '../../src/offers/index.js';
import type { OfferRecord } from '../../src/offers/schemas.js';

type Decoded = Omit<OfferRecord, 'offer'>;
/** Each field's type, without `readonly`, `?` and `undefined`. */
type Plain<T> = { -readonly [K in keyof T]-?: Exclude<T[K], undefined> };

describe('OfferFields', () => {
  it('has exactly the decoded record fields, of the decoded types', () => {
    expectTypeOf<keyof Decoded>().toEqualTypeOf<keyof OfferFields>();
    expectTypeOf<Decoded>().toExtend<OfferFields>();
    expectTypeOf<Plain<OfferFields>>().toEqualTypeOf<Plain<Decoded>>();
  });
});
