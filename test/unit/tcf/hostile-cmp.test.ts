/**
 * consentFromTcf against a hostile or broken `__tcfapi`: flags the answer only inherits grant
 * nothing, answers that throw when read change nothing, and a CMP flapping between two answers
 * moves the consent at most once per settled change (the last answer of a quiet `settleMs` wins).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentFromTcf, type TcfApi } from '../../../src/tcf.js';
import { fakeCmp, recordingTarget, tcData } from './fake-cmp.js';

/** A `__tcfapi` that answers `addEventListener` with `answer` itself (not a copy: its prototype stays). */
const answering =
  (answer: unknown): TcfApi =>
  (command, _version, callback) => {
    if (command === 'addEventListener') callback(answer as never, true);
  };
const loaded = { eventStatus: 'tcloaded', cmpStatus: 'loaded', gdprApplies: true };

describe('only own properties grant', () => {
  it.each([
    ['purpose flags inherited (Object.create)', { ...loaded, purpose: { consents: Object.create({ 1: true, 8: true }) } }, ['denied']],
    ['gdprApplies: false inherited', Object.create({ gdprApplies: false, eventStatus: 'tcloaded' }), []],
    ['the purpose object inherited', Object.assign(Object.create({ purpose: { consents: { 1: true, 8: true } } }), loaded), []],
    ['the consents object inherited', { ...loaded, purpose: Object.create({ consents: { 1: true, 8: true } }) }, []],
    ['eventStatus inherited', Object.assign(Object.create({ eventStatus: 'tcloaded' }), { gdprApplies: true, purpose: { consents: { 1: true, 8: true } } }), []],
    ['one flag own, the other inherited', { ...loaded, purpose: { consents: Object.assign(Object.create({ 8: true }), { 1: true }) } }, ['denied']],
  ])('%s: not granted', (_label, answer, calls) => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, tcfapi: answering(answer) });
    expect(target.calls).toEqual(calls);
  });

  it('flags put on Object.prototype grant nothing', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto[1] = true;
    proto[8] = true;
    try {
      const target = recordingTarget();
      consentFromTcf(target, { settleMs: 0, tcfapi: answering({ ...loaded, purpose: { consents: {} } }) });
      expect(target.calls).toEqual(['denied']);
    } finally {
      delete proto[1];
      delete proto[8];
    }
  });

  it('own flags, as the CMP sends them, still grant (a null-prototype consents object too)', () => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, tcfapi: answering({ ...loaded, purpose: { consents: Object.assign(Object.create(null), { 1: true, 8: true }) } }) });
    expect(target.calls).toEqual(['granted']);
  });

  it.each([
    ['a getter that throws', Object.defineProperty({ ...loaded }, 'purpose', { get: () => { throw new Error('x'); } })],
    ['a Proxy whose traps throw', new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('x'); }, get: () => { throw new Error('x'); } })],
    ['a revoked Proxy', (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()],
  ])('an answer with %s: nothing thrown, consent unchanged', (_label, answer) => {
    const target = recordingTarget();
    expect(() => consentFromTcf(target, { settleMs: 0, tcfapi: answering(answer) })).not.toThrow();
    expect(target.calls).toEqual([]);
  });
});

describe('a flapping CMP', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const GRANT = tcData('useractioncomplete', { 1: true, 8: true });
  const DENY = tcData('useractioncomplete', { 1: false, 8: true });

  it('10,000 alternating answers at once: one setConsent, the last answer, 500 ms after it', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    const bridge = consentFromTcf(target, { tcfapi: cmp.api });
    for (let i = 0; i < 10_000; i++) cmp.emit(i % 2 ? GRANT : DENY); // ends on GRANT
    expect(target.calls).toEqual([]);
    vi.advanceTimersByTime(499);
    expect(target.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(target.calls).toEqual(['granted']);
    expect(bridge.state).toBe('decided');
    vi.advanceTimersByTime(10_000);
    expect(target.calls).toEqual(['granted']);
  });

  it('flapping that ends where it started: no setConsent at all (nothing erased)', () => {
    const target = recordingTarget('granted');
    const cmp = fakeCmp();
    consentFromTcf(target, { tcfapi: cmp.api });
    for (let i = 0; i < 10_000; i++) cmp.emit(i % 2 ? GRANT : DENY);
    vi.advanceTimersByTime(60_000);
    expect(target.calls).toEqual([]);
  });

  it('10,000 alternating answers 50 ms apart: at most one setConsent per 5 s (10 × settleMs), never one per answer', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    consentFromTcf(target, { tcfapi: cmp.api });
    for (let i = 0; i < 10_000; i++) {
      cmp.emit(i % 2 ? GRANT : DENY);
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(500);
    // 500 s of flapping.
    expect(target.calls.length).toBeLessThanOrEqual(500 / 5 + 1);
    expect(target.calls.at(-1)).toBe('granted');
  });

  it('two real changes, each settled: both applied, in order', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    consentFromTcf(target, { tcfapi: cmp.api });
    cmp.emit(GRANT);
    vi.advanceTimersByTime(500);
    cmp.emit(DENY);
    vi.advanceTimersByTime(200);
    cmp.emit(DENY); // the same answer again restarts the quiet time
    vi.advanceTimersByTime(499);
    expect(target.calls).toEqual(['granted']);
    vi.advanceTimersByTime(1);
    expect(target.calls).toEqual(['granted', 'denied']);
  });

  it('stop() while an answer is held: it is never applied', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    const bridge = consentFromTcf(target, { tcfapi: cmp.api });
    cmp.emit(DENY);
    bridge.stop();
    vi.advanceTimersByTime(10_000);
    expect(target.calls).toEqual([]);
  });
});
