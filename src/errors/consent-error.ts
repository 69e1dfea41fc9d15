/**
 * The refusal of a call that needs the player's consent.
 *
 * @module
 */
import { TpError } from './tp-error.js';

/**
 * Whether the player allowed the SDK to store data on the device and send it to the service:
 * `granted` (the default), `pending` (the game waits for its consent banner: records are held in
 * memory, nothing is stored or sent) or `denied` (nothing is kept, stored or sent).
 */
export type ConsentState = 'granted' | 'pending' | 'denied';

/**
 * A call that stores or sends was made without consent: `flush()` while consent is `pending`, or
 * an upload cut short because consent was withdrawn or the data was being erased (`forget()`).
 * Code `consent`.
 */
export class ConsentError extends TpError {
  /** The consent state when the call was refused. */
  readonly consent: ConsentState;

  constructor(consent: ConsentState, message: string) {
    super('consent', message);
    this.name = 'ConsentError';
    this.consent = consent;
  }
}
