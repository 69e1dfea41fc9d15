import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS } from '../../../src/internal/time.js';
import { expiryTimer, settle, type ShowSession } from '../../../src/offers/show-session.js';
import type { OfferOutcome } from '../../../src/ui/index.js';

describe('expiryTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets no timer for an offer that never expires', () => {
    vi.useFakeTimers();
    expect(expiryTimer(Infinity, () => undefined)).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('calls back once the time left has passed, not before', () => {
    vi.useFakeTimers();
    const recheck = vi.fn();
    expiryTimer(1_000, recheck);
    vi.advanceTimersByTime(999);
    expect(recheck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recheck).toHaveBeenCalledTimes(1);
  });

  it('a time already past fires at once; a very long one waits at most MAX_TIMER_MS', () => {
    vi.useFakeTimers();
    const soon = vi.fn();
    expiryTimer(-5_000, soon);
    vi.advanceTimersByTime(0);
    expect(soon).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    expiryTimer(10 * MAX_TIMER_MS, late);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('settle', () => {
  const outcome: OfferOutcome = { action: 'closed', offerId: 1 };
  const session = (onEnd: ShowSession['onEnd']) => ({ onEnd }) as unknown as ShowSession;

  it('reports an opened showing, then resolves', () => {
    const order: string[] = [];
    settle(session((o, id) => order.push(`end ${o.action} ${id}`)), true, (o) => order.push(`resolve ${o.action}`), outcome, 'gems');
    expect(order).toEqual(['end closed gems', 'resolve closed']);
  });

  it('reports nothing for a showing never opened, and still resolves', () => {
    const onEnd = vi.fn();
    const resolve = vi.fn();
    settle(session(onEnd), false, resolve, outcome);
    expect(onEnd).not.toHaveBeenCalled();
    expect(resolve).toHaveBeenCalledWith(outcome);
  });

  it('resolves even when the report throws (and lets the error through)', () => {
    const resolve = vi.fn();
    const failing = session(() => {
      throw new Error('boom');
    });
    expect(() => settle(failing, true, resolve, outcome)).toThrow('boom');
    expect(resolve).toHaveBeenCalledWith(outcome);
  });
});
