/**
 * The answer policy of POST /logs: what the drain does with a batch, given what came back for it
 * (spec: POST /logs, the failure table). A pure function; the drain (delivery/drain.ts) applies
 * its action. Add an answer rule here.
 *
 * @module
 */
import { isTpError, pauseReason, type ServiceError } from '../errors/index.js';

/**
 * What the drain does with a batch after its request:
 * - `deliver`: the service accepted it (200 with the success envelope); it leaves the queue.
 * - `split`: send it again in halves, first half first, down to single records: a record the
 *   service refuses does not take the others with it.
 * - `dead-letter`: put it aside in the dead-letter store, then take it out of the queue.
 * - `pause`: pause uploads (until `setClientKey()`, or a client with other options); it stays queued.
 * - `retry`: it stays queued and the drain fails with the error; a later pass sends it again
 *   (the scheduler retries a `retryable` failure by itself, any other at its next pass).
 */
export type AnswerAction = 'deliver' | 'split' | 'dead-letter' | 'pause' | 'retry';

/**
 * 400 reasons that are about the request's body as a whole, whatever records it carries: the
 * spec's POST /logs rows, and the reference service's `Invalid Body` (not gzip, UTF-8 or a JSON
 * object). Halving such a batch cannot help; any other 400 reason is taken to be about a record
 * in it, except the rows about the credential headers, which pause uploads ({@link pauseReason}).
 */
const WHOLE_REQUEST_400: ReadonlySet<string> = new Set(['Missing Body', 'Missing Content-Type', 'Unsupported Content Type', 'Invalid Body']);

/**
 * The action for a batch of `records` records whose request settled with `failure`: undefined when
 * the service accepted it, else what the request rejected with (a `ServiceError` for a non-200
 * status, a `NetworkError` or `ProtocolError`, or anything else thrown on the way).
 *
 * | what came back | action |
 * | --- | --- |
 * | the success envelope | `deliver` |
 * | 403 `Invalid TPClientKey` for the key in use, a 400 about the credential headers | `pause` |
 * | 413, or a 400 about a record (any other reason), to several records | `split` |
 * | the same to one record, or a 400 about the whole request to any batch | `dead-letter` |
 * | anything else: no answer, not the envelope, 5xx, 408, 429, 401, 404, another 403 | `retry` |
 */
export function answerAction(failure: { readonly error: unknown } | undefined, records: number): AnswerAction {
  if (!failure) return 'deliver';
  const { error } = failure;
  if (!isTpError(error, 'service')) return 'retry';
  if (pauseReason(error)) return 'pause';
  const { status, reason } = error as ServiceError;
  if (status !== 400 && status !== 413) return 'retry';
  return records > 1 && (status === 413 || !WHOLE_REQUEST_400.has(reason)) ? 'split' : 'dead-letter';
}
