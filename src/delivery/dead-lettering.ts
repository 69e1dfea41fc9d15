/**
 * Puts records aside: into the dead-letter store, then out of the queue. The drain sends here a
 * batch the answer policy dead-letters, and an entry read back corrupt from storage.
 *
 * @module
 */
import { StorageError, type TpError } from '../errors/index.js';
import { createMemoryDeadLetterStore, type DeadLetter, type DeadLetterReason, type DeadLetterStore, type StoredEntry } from '../queue/index.js';
import type { DeliveryKeys } from './delivery-keys.js';
import type { UploaderOptions } from './uploader-contract.js';

type LetterOptions = Pick<UploaderOptions, 'deadLetters' | 'queue' | 'clock' | 'onDeadLetter' | 'onStorageError'>;

export class DeadLettering {
  #store: DeadLetterStore;
  #seq = 0;
  readonly #options: LetterOptions;
  readonly #keys: DeliveryKeys;

  constructor(options: LetterOptions, keys: DeliveryKeys) {
    this.#options = options;
    this.#store = options.deadLetters;
    this.#keys = keys;
  }

  /** The dead-letter store in use (memory after a failure of the one given). */
  get store(): DeadLetterStore {
    return this.#store;
  }

  /** Moves entries to the dead-letter store, then out of the queue (a crash in between keeps both copies). */
  async putAside(entries: readonly StoredEntry[], reason: DeadLetterReason, error: TpError): Promise<void> {
    const now = this.#options.clock();
    await this.#add({
      key: `${now.toString(36).padStart(9, '0')}:${(this.#seq++).toString(36)}:${entries[0]!.key}`,
      at: now,
      reason,
      entries: entries.map(({ objectName, record, enqueuedAt }) => ({ objectName, record, enqueuedAt })),
    });
    await this.#options.queue.remove(entries);
    this.#keys.saw(entries, false);
    this.#options.onDeadLetter({ records: entries.length, reason, error });
  }

  /** Adds `letter` to the store; when that fails, says so and continues in memory from then on. */
  async #add(letter: DeadLetter): Promise<void> {
    try {
      await this.#store.add(letter);
    } catch (cause) {
      this.#store = createMemoryDeadLetterStore();
      this.#options.onStorageError(new StorageError('dead-letter', cause));
      await this.#store.add(letter);
    }
  }
}
