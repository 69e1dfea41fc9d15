/**
 * The uploader's bookkeeping of keys: in flight and held keys are unavailable to requests; accepted
 * and handed-off keys are the sent ones; watches count what was delivered and put aside.
 */
import { describe, expect, it } from 'vitest';
import { DeliveryKeys } from '../../../src/delivery/delivery-keys.js';

const refs = (...keys: string[]) => keys.map((key) => ({ key, bytes: key.length }));

describe('DeliveryKeys', () => {
  it('holds keys in flight, with their bytes, until released', () => {
    const keys = new DeliveryKeys({});
    const release = keys.hold(refs('a', 'bb'));
    expect([...keys.inFlight]).toEqual([
      ['a', 1],
      ['bb', 2],
    ]);
    expect([keys.unavailable.has('a'), keys.unavailable.has('c'), keys.unavailable.size, keys.idle]).toEqual([true, false, 2, false]);
    release();
    expect([keys.inFlight.size, keys.unavailable.size, keys.idle]).toEqual([0, 0, true]);
  });

  it('keeps keys held for the relay unavailable, and settles holdsDone once every hold was released', async () => {
    const keys = new DeliveryKeys({});
    const first = keys.holdKeys(['x', 'y']);
    const second = keys.holdKeys(['z']);
    let settled = false;
    void keys.holdsDone.then(() => (settled = true));
    expect([keys.unavailable.has('y'), keys.unavailable.size, keys.idle]).toEqual([true, 3, false]);
    first();
    await Promise.resolve();
    await Promise.resolve();
    expect([keys.unavailable.has('y'), keys.unavailable.size, settled]).toEqual([false, 1, false]);
    second();
    await keys.holdsDone;
    expect([settled, keys.idle]).toEqual([true, true]);
  });

  it('counts accepted and handed-off keys as sent, once each, and says each change', () => {
    let changes = 0;
    const keys = new DeliveryKeys({ onSentChange: () => (changes += 1) });
    keys.note(keys.accepted, refs('a', 'b'), true);
    keys.note(keys.handedOff, refs('b', 'c'), true);
    keys.note(keys.relayed, refs('r'), true);
    expect(keys.sent().sort()).toEqual(['a', 'b', 'c']);
    keys.note(keys.accepted, refs('a', 'b'), false);
    expect([keys.sent(), [...keys.relayed], changes]).toEqual([['b', 'c'], ['r'], 4]);
  });

  it('watches count what was accepted (records, requests) and put aside, up to a target, from their start until stopped', () => {
    const keys = new DeliveryKeys({});
    keys.saw(refs('0'), true); // before the watch: not counted
    const watch = keys.watch();
    keys.saw(refs('1', '2'), true);
    keys.saw(refs('3'), false);
    keys.saw(refs('4', '9'), true);
    expect(watch.result('4')).toEqual({ records: 3, batches: 2, deadLettered: 1 });
    expect(watch.result('2')).toEqual({ records: 2, batches: 1, deadLettered: 0 });
    expect(watch.result(undefined)).toEqual({ records: 0, batches: 0, deadLettered: 0 });
    watch.stop();
    keys.saw(refs('5'), true);
    expect(watch.result('9')).toEqual({ records: 4, batches: 2, deadLettered: 1 });
  });
});
