/**
 * The service clock estimate: its offset and error bound from `Date` headers, the creation-time
 * lower bound, a device clock changed by hand, and validity decided on a skewed device.
 */
import { describe, expect, it } from 'vitest';
import { createServerClock } from '../../../src/internal/server-clock.js';
import { checkUsability, decodeOffer } from '../../../src/offers/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

const SERVICE_NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;
const httpDate = (ms: number): string => new Date(ms).toUTCString();

/** A device whose clock is `skewMs` off the service's (the player may change it), at service time `serviceNow()`. */
function device(skewMs: number) {
  let serviceNow = SERVICE_NOW;
  let skew = skewMs;
  return {
    clock: () => serviceNow + skew,
    setSkew: (ms: number) => void (skew = ms),
    advance: (ms: number) => void (serviceNow += ms),
    serviceNow: () => serviceNow,
    /** One request taking `rttMs`, answered halfway with the service's `Date` (whole seconds). */
    answer(rttMs: number) {
      const sentAt = serviceNow + skew;
      serviceNow += rttMs / 2;
      const date = httpDate(Math.floor(serviceNow / 1000) * 1000);
      serviceNow += rttMs / 2;
      return { date, sentAt, receivedAt: serviceNow + skew };
    },
  };
}

describe('ServerClock', () => {
  it('knows nothing before an answer: the device time, an unknown error bound', () => {
    const d = device(-3 * HOUR);
    const clock = createServerClock(d.clock);
    expect(clock.now()).toBe(d.clock());
    expect(clock.errorBoundMs).toBe(Infinity);
  });

  it('corrects a device three hours behind to within the stated bound after one answer', () => {
    const d = device(-3 * HOUR);
    const clock = createServerClock(d.clock);
    clock.observe(d.answer(200));
    expect(clock.errorBoundMs).toBeLessThanOrEqual((1000 + 200) / 2);
    expect(Math.abs(clock.now() - d.serviceNow())).toBeLessThanOrEqual(clock.errorBoundMs);
  });

  it('narrows the bound as answers arrive at different points of the second, and stays right', () => {
    const d = device(90 * 60_000 + 123);
    const clock = createServerClock(d.clock);
    const bounds: number[] = [];
    for (let i = 0; i < 20; i++) {
      d.advance(137); // answers land at different fractions of a second
      clock.observe(d.answer(40));
      bounds.push(clock.errorBoundMs);
      expect(Math.abs(clock.now() - d.serviceNow())).toBeLessThanOrEqual(clock.errorBoundMs + 1);
    }
    expect(bounds.at(-1)!).toBeLessThan(bounds[0]! / 4);
  });

  it('starts over when the device clock is changed by hand', () => {
    const d = device(-3 * HOUR);
    const clock = createServerClock(d.clock);
    clock.observe(d.answer(100));
    expect(Math.abs(clock.offsetMs - 3 * HOUR)).toBeLessThanOrEqual(clock.errorBoundMs);
    d.setSkew(0); // the player fixes the clock: the kept interval no longer fits the next answer
    clock.observe(d.answer(100));
    expect(Math.abs(clock.offsetMs)).toBeLessThanOrEqual(clock.errorBoundMs);
    expect(Math.abs(clock.now() - d.serviceNow())).toBeLessThanOrEqual(clock.errorBoundMs);
  });

  it('ignores an answer without a readable Date', () => {
    const d = device(-HOUR);
    const clock = createServerClock(d.clock);
    clock.observe({ date: null, sentAt: d.clock(), receivedAt: d.clock() });
    clock.observe({ date: 'yesterday', sentAt: d.clock(), receivedAt: d.clock() });
    expect(clock.offsetMs).toBe(0);
  });

  it('without Date, the newest offer creation time is a lower bound: a device behind is moved up to it', () => {
    const d = device(-3 * HOUR);
    const clock = createServerClock(d.clock);
    clock.observeAtLeast(SERVICE_NOW - 60_000);
    expect(clock.now()).toBe(SERVICE_NOW - 60_000);
    // A device that is ahead is not moved back by it.
    const ahead = device(HOUR);
    const clock2 = createServerClock(ahead.clock);
    clock2.observeAtLeast(SERVICE_NOW - 60_000);
    expect(clock2.offsetMs).toBe(0);
  });

  it('decides validity in service time: an offer expired an hour ago is expired on a device three hours behind', () => {
    const d = device(-3 * HOUR);
    const clock = createServerClock(d.clock);
    clock.observe(d.answer(150));
    const result = decodeOffer(offerRecord(1, personalizedBody, { valid_until: new Date(SERVICE_NOW - HOUR).toISOString() }));
    if (!result.ok) throw result.error;
    const ctx = { playerSlug: 'p-1', store: 'ios', local: undefined };
    expect(checkUsability(result.offer, { ...ctx, now: d.clock() }).usable).toBe(true); // what the device alone would say
    expect(checkUsability(result.offer, { ...ctx, now: clock.now() })).toEqual({ usable: false, reason: 'expired' });
  });

  it('and an offer valid for another hour is usable on a device three hours ahead', () => {
    const d = device(3 * HOUR);
    const clock = createServerClock(d.clock);
    clock.observe(d.answer(150));
    const result = decodeOffer(offerRecord(1, personalizedBody, { valid_until: new Date(SERVICE_NOW + HOUR).toISOString() }));
    if (!result.ok) throw result.error;
    const ctx = { playerSlug: 'p-1', store: 'ios', local: undefined };
    expect(checkUsability(result.offer, { ...ctx, now: d.clock() }).reason).toBe('expired');
    expect(checkUsability(result.offer, { ...ctx, now: clock.now() }).usable).toBe(true);
  });
});
