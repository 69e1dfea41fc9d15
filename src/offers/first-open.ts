/**
 * The first-open update (spec: POST /offers), durable: the first open is saved with the offer's
 * state before anything is sent (local-state.ts), and this sender sends every saved first open the
 * service does not have yet, once, with the time recorded at the open (not at the send). It runs
 * in the uploading tab only, under an upload scheduler (same backoff and `Retry-After` as uploads).
 *
 * @module
 */
import { isTpError, type ServiceError, type TpError } from '../errors/index.js';
import type { Transport } from '../delivery/index.js';
import type { OfferStateEntry } from './local-state.js';
import type { OfferStates } from './offer-states.js';

export interface FirstOpenSenderOptions {
  readonly transport: Transport;
  /** Where first opens are recorded, and marked sent. */
  readonly states: Pick<OfferStates, 'all' | 'update'>;
  /** The service refused an update for good (a 4xx that sending again cannot change); it is not sent again. */
  readonly onRefused: (error: TpError) => void;
}

/** An update not sent yet: a first open recorded here, neither confirmed nor given up. */
const isPending = ({ local }: OfferStateEntry): boolean =>
  local.firstOpenedAt !== undefined && local.firstOpenSent !== true && local.firstOpenFailed === undefined;

export class FirstOpenSender {
  readonly #options: FirstOpenSenderOptions;
  /** False only after a pass found nothing to send and nothing was opened since. */
  #mayHaveWork = true;

  constructor(options: FirstOpenSenderOptions) {
    this.#options = options;
  }

  /** Whether a pass could find something to send (cheap, synchronous). */
  get mayHaveWork(): boolean {
    return this.#mayHaveWork;
  }

  /** A first open was recorded (here or in another tab). */
  noteOpen(): void {
    this.#mayHaveWork = true;
  }

  /**
   * Sends every pending update, oldest open first. Rejects with the first failure worth retrying
   * (no answer, time-out, 5xx, 408, 429, 403 `Invalid TPClientKey`, a 200 that is not the
   * envelope), leaving it and the rest pending; marks an update refused with any other 4xx as
   * given up. Resolves with the number sent.
   */
  async sendPending(): Promise<number> {
    const { states } = this.#options;
    this.#mayHaveWork = false;
    const pending = (await states.all()).filter(isPending).sort((a, b) => a.local.firstOpenedAt! - b.local.firstOpenedAt!);
    let sent = 0;
    for (const entry of pending) {
      try {
        await this.#options.transport.postFirstOpen(entry.offerId, entry.playerSlug, entry.local.firstOpenedAt!);
      } catch (error) {
        if (!givesUp(error)) {
          this.#mayHaveWork = true;
          throw error;
        }
        const e = error as ServiceError;
        await states.update(entry.playerSlug, entry.offerId, (s) => ({ ...s, firstOpenFailed: `${e.status} ${e.reason}` }));
        this.#options.onRefused(e);
        continue;
      }
      await states.update(entry.playerSlug, entry.offerId, (s) => ({ ...s, firstOpenSent: true }));
      sent += 1;
    }
    return sent;
  }
}

/** A 4xx other than 408, 429 and 403 `Invalid TPClientKey`: sending the same update again cannot help. */
function givesUp(error: unknown): boolean {
  if (!isTpError(error, 'service')) return false;
  const e = error as ServiceError;
  if (e.retryable) return false;
  return !(e.status === 403 && e.reason === 'Invalid TPClientKey');
}
