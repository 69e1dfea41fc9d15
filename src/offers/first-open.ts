/**
 * The first-open update (spec: POST /offers), durable: the first open is saved with the offer's
 * state before anything is sent (local-state.ts), and every saved first open the service does not
 * have yet is sent once, with the time recorded at the open (not at the send). It runs in the
 * uploading tab only, under an upload scheduler (same backoff and `Retry-After` as uploads).
 *
 * @module
 */
import { UploadScheduler, type RetryInfo, type Transport, type Trigger } from '../delivery/index.js';
import { isTpError, pauseReason, type ServiceError, type TpError } from '../errors/index.js';
import type { OfferStates } from './offer-states.js';
import type { OffersDeps } from './contract.js';

/** The first-open updates of one engine. */
export interface FirstOpens {
  /** A first open was recorded (here or in another tab): send it. */
  opened(): void;
  kick(trigger: Trigger): void;
  stop(): void;
}

/** What the first-open updates use of the engine's dependencies: of the transport, POST /offers; of the emitter, `retry`. */
export interface FirstOpenDeps extends Pick<OffersDeps, 'retry' | 'gate' | 'onRetry'> {
  readonly transport: Pick<Transport, 'postFirstOpen'>;
  readonly emitter: { emit(event: 'retry', info: RetryInfo): unknown };
}

/**
 * Each pass sends every pending update (a first open recorded here, neither confirmed nor given
 * up), oldest open first. It fails with the first failure worth retrying (no answer, time-out,
 * 5xx, 408, 429, 403 `Invalid TPClientKey`, which also pauses uploads; a 200 that is not the
 * envelope), leaving it and the rest pending; an update refused with any other 4xx is marked as
 * given up and reported to `onError` (as are the failures).
 */
export function createFirstOpens(
  deps: FirstOpenDeps,
  states: Pick<OfferStates, 'all' | 'update' | 'inMemory'>,
  onError: (error: TpError) => void,
): FirstOpens {
  /** False only after a pass found nothing to send and nothing was opened since. */
  let mayHaveWork = true;
  const scheduler = new UploadScheduler({
    async run() {
      mayHaveWork = false;
      const pending = (await states.all())
        .filter(([, local]) => local.firstOpenedAt !== undefined && local.firstOpenSent !== true && local.firstOpenFailed === undefined)
        .sort(([, a], [, b]) => a.firstOpenedAt! - b.firstOpenedAt!);
      for (const [[playerSlug, offerId], local] of pending) {
        let refused: ServiceError | undefined;
        try {
          await deps.transport.postFirstOpen(offerId, playerSlug, local.firstOpenedAt!);
        } catch (error) {
          if (!givesUp(error)) {
            mayHaveWork = true;
            if (pauseReason(error)) deps.gate.pause(error as ServiceError);
            throw error;
          }
          refused = error as ServiceError;
        }
        await states.update(playerSlug, offerId, (s) => (refused ? { ...s, firstOpenFailed: `${refused.status} ${refused.reason}` } : { ...s, firstOpenSent: true }));
        if (refused) onError(refused);
      }
    },
    policy: deps.retry,
    gate: deps.gate,
    // The uploading tab sends every tab's updates; a tab whose states moved to memory (a sandboxed
    // iframe's refused IndexedDB) sends its own, which no other tab can see.
    hasWork: () => (deps.gate.leader() || states.inMemory) && mayHaveWork,
    onFailure: onError,
    onWillRetry: (info) => void deps.emitter.emit('retry', info),
    onRetry: deps.onRetry,
  });
  return {
    opened() {
      mayHaveWork = true;
      scheduler.kick('threshold');
    },
    kick: (trigger) => scheduler.kick(trigger),
    stop: () => scheduler.stop(),
  };
}

/** A 4xx other than 408, 429 and those that pause ({@link pauseReason}): sending the same update again cannot help. */
function givesUp(error: unknown): boolean {
  const e = error as ServiceError;
  return isTpError(error, 'service') && !e.retryable && !pauseReason(error);
}
