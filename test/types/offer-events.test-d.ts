/**
 * The offer events live beside the offers (src/offers/events.ts) and the client's event map is
 * composed from them: the nine `offer:*` entries keep their names and argument tuples, and the
 * client's emitter fits the narrow emitter the offer engine gets.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientEmitter, ClientEvents } from '../../src/bus/events.js';
import type { OfferClosedEvent, OfferEmitter, OfferEvents, OfferReactionEvent, OfferPlacedEvent, OffersDeps, OfferSkippedEvent, OfferTriggerRecordEvent, OfferPurchaseEvent } from '../../src/offers/index.js';

describe('offer events', () => {
  it('are the ten offer:* events, with their payloads', () => {
    expectTypeOf<keyof OfferEvents>().toEqualTypeOf<
      'offer:impress' | 'offer:open' | 'offer:dismiss' | 'offer:interact' | 'offer:close' | 'offer:expired' | 'offer:skipped' | 'offer:placed' | 'offer:purchase' | 'offer:trigger-record'
    >();
    expectTypeOf<OfferEvents['offer:trigger-record']>().toEqualTypeOf<[event: OfferTriggerRecordEvent]>();
    expectTypeOf<OfferEvents['offer:purchase']>().toEqualTypeOf<[event: OfferPurchaseEvent]>();
    expectTypeOf<OfferEvents['offer:open']>().toEqualTypeOf<[event: OfferReactionEvent]>();
    expectTypeOf<OfferEvents['offer:expired']>().toEqualTypeOf<[event: OfferClosedEvent]>();
    expectTypeOf<OfferEvents['offer:skipped']>().toEqualTypeOf<[event: OfferSkippedEvent]>();
    expectTypeOf<OfferEvents['offer:placed']>().toEqualTypeOf<[event: OfferPlacedEvent]>();
  });

  it('are entries of ClientEvents, unchanged', () => {
    expectTypeOf<Pick<ClientEvents, keyof OfferEvents>>().toEqualTypeOf<Pick<OfferEvents, keyof OfferEvents>>();
    expectTypeOf<keyof ClientEvents>().toExtend<string>();
    expectTypeOf<'offer:impress' | 'error' | 'paused'>().toExtend<keyof ClientEvents>();
  });

  it('the client’s emitter fits the engine’s narrow one, which emits nothing else', () => {
    expectTypeOf<ClientEmitter>().toExtend<OfferEmitter>();
    expectTypeOf<OffersDeps['emitter']>().toEqualTypeOf<OfferEmitter>();
    expectTypeOf<OfferEmitter>().not.toHaveProperty('on');
    const emitter = {} as OfferEmitter;
    // @ts-expect-error `paused` is not the offer engine's to emit
    emitter.emit('paused', {} as never);
  });
});
