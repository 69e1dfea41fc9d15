/**
 * consentFromTcf against a CMP that follows the IAB TCF v2.2 CMP API (fake-cmp.ts): what each
 * answer does to the consent, removing the listener, and nothing thrown into the game.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentFromTcf, type TcData } from '../../../src/tcf.js';
import { fakeCmp, recordingTarget, tcData } from './fake-cmp.js';

const GRANTS = { 1: true, 2: false, 8: true };

describe('the CMP answers', () => {
  it('tcloaded with purposes 1 and 8 consented: granted', () => {
    const target = recordingTarget();
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: fakeCmp(tcData('tcloaded', GRANTS)).api });
    expect(target.calls).toEqual(['granted']);
    expect(bridge.state).toBe('decided');
  });

  it.each([
    ['8 refused', { 1: true, 8: false }],
    ['1 refused', { 1: false, 8: true }],
    ['8 absent', { 1: true }],
    ['8 truthy but not true', { 1: true, 8: 1 as unknown as boolean }],
  ])('tcloaded with %s: denied', (_label, consents) => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, tcfapi: fakeCmp(tcData('tcloaded', consents)).api });
    expect(target.calls).toEqual(['denied']);
  });

  it('the purposes option replaces 1 and 8', () => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, purposes: [1, 2], tcfapi: fakeCmp(tcData('tcloaded', GRANTS)).api });
    expect(target.calls).toEqual(['denied']);
  });

  it('gdprApplies false: granted, with no purpose flags at all', () => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, tcfapi: fakeCmp({ eventStatus: 'tcloaded', cmpStatus: 'loaded', gdprApplies: false }).api });
    expect(target.calls).toEqual(['granted']);
  });

  it('cmpuishown (the dialog is up, nothing decided): stays pending, then the user decides', () => {
    const target = recordingTarget();
    const cmp = fakeCmp(tcData('cmpuishown', {}));
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    expect(target.calls).toEqual([]);
    expect(bridge.state).toBe('listening');
    cmp.emit(tcData('useractioncomplete', GRANTS));
    expect(target.calls).toEqual(['granted']);
  });

  it('a CMP still loading (no answer yet) leaves the consent as it is', () => {
    const target = recordingTarget();
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: fakeCmp().api });
    expect(target.calls).toEqual([]);
    expect(bridge.state).toBe('listening');
  });

  it('success false changes nothing, even with a TCData that would grant', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    cmp.emit(tcData('tcloaded', GRANTS), false);
    expect(target.calls).toEqual([]);
  });

  it('cmpStatus error changes nothing', () => {
    const target = recordingTarget();
    consentFromTcf(target, { settleMs: 0, tcfapi: fakeCmp({ ...tcData('tcloaded', GRANTS), cmpStatus: 'error' }).api });
    expect(target.calls).toEqual([]);
  });

  it('a later useractioncomplete after tcloaded changes the state, both ways', () => {
    const target = recordingTarget();
    const cmp = fakeCmp(tcData('tcloaded', { 1: true }));
    consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    cmp.emit(tcData('cmpuishown', { 1: true }));
    cmp.emit(tcData('useractioncomplete', GRANTS));
    cmp.emit(tcData('useractioncomplete', { 8: true }));
    expect(target.calls).toEqual(['denied', 'granted', 'denied']);
  });

  it('setConsent only when the state changes', () => {
    const target = recordingTarget('granted');
    const cmp = fakeCmp(tcData('tcloaded', GRANTS));
    consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    cmp.emit(tcData('useractioncomplete', GRANTS));
    expect(target.calls).toEqual([]);
    cmp.emit(tcData('useractioncomplete', {}));
    cmp.emit(tcData('useractioncomplete', {}));
    expect(target.calls).toEqual(['denied']);
  });
});

describe('stop()', () => {
  it('removes the listener with its listenerId; later answers change nothing', () => {
    const target = recordingTarget();
    const cmp = fakeCmp(tcData('cmpuishown', {}));
    cmp.api('addEventListener', 2, () => undefined); // another script's listener takes id 0
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    bridge.stop();
    bridge.stop();
    expect(cmp.removed).toEqual([1]);
    expect([...cmp.listeners.keys()]).toEqual([0]);
    expect(bridge.state).toBe('stopped');
    cmp.emit(tcData('useractioncomplete', GRANTS));
    expect(target.calls).toEqual([]);
  });

  it('before the CMP has answered: the listener is removed at its first answer', () => {
    const target = recordingTarget();
    const cmp = fakeCmp();
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: cmp.api });
    bridge.stop();
    expect(cmp.removed).toEqual([]);
    cmp.emit(tcData('tcloaded', GRANTS));
    expect(cmp.removed).toEqual([0]);
    expect(cmp.listeners.size).toBe(0);
    expect(target.calls).toEqual([]);
  });
});

describe('nothing is thrown into the game', () => {
  it('a __tcfapi that throws', () => {
    const target = recordingTarget();
    const bridge = consentFromTcf(target, {
      settleMs: 0,
      tcfapi: () => {
        throw new Error('CMP broken');
      },
    });
    expect(() => bridge.stop()).not.toThrow();
    expect(target.calls).toEqual([]);
  });

  it('a setConsent that throws', () => {
    const cmp = fakeCmp();
    const setConsent = vi.fn(() => {
      throw new Error('game bug');
    });
    consentFromTcf({ consent: 'pending', setConsent }, { settleMs: 0, tcfapi: cmp.api });
    expect(() => cmp.emit(tcData('tcloaded', GRANTS))).not.toThrow();
    expect(setConsent).toHaveBeenCalledWith('granted');
  });

  const throwing = new Proxy({}, {
    get() {
      throw new Error('getter');
    },
  });
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'tcloaded'],
    ['a number', 7],
    ['no purpose', { eventStatus: 'tcloaded', gdprApplies: true }],
    ['purpose null', { eventStatus: 'tcloaded', purpose: null }],
    ['consents null', { eventStatus: 'tcloaded', purpose: { consents: null } }],
    ['consents a string', { eventStatus: 'tcloaded', purpose: { consents: 'yes' } }],
    ['an unknown eventStatus', { eventStatus: 'granted', purpose: { consents: GRANTS } }],
    ['getters that throw', throwing],
    ['a purpose whose getter throws', { eventStatus: 'tcloaded', purpose: throwing }],
  ])('a TCData that is %s: unchanged', (_label, weird) => {
    const target = recordingTarget();
    let answer: ((tcData: unknown, success: boolean) => void) | undefined;
    const bridge = consentFromTcf(target, { settleMs: 0, tcfapi: (_command, _version, callback) => (answer = callback) });
    expect(() => answer!(weird, true)).not.toThrow();
    expect(target.calls).toEqual([]);
    expect(() => bridge.stop()).not.toThrow();
  });
});

describe('finding the CMP on the page', () => {
  const page = globalThis as { __tcfapi?: unknown };
  afterEach(() => {
    delete page.__tcfapi;
    vi.useRealTimers();
  });

  it('uses window.__tcfapi, and calls the CMP that replaced its stub to remove the listener', () => {
    const stubCalls: unknown[][] = [];
    page.__tcfapi = (...args: unknown[]) => stubCalls.push(args);
    const target = recordingTarget();
    const bridge = consentFromTcf(target, { settleMs: 0 });
    expect(stubCalls.map((c) => c[0])).toEqual(['addEventListener']);
    const cmp = fakeCmp();
    page.__tcfapi = cmp.api; // the CMP loaded and replaced the stub...
    cmp.api('addEventListener', 2, stubCalls[0]![2] as never); // ...and took over the stub's queue
    cmp.emit(tcData('tcloaded', GRANTS) as TcData);
    expect(target.calls).toEqual(['granted']);
    bridge.stop();
    expect(cmp.removed).toEqual([0]);
    expect(stubCalls).toHaveLength(1);
  });

  it('no CMP: no-cmp, consent untouched', () => {
    const target = recordingTarget();
    expect(consentFromTcf(target, { settleMs: 0 }).state).toBe('no-cmp');
    expect(target.calls).toEqual([]);
  });

  it('timeoutMs: a CMP that appears within it is used; past it, no-cmp and untouched', () => {
    vi.useFakeTimers();
    const late = recordingTarget();
    const never = recordingTarget();
    const found = consentFromTcf(late, { settleMs: 0, timeoutMs: 1_000 });
    const missing = consentFromTcf(never, { settleMs: 0, timeoutMs: 300 });
    expect(found.state).toBe('looking');
    vi.advanceTimersByTime(500);
    expect(missing.state).toBe('no-cmp');
    page.__tcfapi = fakeCmp(tcData('tcloaded', GRANTS)).api;
    vi.advanceTimersByTime(100);
    expect(found.state).toBe('decided');
    expect(late.calls).toEqual(['granted']);
    expect(never.calls).toEqual([]);
  });

  it('stop() while looking stops looking', () => {
    vi.useFakeTimers();
    const target = recordingTarget();
    const bridge = consentFromTcf(target, { settleMs: 0, timeoutMs: 1_000 });
    bridge.stop();
    page.__tcfapi = fakeCmp(tcData('tcloaded', GRANTS)).api;
    vi.advanceTimersByTime(1_000);
    expect(bridge.state).toBe('stopped');
    expect(target.calls).toEqual([]);
  });
});
