/**
 * One answer to "may this tab send now?", built once per client and asked by every sender: each
 * kind of request has its question (`refuses…`), which names the reason it must wait, or the error
 * to fail with, and is undefined when it may go. The conditions are consent, the browser's
 * connectivity, the pause the service asked for and the page's unloading; each question reads
 * them in its own order, and no sender reads them one by one.
 *
 * @module
 */
import { ConsentError, NetworkError, type ServiceError } from '../errors/index.js';

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

/**
 * What the gate knows, as it is when read: for bookkeeping and reports only (what a request that
 * ended leaves behind, `stats()`). Whether a request may start is one of the gate's questions.
 */
export interface GateState {
  /** Consent is granted and the storage in use. */
  readonly consented: boolean;
  /** From `pagehide` until a `pageshow` brings the page back. */
  readonly unloading: boolean;
  /** The answer that paused sending, or undefined. */
  readonly paused: ServiceError | undefined;
}

/** The gate: a question per kind of request, the pause the service asked for, and who uploads. */
export interface SendGate {
  /**
   * A background pass (the upload scheduler's, the first-open scheduler's) may start: first
   * consent, then the connectivity, the pause, the page's unloading. Undefined when it may.
   */
  refusesBackgroundPass(): GateClosed | undefined;
  /** A pass that failed may schedule its own retry: not while the service paused uploads. */
  refusesRetry(): Extract<GateClosed, 'paused'> | undefined;
  /**
   * The game's `flush()` may start an upload (here, or in the uploading tab): the error it fails
   * with at once while offline, a `NetworkError` (endpoint `logs`).
   */
  refusesFlush(): NetworkError | undefined;
  /**
   * A drain of the queue (background or `flush()`) may begin: while uploads are paused, the answer
   * that paused them, which the drain fails with.
   */
  refusesDrain(): ServiceError | undefined;
  /**
   * The drain may send its next batch: a `ConsentError` (`denied`) when consent was withdrawn or
   * the data is being erased, then a `NetworkError` (endpoint `logs`) while the page unloads (a
   * batch sent then is cut off with the page, or delivered with its answer never seen, and sent
   * again by the next page). The drain fails with it; the batch stays queued.
   */
  refusesBatch(): ConsentError | NetworkError | undefined;
  /**
   * The unload upload (a keepalive request, or the service-worker relay, as the page is hidden or
   * goes) may leave: first the connectivity, then the pause.
   */
  refusesUnloadUpload(): Extract<GateClosed, 'offline' | 'paused'> | undefined;
  /** The probe (POST /logs with no records) may leave: first the connectivity, then the pause. */
  refusesProbe(): Extract<GateClosed, 'offline' | 'paused'> | undefined;
  /**
   * GET /offers may leave: the error it fails with at once while offline, a `NetworkError`
   * (endpoint `offers`); the device's copy stands in. The pause does not hold it.
   */
  refusesOffersFetch(): NetworkError | undefined;
  /**
   * What the gate knows, read live (each property is read at the moment it is asked), for
   * bookkeeping and reports: never read to decide whether a request may start.
   */
  readonly state: GateState;
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
  const offline = (): boolean => !sources.online();
  /** The unload upload's and the probe's answer. */
  const offlineOrPaused = (): 'offline' | 'paused' | undefined => (offline() ? 'offline' : paused ? 'paused' : undefined);
  /** One view read live: `enqueue` asks it on every `track()`, so nothing is made per read. */
  const state: GateState = {
    get consented() {
      return sources.consented();
    },
    get unloading() {
      return unloading;
    },
    get paused() {
      return paused;
    },
  };
  return {
    refusesBackgroundPass: () => (!sources.consented() ? 'no-consent' : offline() ? 'offline' : paused ? 'paused' : unloading ? 'unloading' : undefined),
    refusesRetry: () => (paused ? 'paused' : undefined),
    refusesFlush: () => (offline() ? new NetworkError('logs', new Error('the browser is offline')) : undefined),
    refusesDrain: () => paused,
    refusesBatch: () =>
      !sources.consented()
        ? new ConsentError('denied', 'consent was withdrawn, or the data is being erased')
        : unloading
          ? new NetworkError('logs', new Error('the page is being unloaded'))
          : undefined,
    refusesUnloadUpload: offlineOrPaused,
    refusesProbe: offlineOrPaused,
    refusesOffersFetch: () => (offline() ? new NetworkError('offers', new Error('the browser is offline')) : undefined),
    state,
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
