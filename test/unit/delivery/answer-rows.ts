/**
 * The POST /logs answers the uploader tells apart, as a table: the answer policy's unit test reads
 * it, and so does the test that drives the uploader through each row (uploader-answers.test.ts).
 */
import type { AnswerAction } from '../../../src/delivery/answer-policy.js';

/** [status, reason, records in the batch, action]; the 403 rows answer the key still in use. */
export const SERVICE_ROWS: ReadonlyArray<readonly [number, string, number, AnswerAction]> = [
  // A 400 about a record: halved down to single records, then the one refused is put aside.
  [400, 'Invalid Record', 8, 'split'],
  [400, 'Invalid Record', 2, 'split'],
  [400, 'Invalid Record', 1, 'dead-letter'],
  [400, 'Invalid players_login', 3, 'split'],
  [400, 'Bad Request', 1, 'dead-letter'],
  // A 400 about the whole body: halving cannot help, whatever the batch.
  [400, 'Missing Body', 5, 'dead-letter'],
  [400, 'Missing Content-Type', 5, 'dead-letter'],
  [400, 'Unsupported Content Type', 5, 'dead-letter'],
  [400, 'Invalid Body', 5, 'dead-letter'],
  [400, 'Invalid Body', 1, 'dead-letter'],
  // A 400 about the credential headers, and the 403 for the key in use: uploads pause.
  [400, 'Missing Headers', 5, 'pause'],
  [400, 'Missing TPAuthMode', 1, 'pause'],
  [400, 'Invalid TPAuthMode', 5, 'pause'],
  [400, 'Missing TPClientKey', 1, 'pause'],
  [403, 'Invalid TPClientKey', 5, 'pause'],
  [403, 'Invalid TPClientKey', 1, 'pause'],
  // Too large: halved, and a single record too large is put aside.
  [413, 'Payload Too Large', 6, 'split'],
  [413, 'Payload Too Large', 1, 'dead-letter'],
  [413, 'Invalid Body', 6, 'split'], // a 413 is about size, whatever its reason
  // Anything else stays queued for a later pass.
  [403, 'Forbidden', 5, 'retry'],
  [401, 'Unauthorized', 5, 'retry'],
  [404, 'Not Found', 5, 'retry'],
  [408, 'Request Timeout', 5, 'retry'],
  [429, 'Too Many Requests', 5, 'retry'],
  [500, 'Internal Server Error', 5, 'retry'],
  [500, 'Invalid Record', 1, 'retry'],
  [502, 'Bad Gateway', 1, 'retry'],
  [503, 'Service Unavailable', 5, 'retry'],
];
