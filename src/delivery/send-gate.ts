/**
 * One answer to "may this tab send now?", built once per client and read by every sender: the
 * upload scheduler, the first-open scheduler, the uploader and the offer refresh. Consent is one of
 * its conditions.
 *
 * @module
 */
import type { ServiceError } from '../errors/index.js';

/**
 * Why a request must wait: no consent (or the client's data is being erased), the browser is
 * offline, the service paused uploads, the page unloads.
 */
export type GateClosed = 'no-consent' | 'offline' | 'paused' | 'unloading';

/** What the gate reads; each is asked at the moment a request would start. */
export interface SendGateSources {
  /**
   * The player's consent is `granted` and the client's storage is in use (not retired by a
   * withdrawal or `forget()`): the SDK may store and send.
   */
  readonly consented: () => boolean;
  /** The browser says it is online (`navigator.onLine`). */
  readonly online: () => boolean;
  /** This tab is the one that uploads for the game's tabs (docs/decisions.md, "Many tabs"). */
  readonly leader: () => boolean;
  /** Asks the tab lock again just before a request; false when another tab took over. */
  readonly confirmLeader: () => Promise<boolean>;
  /** Hears the first pause (a 403 `Invalid TPClientKey`, a 400 about the credential headers). */
  readonly onPause: (error: ServiceError) => void;
}

/** The gate: the reasons to wait, the pause the service asked for, and who uploads. */
export interface SendGate {
  /** The first reason a background request must not start now, or undefined when it may. */
  closed(): GateClosed | undefined;
  /** Consent is granted and the storage in use: false stops every request, even a `flush()`. */
  consented(): boolean;
  /** The browser says it is online. */
  online(): boolean;
  /** From `pagehide` until a `pageshow` brings the page back. */
  readonly unloading: boolean;
  /** The answer that paused sending, or undefined. */
  readonly paused: ServiceError | undefined;
  /** This tab is the uploading one. */
  leader(): boolean;
  /** Asks the tab lock again just before a request. */
  confirmLeader(): Promise<boolean>;
  /** Pauses sending after an answer that says the credentials are wrong; the first pause is heard. */
  pause(error: ServiceError): void;
  /** Lifts the pause (a new client key). */
  resume(): void;
  /** Marks the page as unloading (`pagehide`) or back (`pageshow` from the back/forward cache). */
  setUnloading(unloading: boolean): void;
}

/** Builds the gate of one client. */
export function createSendGate(sources: SendGateSources): SendGate {
  let paused: ServiceError | undefined;
  let unloading = false;
  return {
    closed: () => (!sources.consented() ? 'no-consent' : !sources.online() ? 'offline' : paused ? 'paused' : unloading ? 'unloading' : undefined),
    consented: sources.consented,
    online: sources.online,
    get unloading() {
      return unloading;
    },
    get paused() {
      return paused;
    },
    leader: sources.leader,
    confirmLeader: sources.confirmLeader,
    pause(error) {
      if (paused) return;
      paused = error;
      sources.onPause(error);
    },
    resume() {
      paused = undefined;
    },
    setUnloading(value) {
      unloading = value;
    },
  };
}
