/**
 * {@link ValidationError}: a record that does not match its schema, with every issue found.
 *
 * @module
 */
import { TpError } from './tp-error.js';

/** One problem found in a record or an offer: where, and why. */
export interface ValidationIssue {
  /** Dotted path of the field, `recommendations[0].store` style; `''` for the record itself. */
  readonly path: string;
  /** What is wrong, in plain words. */
  readonly message: string;
  /** The validator's issue code (`invalid_type`, `too_big`, `unrecognized_keys`, …). */
  readonly code: string;
}

/**
 * A record given to `track` does not match its object kind's schema, or could not be read (a
 * getter or a Proxy trap threw: issue code `unreadable`, the thrown value in `cause`). Emitted as
 * an `invalid` event, or thrown by `track` when `invalidRecords` is `'throw'`.
 */
export class ValidationError extends TpError {
  /** The upload object kind the record was tracked as (`players_login`, …). */
  readonly objectName: string;
  /** Every problem found; never empty. */
  readonly issues: readonly ValidationIssue[];

  /**
   * @param cause - What reading the record threw (a getter, a Proxy trap), when that is why it
   *   is invalid; in `cause`.
   */
  constructor(objectName: string, issues: readonly ValidationIssue[], cause?: unknown) {
    const first = issues[0];
    const where = first ? `${first.path || '(record)'}: ${first.message}` : 'invalid record';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super('validation', `Invalid ${objectName} record: ${where}${more}`, cause === undefined ? undefined : { cause });
    this.name = 'ValidationError';
    this.objectName = objectName;
    this.issues = issues;
  }
}
