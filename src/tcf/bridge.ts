/**
 * `consentFromTcf`: listens to the page's CMP and moves the client's consent with its answers.
 */
import { consentOf, DEFAULT_PURPOSES, type ConsentState } from './decide.js';
import { findCmp, noop, type Cmp, type TcfApi } from './locate.js';

/**
 * What the bridge needs of the client: the client `createClient` returns is one. Any object with
 * these two members works (a test double, a game's own consent store).
 */
export interface ConsentTarget {
  /** The current state. */
  readonly consent: ConsentState;
  /** Moves to `state`. Called only when `state` differs from {@link ConsentTarget.consent}. */
  setConsent(state: ConsentState): void;
}

/** Options of {@link consentFromTcf}. */
export interface TcfOptions {
  /**
   * The TCF purpose ids that must all be consented to for `granted`. An empty list grants on
   * any decision. @default [1, 8]: 1 "store and/or access information on a device",
   * 8 "measure content performance"
   */
  readonly purposes?: readonly number[];
  /**
   * How long, in milliseconds, to keep looking for a CMP that is not on the page yet (every
   * 100 ms). When it passes without one, nothing changes: the client stays as it is (pending).
   * @default 0 (look once, at the call)
   */
  readonly timeoutMs?: number;
  /** The CMP's function to use instead of looking for one (`window.__tcfapi` or a frame's). */
  readonly tcfapi?: TcfApi;
  /**
   * How long, in milliseconds, the CMP's answers must be quiet before the last one is applied:
   * answers within it are coalesced and only the last counts, so a CMP that flaps between two
   * answers moves the consent (and erases the stored data on `denied`) at most once per settled
   * change. A CMP that never goes quiet has its last answer applied at the latest 10 times this
   * after the first one held. `0` applies each answer at once.
   * @default 500
   */
  readonly settleMs?: number;
}

/**
 * Where the bridge is: `'looking'` for a CMP (within `timeoutMs`), `'listening'` to one that has
 * not decided yet, `'decided'` (an answer set the consent at least once), `'no-cmp'` (none found:
 * consent untouched), `'stopped'`.
 */
export type TcfBridgeState = 'looking' | 'listening' | 'decided' | 'no-cmp' | 'stopped';

/** The running bridge, from {@link consentFromTcf}. */
export interface TcfBridge {
  /** Where the bridge is. */
  readonly state: TcfBridgeState;
  /**
   * Stops following the CMP: `__tcfapi('removeEventListener', 2, callback, listenerId)`. The
   * consent stays as it is. Calling it again does nothing.
   */
  stop(): void;
}

/** How often a missing CMP is looked for again, within `timeoutMs`. */
const LOOK_MS = 100;
/** {@link TcfOptions.settleMs}'s default. */
const SETTLE_MS = 500;
/** A held answer waits at most this many times `settleMs` for the CMP to go quiet. */
const MAX_HOLD = 10;

/**
 * Follows the page's CMP (IAB TCF v2.2 CMP API, `__tcfapi('addEventListener', 2, callback)`) and
 * sets `client`'s consent from each of its answers:
 *
 * | Answer (`tcData`, `success`) | Consent |
 * |---|---|
 * | none yet (no CMP, CMP loading, `eventStatus` `'cmpuishown'`) | unchanged (pending) |
 * | `gdprApplies: false` | `granted`: TCF says no consent is needed |
 * | `eventStatus` `'tcloaded'` or `'useractioncomplete'`, every purpose's `purpose.consents[id] === true` (own properties) | `granted` |
 * | the same, any purpose not `true` | `denied` |
 * | `success: false`, `cmpStatus: 'error'`, fields missing or malformed | unchanged |
 *
 * Only the answer's own properties count: a flag it inherits grants nothing. Answers are
 * coalesced: the last one applies once the CMP has been quiet for `settleMs` (500 ms by
 * default, {@link TcfOptions.settleMs}), and `setConsent` is called only when that changes the
 * state, so a CMP flapping between `granted` and `denied` moves the consent (and erases storage)
 * at most once per settled change. Nothing here throws into the game: a CMP, an answer's getter
 * or a `setConsent` that throws is caught and the answer ignored.
 *
 * The CMP is `window.__tcfapi` (its stub counts: answers come when the CMP has loaded), or else
 * one in an ancestor frame that holds a `__tcfapiLocator` frame, called by `postMessage`. With
 * neither, the consent is left as it is (see {@link TcfOptions.timeoutMs}).
 *
 * The TC string is not decoded, and legitimate interests, vendors and publisher restrictions are
 * not read: only the purposes' consent flags.
 */
export function consentFromTcf(client: ConsentTarget, options: TcfOptions = {}): TcfBridge {
  const purposes = options.purposes ?? DEFAULT_PURPOSES;
  const deadline = Date.now() + (options.timeoutMs ?? 0);
  let state: TcfBridgeState = 'looking';
  let cmp: Cmp | undefined;
  let listenerId: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settleMs = options.settleMs ?? SETTLE_MS;
  /** The last decisive answer not applied yet, when it came, and when the first of its run came. */
  let held: ConsentState | undefined;
  let heldAt = 0;
  let heldSince = 0;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  /** Applies the held answer (once the CMP is quiet, or has held it long enough). */
  const settle = (): void => {
    settleTimer = undefined;
    const now = Date.now();
    const wait = Math.min(heldAt + settleMs - now, heldSince + MAX_HOLD * settleMs - now);
    if (wait > 0) {
      settleTimer = setTimeout(settle, wait);
      return;
    }
    const next = held;
    held = undefined;
    if (next === undefined || state === 'stopped') return;
    state = 'decided';
    try {
      if (client.consent !== next) client.setConsent(next);
    } catch {
      // a throwing client: the consent stays as it is
    }
  };

  /** Removes the CMP listener, once its id is known. */
  const detach = (): void => {
    if (!cmp || listenerId === undefined) return;
    try {
      cmp.api('removeEventListener', 2, noop, listenerId);
    } catch {
      // the listener is gone with the CMP
    }
    cmp.release();
    cmp = undefined;
  };
  const onAnswer = (tcData: unknown, success: boolean): void => {
    try {
      const id = (tcData as { listenerId?: unknown } | null)?.listenerId;
      if (id !== undefined && id !== null) listenerId = id;
      if (state === 'stopped') return detach();
      const next = consentOf(tcData, success, purposes);
      if (next === undefined) return;
      const now = Date.now();
      if (held === undefined) heldSince = now;
      held = next;
      heldAt = now;
      // One timer for a run of answers: it looks again at when the last came before applying.
      if (settleMs <= 0) settle();
      else settleTimer ??= setTimeout(settle, settleMs);
    } catch {
      // a malformed answer or a throwing client: the consent stays as it is
    }
  };
  const look = (): void => {
    cmp = options.tcfapi ? { api: options.tcfapi, release: noop } : findCmp();
    if (!cmp) {
      if (Date.now() < deadline) timer = setTimeout(look, LOOK_MS);
      else state = 'no-cmp';
      return;
    }
    state = 'listening';
    try {
      cmp.api('addEventListener', 2, onAnswer);
    } catch {
      // a CMP that throws counts as one that has not answered
    }
  };
  look();
  return {
    get state() {
      return state;
    },
    stop() {
      if (state === 'stopped') return;
      state = 'stopped';
      clearTimeout(timer);
      clearTimeout(settleTimer);
      held = undefined;
      detach();
    },
  };
}
