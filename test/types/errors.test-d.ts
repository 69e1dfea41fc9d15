/**
 * A game can switch on why an offer or storage failed: `OfferError.reason` and
 * `StorageError.operation` are unions of the values the SDK uses, not `string`.
 * The listeners of the `retry` event are typed from the public `RetryInfo`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { OfferError, StorageError, type ClientEvents, type OfferErrorReason, type RetryInfo, type StorageOperation } from '../../src/index.js';

describe('error reasons', () => {
  it('OfferError.reason is the union of reasons', () => {
    expectTypeOf<OfferError['reason']>().toEqualTypeOf<OfferErrorReason>();
    expectTypeOf<'busy'>().toExtend<OfferError['reason']>();
    expectTypeOf<'no-such-reason'>().not.toExtend<OfferError['reason']>();
  });

  it('StorageError.operation is the union of operations', () => {
    expectTypeOf<StorageError['operation']>().toEqualTypeOf<StorageOperation>();
    expectTypeOf<'offer-cache'>().toExtend<StorageError['operation']>();
    expectTypeOf<'write'>().not.toExtend<StorageError['operation']>();
  });

  it('the retry event carries a RetryInfo', () => {
    expectTypeOf<ClientEvents['retry']>().toEqualTypeOf<[info: RetryInfo]>();
    expectTypeOf<RetryInfo['delayMs']>().toEqualTypeOf<number | undefined>();
  });
});
