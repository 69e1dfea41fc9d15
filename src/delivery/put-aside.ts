/**
 * Puts records aside: into the dead-letter store, then out of the queue. The drain sends here a
 * batch the answer policy dead-letters, and an entry read back corrupt from storage.
 *
 * @module
 */
import type { TpError } from '../errors/index.js';
import { withDeadLetterFallback, type DeadLetterReason, type DeadLetterStore, type StoredEntry } from '../queue/index.js';
import type { DeliveryKeys } from './delivery-keys.js';
import type { UploaderOptions } from './uploader-contract.js';

type LetterOptions = Pick<UploaderOptions, 'deadLetters' | 'queue' | 'clock' | 'onDeadLetter' | 'onStorageError'>;

export class DeadLettering {
  readonly #store: DeadLetterStore;
  #seq = 0;
  readonly #options: LetterOptions;
  readonly #keys: DeliveryKeys;

  constructor(options: LetterOptions, keys: DeliveryKeys) {
    this.#options = options;
    this.#store = withDeadLetterFallback(options.deadLetters, options.onStorageError);
    this.#keys = keys;
  }

  /** The dead-letter store, moved to memory when the one given fails (queue/dead-letter-store.ts). */
  get store(): DeadLetterStore {
    return this.#store;
  }

  /** Moves entries to the dead-letter store, then out of the queue (a crash in between keeps both copies). */
  async putAside(entries: readonly StoredEntry[], reason: DeadLetterReason, error: TpError): Promise<void> {
    const now = this.#options.clock();
    await this.#store.add({
      key: `${now.toString(36).padStart(9, '0')}:${(this.#seq++).toString(36)}:${entries[0]!.key}`,
      at: now,
      reason,
      entries: entries.map(({ objectName, record, enqueuedAt }) => ({ objectName, record, enqueuedAt })),
    });
    await this.#options.queue.remove(entries);
    this.#keys.unmarkUnseen(entries.map((e) => e.key));
    this.#keys.saw(entries, false);
    this.#options.onDeadLetter({ records: entries.length, reason, error });
  }
}
