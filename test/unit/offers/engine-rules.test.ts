/**
 * The pure pieces of the offer engine's parts (engine.ts wires them): the status check of
 * `offers.report`, when the device's copy stands in for GET /offers, decoding an answer's records,
 * the order of the usable offers, the first sale end that ends a view, the views on screen, and
 * the shared core's guards.
 */
import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../src/bus/events.js';
import { ConfigError, NetworkError, OfferError, ProtocolError, ServiceError, StorageError } from '../../../src/errors/index.js';
import { createEngineCore, type CoreDeps } from '../../../src/offers/core.js';
import { createMemoryOfferCache, createMemoryOfferStateStore } from '../../../src/offers/index.js';
import { createOnScreen } from '../../../src/offers/on-screen.js';
import { checkStatus } from '../../../src/offers/reactions.js';
import { unreachable } from '../../../src/offers/device-copy.js';
import { decodeRecords } from '../../../src/offers/known-offers.js';
import { newestFirst } from '../../../src/offers/refresh.js';
import { firstSaleEnd } from '../../../src/offers/views.js';
import type { OfferOutcome, OfferView, ProductView } from '../../../src/ui/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { NOW, offerOf } from '../../support/views.js';

describe('checkStatus (offers.report)', () => {
  it('lets the spec’s four reactions through', () => {
    for (const status of ['impress', 'open', 'dismiss', 'interact']) expect(() => checkStatus(7, status)).not.toThrow();
  });

  it('refuses any other status with OfferError bad-status, naming the four', () => {
    for (const status of ['close', 'Open', '', 'impressed']) {
      expect(() => checkStatus(7, status)).toThrow(
        expect.objectContaining({ reason: 'bad-status', offerId: 7, message: expect.stringContaining('impress, open, dismiss, interact') }),
      );
    }
  });
});

describe('unreachable (the device’s copy stands in)', () => {
  it('for no answer and for answers worth retrying', () => {
    expect(unreachable(new NetworkError('offers', new Error('offline')))).toBe(true);
    for (const status of [500, 503, 408, 429]) expect(unreachable(new ServiceError('offers', status, 'x'))).toBe(true);
  });

  it('not for a refusal, a malformed answer, or any other failure', () => {
    for (const status of [400, 401, 403, 404]) expect(unreachable(new ServiceError('offers', status, 'x'))).toBe(false);
    expect(unreachable(new ProtocolError('offers', 'data is not an array'))).toBe(false);
    expect(unreachable(new StorageError('offer-cache', new Error('x')))).toBe(false);
    expect(unreachable(new Error('x'))).toBe(false);
  });
});

describe('decodeRecords', () => {
  it('keeps the records that decode, in order, and hands each failure to onError', async () => {
    const errors: OfferError[] = [];
    const offers = await decodeRecords([offerRecord(3, personalizedBody), { offer_id: 'x' }, offerRecord(1, personalizedBody), 'junk'], (e) => errors.push(e));
    expect(offers.map((o) => o.offer_id)).toEqual([3, 1]);
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toBeInstanceOf(OfferError);
  });
});

describe('newestFirst', () => {
  const at = (offerId: number, create_datetime: string) => ({ ...offerOf(personalizedBody, offerId), create_datetime });

  it('orders by creation time, newest first, then by id, highest first', () => {
    const offers = [at(1, '2025-12-30 00:00:00'), at(2, '2025-12-31 00:00:00'), at(3, '2025-12-30 00:00:00'), at(4, '2025-12-29 00:00:00')];
    expect(newestFirst(offers).map((o) => o.offer_id)).toEqual([2, 3, 1, 4]);
  });

  it('counts an unreadable creation time as the oldest', () => {
    const offers = [at(1, 'yesterday'), at(2, '1970-01-02 00:00:00')];
    expect(newestFirst(offers).map((o) => o.offer_id)).toEqual([2, 1]);
  });
});

describe('firstSaleEnd', () => {
  const product = (saleEndsAt: number | undefined) => ({ saleEndsAt }) as ProductView;

  it('is the earliest sale end among the products', () => {
    expect(firstSaleEnd([product(30), product(undefined), product(10), product(20)])).toBe(10);
  });

  it('is Infinity when no sale ends (or there is no product)', () => {
    expect(firstSaleEnd([product(undefined)])).toBe(Infinity);
    expect(firstSaleEnd([])).toBe(Infinity);
  });
});

describe('createOnScreen', () => {
  /** A view of offer `offerId` whose `close()` resolves `closed` and is recorded in `log`. */
  function fakeView(offerId: number, log: string[]): OfferView {
    let resolve!: (outcome: OfferOutcome) => void;
    const closed = new Promise<OfferOutcome>((r) => (resolve = r));
    return {
      offerId,
      closed,
      close: () => {
        log.push(`close ${offerId}`);
        resolve({ action: 'closed', offerId });
      },
    } as OfferView;
  }

  it('rechecks every view held, closes those picked, and forgets a view once it closed', async () => {
    const onScreen = createOnScreen();
    const log: string[] = [];
    const [a, b] = [fakeView(1, log), fakeView(2, log)];
    onScreen.add(a, 'p-1', () => log.push('recheck 1'));
    onScreen.add(b, 'p-2', () => log.push('recheck 2'));
    onScreen.recheck();
    onScreen.close((_, player) => player === 'p-2');
    expect(log).toEqual(['recheck 1', 'recheck 2', 'close 2']);
    await b.closed;
    await Promise.resolve();
    log.length = 0;
    onScreen.recheck();
    onScreen.close((view) => view.offerId === 1);
    expect(log).toEqual(['recheck 1', 'close 1']);
  });
});

describe('createEngineCore', () => {
  /** A core for `player`: of its dependencies, only those the core reads. */
  function core(player: string | undefined) {
    const deps: CoreDeps = {
      dbPrefix: undefined,
      stores: { state: createMemoryOfferStateStore(), cache: createMemoryOfferCache() },
      emitter: createEmitter(),
      now: () => NOW,
      store: 'web',
      validForUnitMs: 1000,
      player: () => player,
    };
    return createEngineCore(deps);
  }

  it('requirePlayer: the identified player, else ConfigError', () => {
    expect(core('p-1').requirePlayer()).toBe('p-1');
    expect(() => core(undefined).requirePlayer()).toThrow(ConfigError);
  });

  it('requireUsable: the service time when the offer is usable, else OfferError not-usable with the reason', () => {
    const usable = offerOf(personalizedBody, 5);
    expect(core('p-1').requireUsable(usable)).toBe(NOW);
    const off = { ...usable, is_offer_active: 0 } as typeof usable;
    expect(() => core('p-1').requireUsable(off)).toThrow(expect.objectContaining({ reason: 'not-usable', offerId: 5 }));
    expect(() => core('p-1').requireUsable(off)).toThrow(OfferError);
  });

  it('context: the player, the time asked (else the service clock), and the device’s memory of the offer', () => {
    const c = core('p-1');
    const offer = offerOf(personalizedBody, 9);
    expect(c.context(offer)).toMatchObject({ now: NOW, playerSlug: 'p-1', store: 'web', local: { opens: 0 } });
    expect(c.context(offer, 42).now).toBe(42);
    expect(c.verdictOf(offer).usable).toBe(true);
    expect(c.stopped).toBe(false);
  });
});
