/**
 * A CMP as the IAB TCF v2.2 CMP API describes it, for the unit tests: `addEventListener` gives each
 * listener an id and calls it with the current TCData (once the CMP has one) and at each change;
 * `removeEventListener` takes the id. A consent target that records its `setConsent` calls.
 */
import type { ConsentState, ConsentTarget, TcData, TcfCallback } from '../../../src/tcf.js';

export interface FakeCmp {
  /** The `__tcfapi` function. */
  api(command: string, version: number, callback: TcfCallback, parameter?: unknown): void;
  /** Sends `tcData` (with each listener's id) to every listener, as the CMP does at a change. */
  emit(tcData: TcData | Record<string, unknown>, success?: boolean): void;
  /** The ids `removeEventListener` was called with. */
  readonly removed: unknown[];
  /** The listeners still registered. */
  readonly listeners: Map<number, TcfCallback>;
}

export function fakeCmp(current?: TcData): FakeCmp {
  const listeners = new Map<number, TcfCallback>();
  const removed: unknown[] = [];
  let next = 0;
  let state = current;
  return {
    listeners,
    removed,
    api(command, version, callback, parameter) {
      if (version !== 2) return callback(undefined, false);
      if (command === 'addEventListener') {
        const id = next++;
        listeners.set(id, callback);
        if (state) callback({ ...state, listenerId: id }, true);
      } else if (command === 'removeEventListener') {
        removed.push(parameter);
        callback(listeners.delete(parameter as number), true);
      } else callback(undefined, false);
    },
    emit(tcData, success = true) {
      state = tcData as TcData;
      for (const [id, callback] of listeners) callback({ ...tcData, listenerId: id }, success);
    },
  };
}

/** A TCData of a loaded CMP with GDPR applying, and these purposes' consent flags. */
export function tcData(eventStatus: string, consents: Record<number, boolean>): TcData {
  return { tcString: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA', eventStatus, cmpStatus: 'loaded', gdprApplies: true, purpose: { consents } };
}

/** A consent target starting at `consent`, recording each `setConsent`. */
export function recordingTarget(consent: ConsentState = 'pending'): ConsentTarget & { calls: ConsentState[] } {
  const calls: ConsentState[] = [];
  const target = { calls, consent };
  return Object.assign(target, {
    setConsent(state: ConsentState) {
      calls.push(state);
      target.consent = state;
    },
  });
}
